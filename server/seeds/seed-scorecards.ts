/**
 * The interview scorecards' demo: Acme's support job rates four competencies at its Interview
 * stage. Priya Sharma (now at Offer) has both interviewers' sheets; Mohammed Faiz (at Interview)
 * has the recruiter's only, so Acme's admin meets the blind sheet with one other submitted.
 */
import type { DB } from '../db/index';
import { competencyId } from '../../src/domain/scorecards';
import { insertScorecard, saveSheet } from '../modules/scorecards/queries';

const DAY = 86_400_000;
const COMPETENCIES = ['Empathy', 'Clarity of speech', 'Hindi and English fluency', 'Problem solving'];

/** Each sheet: the interviewer (0: Acme's admin, 1: its recruiter), the ratings in order, notes. */
const SHEETS: { candidate: string; interviewer: 0 | 1; ratings: number[]; notes: string[]; note: string; daysAgo: number }[] = [
  { candidate: 'Priya Sharma', interviewer: 1, ratings: [5, 4, 5, 4], notes: ['Calmed an angry caller in the role play', '', 'Switches languages with ease', ''], note: 'Strong hire for the day shift.', daysAgo: 12 },
  { candidate: 'Priya Sharma', interviewer: 0, ratings: [4, 4, 5, 3], notes: ['', 'Spoke slowly and clearly', '', 'Needed a hint on the warranty case'], note: 'Agree: offer.', daysAgo: 11 },
  { candidate: 'Mohammed Faiz', interviewer: 1, ratings: [3, 4, 4, 4], notes: ['Polite, a little hurried', '', '', 'Found the delivery fault quickly'], note: 'Worth a second round with the team lead.', daysAgo: 3 },
];

export async function seedScorecards(trx: DB, { jobId, interviewStageId, clientId, users }: { jobId: string; interviewStageId: string; clientId: string; users: string[] }) {
  const taken = new Set<string>();
  const competencies = COMPETENCIES.map((name) => {
    const id = competencyId(name, taken);
    taken.add(id);
    return { id, name };
  });
  const scorecardId = await insertScorecard(trx, { clientId, jobId, stageId: interviewStageId, competencies, createdBy: users[0]! });
  const cards = await trx
    .selectFrom('jobCandidates')
    .innerJoin('candidates', 'candidates.id', 'jobCandidates.candidateId')
    .select(['jobCandidates.id', 'candidates.name'])
    .where('jobCandidates.jobId', '=', jobId)
    .execute();
  for (const sheet of SHEETS) {
    const card = cards.find((c) => c.name === sheet.candidate);
    const interviewerId = users[sheet.interviewer];
    if (!card || !interviewerId) continue;
    const ratings = competencies.map((c, i) => ({ competencyId: c.id, rating: sheet.ratings[i]!, note: sheet.notes[i]! }));
    await saveSheet(trx, { scorecardId, cardId: card.id, interviewerId }, { ratings, note: sheet.note }, new Date(Date.now() - sheet.daysAgo * DAY));
  }
}
