/** A candidate's interview on a scorecard (server/modules/scorecards); the scorecards themselves are a simple-rest resource. */
import type { Interview, RatingInput } from '../../domain/scorecards';
import { enc, get, put } from './calls';

const interview = (scorecardId: string, cardId: string) => `/api/scorecards/${enc(scorecardId)}/candidates/${enc(cardId)}`;

export const scorecardsApi = {
  getInterview: (scorecardId: string, cardId: string) => get<Interview>(interview(scorecardId, cardId)),
  /** Saves the caller's ratings as a draft, or submits them (then the others' show). */
  rateCandidate: (scorecardId: string, cardId: string, input: RatingInput) => put<Interview>(interview(scorecardId, cardId), input),
};
