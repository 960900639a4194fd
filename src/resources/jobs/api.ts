/**
 * What the jobs and hiring-stages calls answer (server/modules/jobs), as the screens read them, and
 * the addresses they call and lead to.
 */
import type { EmploymentType, JobStatus, NoticePeriod, WorkMode } from '../../domain/business';
import type { InvitationStatus } from '../../domain/attempt';
import type { ApplicationSource, InvitationNote, ScreeningAnswer, ScreeningQuestion } from '../../domain/careers';
import type { RatingBand } from '../../domain/content';

/** A row of GET /api/jobs. */
export interface JobRow {
  id: string;
  title: string;
  employmentType: EmploymentType;
  workMode: WorkMode;
  notice: NoticePeriod;
  experienceMin: number;
  experienceMax: number | null;
  locationId: string | null;
  locationName: string | null;
  openings: number;
  assessmentId: string | null;
  assessmentName: string | null;
  status: JobStatus;
  clientId: string | null;
  clientName: string | null;
  postedAt: string;
  closedAt: string | null;
  candidateCount: number;
}

/** GET /api/jobs/:id */
export interface JobRecord extends JobRow {
  descriptionHtml: string;
  screeningQuestions: ScreeningQuestion[];
}

export interface Stage {
  id: string;
  name: string;
  position: number;
}

/** A row of GET /api/candidates/hiring-stages. */
export interface StageRow extends Stage {
  clientId: string;
  candidateCount: number;
}

/** One line of a card's history: null from-stage is the candidate's arrival on the job. */
export interface StageMove {
  id: string;
  fromStage: string | null;
  toStage: string | null;
  movedBy: string | null;
  movedAt: string;
}

/** A candidate on a job's board. */
export interface BoardCard {
  id: string;
  candidateId: string;
  name: string;
  email: string;
  invitationId: string | null;
  invitationStatus: InvitationStatus | null;
  percent: number | null;
  band: RatingBand | null;
  stageId: string;
  position: number;
  addedAt: string;
  movedAt: string;
  /** Added on the board, or applied on the careers page (with answers, maybe a résumé). */
  source: ApplicationSource;
  screeningAnswers: ScreeningAnswer[] | null;
  /** The applicant's résumé once uploaded, to read it. */
  resumeUrl: string | null;
  /** Why an applicant has no invitation to the job's assessment. */
  invitationNote: InvitationNote | null;
  history: StageMove[];
}

/** GET /api/jobs/:id/board */
export interface Board {
  job: JobRecord;
  stages: Stage[];
  cards: BoardCard[];
}

/** A row of GET /api/jobs/:id/invitable. */
export interface Invitable {
  invitationId: string;
  candidateId: string;
  name: string;
  email: string;
  status: InvitationStatus;
  percent: number | null;
  band: RatingBand | null;
}

/** The board's data in the query cache: what a change to a card refreshes. */
export const boardQueryKey = (jobId: string) => ['jobBoard', jobId];

export const JOB_PATHS = {
  list: '/jobs',
  create: '/postJob',
  edit: (id: string) => `/postJob/${id}`,
  board: (id: string) => `/job-candidate/${id}`,
  stages: '/managehiringstages',
} as const;
