/** The jobs board's and hiring stages' calls (server/modules/jobs). */
import type { z } from 'zod';
import type { IdAnswer } from '../../domain/answers';
import type { candidateSchema } from '../../domain/assessment';
import type { Board, BoardCard, Invitable, StageRow } from '../../resources/jobs/api';
import { del, enc, get, post, put } from './calls';

const job = (jobId: string) => `/api/jobs/${enc(jobId)}`;
const card = (cardId: string) => `/api/job-candidates/${enc(cardId)}`;
const STAGES = '/api/candidates/hiring-stages';
/** Staff name the client whose stages they manage; a client's user manages its own. */
const forClient = (clientId?: string) => (clientId ? { clientId } : {});

export const jobsApi = {
  getJobBoard: (jobId: string) => get<Board>(`${job(jobId)}/board`),
  /** The assessment's candidates who may join the job's board, searched by name or email. */
  getInvitable: (jobId: string, q: string) => get<Invitable[]>(`${job(jobId)}/invitable`, { q }),
  addToJob: (jobId: string, invitationId: string) => post<IdAnswer>(`${job(jobId)}/candidates`, { invitationId }),
  inviteToJob: (jobId: string, candidate: z.infer<typeof candidateSchema>) => post<IdAnswer>(`${job(jobId)}/invite`, candidate),
  moveCard: (cardId: string, stageId: string, position?: number) => post<BoardCard>(`${card(cardId)}/move`, { stageId, ...(position === undefined ? {} : { position }) }),
  /** Invites an applicant who came from the careers page to the job's assessment. */
  inviteCard: (cardId: string) => post<BoardCard>(`${card(cardId)}/invite`),
  removeCard: (cardId: string) => del<IdAnswer>(card(cardId)),
  getHiringStages: (clientId?: string) => get<StageRow[]>(STAGES, { clientId }),
  addHiringStage: (name: string, clientId?: string) => post<StageRow>(STAGES, { name, ...forClient(clientId) }),
  renameHiringStage: (stageId: string, name: string) => put<StageRow>(`${STAGES}/${enc(stageId)}`, { name }),
  deleteHiringStage: (stageId: string) => del<IdAnswer>(`${STAGES}/${enc(stageId)}`),
  reorderHiringStages: (ids: string[], clientId?: string) => put<StageRow[]>(`${STAGES}/reorder`, { ids, ...forClient(clientId) }),
};
