/** The question bank's calls beyond its list (server/modules/questions, bulk-upload, code-runner, custom-questions). */
import type { AxiosProgressEvent } from 'axios';
import type { z } from 'zod';
import { XLSX_TYPE, type UploadReport } from '../../domain/bulkUpload';
import type { LanguageAvailability, RunResult } from '../../domain/codeRunner';
import type { TestCase } from '../../resources/questions/coding/codingValues';
import type { answerTitleAnswerSchema } from '../../domain/masterDataAnswers';
import type { customQuestionSchema, questionRecordSchema, questionRowSchema, restatableSchema } from '../../domain/questionAnswers';
import type { WorkflowAction } from '../../domain/questionWorkflow';
import { del, enc, get, post, put, withQuery } from './calls';

const question = (questionId: string) => `/api/questions/${enc(questionId)}`;
/** A 20 MB file validated row by row takes longer than the client's usual 30 s. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** GET /api/questions/:id: the question, its history, and the questions that restate it. */
export type QuestionRecord = z.input<typeof questionRecordSchema>;
/** A question as a list row, and as saving, moving or deleting it answers. */
export type QuestionRow = z.input<typeof questionRowSchema>;
/** A row of GET /api/questions/restatable. */
export type RestatableOption = z.input<typeof restatableSchema>;

export interface RestatableSearch {
  primarySkill: string;
  q: string;
  /** The question itself, never offered as its own restatement. */
  exclude?: string;
  /** A client's custom questions instead of the bank's. */
  custom: boolean;
  clientId?: string | null;
}

export interface RunInput {
  languageId: number;
  source: string;
  testCases: TestCase[];
  timeLimitMs?: number;
  memoryLimitMb?: number;
}

export const questionsApi = {
  getQuestion: (questionId: string) => get<QuestionRecord>(question(questionId)),
  /** Saves an existing question in place. */
  updateQuestion: (questionId: string, payload: object) => put<QuestionRow>(question(questionId), payload),
  /** Saves a new question (or a clone) as a draft, or sends it for review. */
  saveQuestion: (kind: 'draft' | 'save', payload: object) => post<QuestionRow>(kind === 'draft' ? '/api/question/draft' : '/api/question/save', payload),
  /** A client's own question, for its assessments only. */
  createCustomQuestion: (payload: object) => post<z.input<typeof customQuestionSchema>>('/api/custom-questions', payload),
  deleteQuestion: (questionId: string) => del(question(questionId)),
  /** Moves a question through review (submit, approve, reject with a reason, publish, retire). */
  moveQuestion: (questionId: string, action: WorkflowAction, reason?: string) => post<QuestionRow>(`${question(questionId)}/status`, { action, reason }),
  /** Questions that may be marked as restating this one. */
  getRestatable: ({ primarySkill, q, exclude, custom, clientId }: RestatableSearch) =>
    get<RestatableOption[]>('/api/questions/restatable', { primarySkill, q, exclude, origin: custom ? 'CUSTOM' : undefined, clientId: custom ? clientId : undefined }),
  getAnswerTitles: () => get<z.input<typeof answerTitleAnswerSchema>[]>('/api/answer-titles', { range: '[0,99]' }),
  /** Reads a CSV or Excel file of questions, answering what was imported and each refused row. */
  uploadQuestions: (file: File, signal: AbortSignal, onUploadProgress: (event: AxiosProgressEvent) => void) =>
    post<UploadReport>(withQuery('/api/questions/bulk-upload', { fileName: file.name }), file, {
      headers: { 'Content-Type': file.name.toLowerCase().endsWith('.xlsx') ? XLSX_TYPE : 'text/csv' },
      timeout: UPLOAD_TIMEOUT_MS,
      signal,
      onUploadProgress,
    }),
  /** The bulk upload's template, a CSV or Excel file with its header and an example row. */
  getQuestionTemplate: (format: 'csv' | 'xlsx') => get<Blob>('/api/questions/bulk-upload/template', { format }, { responseType: 'blob' }),
  /** Which programming languages the sandbox can run here. */
  getRunnableLanguages: () => get<LanguageAvailability[]>('/api/question/run-test/languages'),
  /** Runs an author's code against the question's test cases. */
  runCode: (input: RunInput) => post<RunResult>('/api/question/run-test', input),
};
