/** The assessments' calls beyond their list (server/modules/assessments, custom-questions). */
import type { AssessmentStatus } from '../../domain/assessment';
import type { AssessmentRecord, LanguageCheck, QuestionTitle } from '../../resources/assessments/api';
import { del, enc, get, post, put } from './calls';

const ASSESSMENTS = '/api/assessments';
const assessment = (assessmentId: string) => `${ASSESSMENTS}/${enc(assessmentId)}`;

export const assessmentsApi = {
  getAssessment: (assessmentId: string) => get<AssessmentRecord>(assessment(assessmentId)),
  /** Creates the assessment, or saves it when it has an id. */
  saveAssessment: (assessmentId: string | undefined, body: object) =>
    assessmentId ? put<AssessmentRecord>(assessment(assessmentId), body) : post<AssessmentRecord>(ASSESSMENTS, body),
  moveAssessment: (assessmentId: string, status: AssessmentStatus) => put(`${assessment(assessmentId)}/status`, { status }),
  copyAssessment: (assessmentId: string) => post<AssessmentRecord>(`${assessment(assessmentId)}/copy`),
  deleteAssessment: (assessmentId: string) => del(assessment(assessmentId)),
  /** The languages every question of this content has, and why the others are not offered. */
  checkLanguages: (content: object) => post<LanguageCheck>(`${ASSESSMENTS}/check-languages`, content),
  getCustomQuestion: (questionId: string) => get<QuestionTitle>(`/api/custom-questions/${enc(questionId)}`),
};
