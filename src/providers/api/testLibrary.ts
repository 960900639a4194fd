/** The test library's calls beyond its list (server/modules/test-library). */
import type { TestStatistics } from '../../domain/itemStatistics';
import type { Preview } from '../../resources/test-library/TestViews';
import type { StoredTest } from '../../resources/test-library/TestWizard';
import type { DrawResult } from '../../resources/test-library/wizard/QuestionsStep';
import { enc, get, post, put } from './calls';

const test = (testId: string) => `/api/tests/${enc(testId)}`;

export interface DrawInput {
  primarySkill: string;
  count: number;
  complexity?: string[];
  secondarySkills?: string[];
  questionTypes?: string[];
  q?: string;
  /** Questions already in the test, never drawn again. */
  exclude?: string[];
}

export const testLibraryApi = {
  getTest: (testId: string) => get<StoredTest>(test(testId)),
  /** Creates the test, or saves it when it has an id. */
  saveTest: (testId: string | undefined, body: object) => (testId ? put<StoredTest>(test(testId), body) : post<StoredTest>('/api/tests', body)),
  /** The test as a candidate would read it, in every language. */
  previewTest: (testId: string) => get<Preview>(`${test(testId)}/preview`),
  getTestStatistics: (testId: string) => get<TestStatistics>(`${test(testId)}/statistics`),
  /** N random published questions of the filtered pool, to preview before they join the test. */
  drawQuestions: (input: DrawInput) => post<DrawResult>('/api/tests/draw', input),
};
