/**
 * What the assessments API answers (server/modules/assessments), as the screens read it, and the
 * addresses they call.
 */
import type { z } from 'zod';
import type { assessmentRecordSchema, assessmentRowSchema, languageCheckSchema, questionTitleSchema, testSummarySchema } from '../../domain/assessmentAnswers';

/** A test of the library as an assessment lists it. */
export type TestSummary = z.input<typeof testSummarySchema>;
/** A qualifying or custom question as an assessment lists it. */
export type QuestionTitle = z.input<typeof questionTitleSchema>;
/** A row of GET /api/assessments. */
export type AssessmentRow = z.input<typeof assessmentRowSchema>;
/** GET /api/assessments/:id */
export type AssessmentRecord = z.input<typeof assessmentRecordSchema>;
/** POST /api/assessments/check-languages: the languages every included question has, and why the others are not. */
export type LanguageCheck = z.input<typeof languageCheckSchema>;

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
