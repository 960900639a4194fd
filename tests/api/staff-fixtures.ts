/**
 * Content for the staff-side assessment tests (assessments, invitations): skills, published
 * questions in chosen languages, tests, qualifying and custom questions, assessments, all made
 * through the API as the people who make them.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import type { assessmentSchema } from '../../src/domain/assessment';
import type { TestServer } from './harness';

export const ADMIN = 'admin@skillgauge.demo';
export const ACME = 'client@acme.demo';
export const ACME_RECRUITER = 'recruiter@acme.demo';
export const GLOBEX = 'client@globex.demo';
export const USER = 'user@skillgauge.demo';

type Call = Parameters<TestServer['asUser']>[1];
/** Assessment fields as the wizard may send them (defaults left out). */
export type AssessmentFields = Partial<z.input<typeof assessmentSchema>>;

export function staffFixtures(server: TestServer) {
  const as = (email: string, options: Call) => server.asUser(email, options);
  const admin = (options: Call) => as(ADMIN, options);
  /** The data of a 200 answer (fails the test on anything else, showing the answer). */
  const ok = async (email: string, options: Call) => {
    const res = await as(email, options);
    expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(200);
    return res.json().data;
  };

  const skill = async (category: 'COMPETENCY' | 'APTITUDE', label: string) =>
    (await ok(ADMIN, { method: 'POST', url: '/api/skills', payload: { category, kind: category, label } })).id as string;

  const details = (title: string, languages: readonly string[]) => languages.map((language) => ({ language, detail: `<p>${title} (${language})?</p>` }));
  const answer = (text: string, languages: readonly string[], extra: object) => ({ langWiseAnswer: languages.map((language) => ({ language, text: `${text} ${language}` })), ...extra });

  /** A question body of the form: single choice by default, a coding question when asked. */
  const questionBody = (primarySkill: string, title: string, options: { languages?: readonly string[]; qualifying?: boolean; coding?: boolean } = {}) => {
    const languages = options.languages ?? ['en', 'hi'];
    if (options.coding)
      return {
        category: 'APTITUDE',
        questionType: 'CODING',
        title,
        detail: { langWiseDetail: details(title, languages) },
        primarySkill,
        complexity: 'L2',
        coding: { languages: [63], starterCode: { '63': '' }, testCases: [{ input: '1', expectedOutput: '1', points: 1, hidden: true }] },
      };
    return {
      category: 'COMPETENCY',
      questionType: 'SINGLE_CHOICE',
      title,
      detail: { langWiseDetail: details(title, languages) },
      primarySkill,
      complexity: 'L2',
      isQualifying: options.qualifying ?? false,
      answers: [answer('Yes', languages, { value: 3 }), answer('No', languages, { value: 1, ...(options.qualifying ? { disqualifies: true } : {}) })],
    };
  };

  /** A bank question, published unless told otherwise. */
  const question = async (primarySkill: string, title: string, options: { languages?: readonly string[]; qualifying?: boolean; coding?: boolean; publish?: boolean } = {}) => {
    const id = (await ok(ADMIN, { method: 'POST', url: '/api/questions', payload: questionBody(primarySkill, title, options) })).id as string;
    if (options.publish !== false) for (const action of ['approve', 'publish']) await ok(ADMIN, { method: 'POST', url: `/api/questions/${id}/status`, payload: { action } });
    return id;
  };

  const test = async (category: 'COMPETENCY' | 'APTITUDE', primarySkill: string, name: string, questionIds: string[], durationSeconds = 600) =>
    (await ok(ADMIN, { method: 'POST', url: '/api/tests', payload: { name, category, primarySkill, durationSeconds, questionIds } })).id as string;

  const customQuestion = async (email: string, primarySkill: string, title: string, options: { languages?: readonly string[]; clientId?: string | null } = {}) =>
    (await ok(email, { method: 'POST', url: '/api/custom-questions', payload: { ...questionBody(primarySkill, title, options), ...('clientId' in options ? { clientId: options.clientId } : {}) } }))
      .id as string;

  const assessmentBody = (extra: AssessmentFields = {}) => ({ name: 'Graduate hiring', type: 'INVITED', languages: ['en'], ...extra });
  const createAssessment = async (email: string, extra: AssessmentFields = {}) =>
    ok(email, { method: 'POST', url: '/api/assessments', payload: assessmentBody(extra) });
  const setStatus = (email: string, id: string, status: string) => as(email, { method: 'PUT', url: `/api/assessments/${id}/status`, payload: { status } });

  return { as, admin, ok, skill, question, questionBody, test, customQuestion, assessmentBody, createAssessment, setStatus };
}
