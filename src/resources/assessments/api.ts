/**
 * What the assessments API answers (server/modules/assessments), as the screens read it, and the
 * addresses they call.
 */
import type { AssessmentStatus, AssessmentType, ProctoringSettings, VideoQuestion } from '../../domain/assessment';
import type { InvitationStatus } from '../../domain/attempt';
import type { NameTranslation } from '../../domain/language';

/** A test of the library as an assessment lists it. */
export interface TestSummary {
  id: string;
  name: string;
  category: string;
  durationSeconds: number;
  questionCount: number;
}

/** A qualifying or custom question as an assessment lists it. */
export interface QuestionTitle {
  id: string;
  title: string;
  questionType?: string;
}

/** A row of GET /api/assessments. */
export interface AssessmentRow {
  id: string;
  name: string;
  type: AssessmentType;
  status: AssessmentStatus;
  clientId: string | null;
  clientName: string | null;
  languages: string[];
  testCount: number;
  invitationCount: number;
  completedCount: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/assessments/:id */
export interface AssessmentRecord extends AssessmentRow {
  description: string | null;
  translations: NameTranslation[];
  testIds: string[];
  qualifyingQuestionIds: string[];
  customQuestionIds: string[];
  videoQuestions: VideoQuestion[];
  totalTimeSeconds: number | null;
  validFrom: string | null;
  validUntil: string | null;
  proctoring: ProctoringSettings;
  tests: TestSummary[];
  qualifyingQuestions: QuestionTitle[];
  customQuestions: QuestionTitle[];
  /** The shareable address (Public Link assessments only). */
  publicLink: string | null;
  /** Invitations past PENDING. */
  attemptCount: number;
  /** Has attempts: its content can no longer change. */
  locked: boolean;
  hasCoding: boolean;
  estimatedMinutes: number;
  invitationCounts: Record<InvitationStatus, number>;
}

/** POST /api/assessments/check-languages: the languages every included question has, and why the others are not. */
export interface LanguageCheck {
  available: string[];
  missing: { language: string; questionTitles: string[] }[];
}

/** Where each screen of an assessment lives (specification section 2). */
export const ASSESSMENT_PATHS = {
  mine: '/assessment',
  library: '/assessments',
  createForClient: '/assessment/create-assessment',
  createInLibrary: '/new-assessment',
  view: (id: string) => `/assessment/view-assessment/${id}`,
  edit: (id: string) => `/editAssessment/${id}`,
  invite: (assessmentId?: string) => `/assessment/invite-candidate${assessmentId ? `?assessmentId=${encodeURIComponent(assessmentId)}` : ''}`,
  candidates: (id: string) => `/viewcandidatelist/${id}`,
} as const;

/**
 * The wizard writes a custom question at /new-question/custom?returnTo=<its own address> (and
 * clientId=<the owner>, when provider staff write one for a client's assessment); the question
 * form comes back there with the saved question's id added as customQuestionId.
 */
export const CUSTOM_QUESTION_PARAMS = { returnTo: 'returnTo', saved: 'customQuestionId', clientId: 'clientId' } as const;
