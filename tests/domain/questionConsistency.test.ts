/** Consistency pairs in the question schema and form: who may name a pair, which question may be named, what a restated question keeps. */
import { describe, expect, it } from 'vitest';
import { defaultQuestionValues, stepOfField, toFormValues, toPayload, type ApiQuestion } from '../../src/domain/questionForm';
import {
  CONSISTENCY_MESSAGES,
  questionDraftSchema,
  questionSchema,
  restatedByProblems,
  restatedQuestionProblem,
  type PairableQuestion,
} from '../../src/domain/questionSchema';
import { fieldErrors } from '../../src/domain/schemas';

const ORIGINAL = '00000000-0000-4000-8000-000000000001';
const SKILL = '00000000-0000-4000-8000-0000000000aa';

const likert = (extra: object = {}) => ({
  category: 'COMPETENCY',
  questionType: 'LIKERT',
  title: 'Takes credit',
  detail: { langWiseDetail: [{ language: 'en', detail: '<p>I take the credit for my team’s work.</p>' }] },
  primarySkill: SKILL,
  complexity: 'L2',
  answers: [
    { langWiseAnswer: [{ language: 'en', text: 'Always' }], value: 1 },
    { langWiseAnswer: [{ language: 'en', text: 'Never' }], value: 5 },
  ],
  ...extra,
});

/** The per-field messages of a body under the full and the draft schema. */
const errorsOf = (body: object) => {
  const full = questionSchema.safeParse(body);
  const draft = questionDraftSchema.safeParse(body);
  return { full: full.success ? {} : fieldErrors(full.error), draft: draft.success ? {} : fieldErrors(draft.error) };
};

describe('the schema: who may name a pair', () => {
  it('a consistency question may name the question it restates, or none yet', () => {
    expect(questionSchema.parse(likert({ isConsistencyQuestion: true, consistencyOf: ORIGINAL })).consistencyOf).toBe(ORIGINAL);
    expect(questionSchema.parse(likert({ isConsistencyQuestion: true })).consistencyOf).toBeUndefined();
    expect(questionSchema.parse(likert({ category: 'PERSONALITY', isConsistencyQuestion: true, consistencyOf: null })).isConsistencyQuestion).toBe(true);
  });

  it('only a consistency question names one, in drafts too', () => {
    const { full, draft } = errorsOf(likert({ consistencyOf: ORIGINAL }));
    expect(full).toEqual({ consistencyOf: CONSISTENCY_MESSAGES.onlyConsistency });
    expect(draft).toEqual({ consistencyOf: CONSISTENCY_MESSAGES.onlyConsistency });
    expect(CONSISTENCY_MESSAGES.onlyConsistency).toBe('Only a consistency question names a question it restates.');
  });

  it('aptitude and qualifying questions are not consistency questions', () => {
    expect(errorsOf(likert({ category: 'APTITUDE', isConsistencyQuestion: true })).full).toEqual({ isConsistencyQuestion: CONSISTENCY_MESSAGES.category });
    expect(errorsOf({ category: 'APTITUDE', title: 'Draft', isConsistencyQuestion: true }).draft).toEqual({ isConsistencyQuestion: CONSISTENCY_MESSAGES.category });
    expect(errorsOf(likert({ isQualifying: true, isConsistencyQuestion: true })).full).toEqual({ isConsistencyQuestion: CONSISTENCY_MESSAGES.qualifying });
    // Unticked, the flags say nothing.
    expect(errorsOf(likert({ category: 'APTITUDE', isQualifying: true })).draft).toEqual({});
  });

  it('an id that is not text is refused with the field’s message', () => {
    expect(errorsOf(likert({ isConsistencyQuestion: true, consistencyOf: 42 })).full).toEqual({ consistencyOf: CONSISTENCY_MESSAGES.missing });
  });
});

describe('which question may be restated', () => {
  const bank = (over: Partial<PairableQuestion> = {}): PairableQuestion => ({
    id: ORIGINAL,
    origin: 'BANK',
    clientId: null,
    testTypeId: SKILL,
    isConsistencyQuestion: false,
    isQualifying: false,
    ...over,
  });
  const self = { id: 'q-self', origin: 'BANK' as const, clientId: null, testTypeId: SKILL };

  it('another bank question of the same test type that is an original and scored', () => {
    expect(restatedQuestionProblem(self, bank())).toBeNull();
    expect(restatedQuestionProblem({ ...self, id: undefined }, bank())).toBeNull();
  });

  it('not a question that does not exist (for the person saving), nor itself', () => {
    expect(restatedQuestionProblem(self, undefined)).toBe(CONSISTENCY_MESSAGES.missing);
    expect(restatedQuestionProblem(self, bank({ id: 'q-self' }))).toBe(CONSISTENCY_MESSAGES.itself);
  });

  it('not one of another test type; a question without a primary skill restates nothing', () => {
    expect(restatedQuestionProblem(self, bank({ testTypeId: 'other-skill' }))).toBe(CONSISTENCY_MESSAGES.testType);
    expect(restatedQuestionProblem({ ...self, testTypeId: null }, bank({ testTypeId: null }))).toBe(CONSISTENCY_MESSAGES.testType);
  });

  it('bank questions restate bank questions; custom questions restate custom questions of the same client', () => {
    expect(restatedQuestionProblem(self, bank({ origin: 'CUSTOM', clientId: 'acme' }))).toBe(CONSISTENCY_MESSAGES.bankOnly);
    const custom = { ...self, origin: 'CUSTOM' as const, clientId: 'acme' };
    expect(restatedQuestionProblem(custom, bank())).toBe(CONSISTENCY_MESSAGES.customOnly);
    expect(restatedQuestionProblem(custom, bank({ origin: 'CUSTOM', clientId: 'globex' }))).toBe(CONSISTENCY_MESSAGES.customOnly);
    expect(restatedQuestionProblem(custom, bank({ origin: 'CUSTOM', clientId: null }))).toBe(CONSISTENCY_MESSAGES.customOnly);
    expect(restatedQuestionProblem(custom, bank({ origin: 'CUSTOM', clientId: 'acme' }))).toBeNull();
    // The library's own custom questions pair among themselves.
    expect(restatedQuestionProblem({ ...custom, clientId: null }, bank({ origin: 'CUSTOM', clientId: null }))).toBeNull();
  });

  it('pairs do not chain: not a consistency question; and not a qualifying question, which is not scored', () => {
    expect(restatedQuestionProblem(self, bank({ isConsistencyQuestion: true }))).toBe(CONSISTENCY_MESSAGES.chained);
    expect(restatedQuestionProblem(self, bank({ isQualifying: true }))).toBe(CONSISTENCY_MESSAGES.qualifyingTarget);
  });
});

describe('what a restated question keeps', () => {
  const original = { testTypeId: SKILL, isConsistencyQuestion: false, isQualifying: false };
  it('nothing to keep when no question restates it', () => {
    expect(restatedByProblems({ testTypeId: 'other', isConsistencyQuestion: true, isQualifying: true }, [])).toEqual({});
  });
  it('keeps the test type of those that restate it, stays scored and stays an original', () => {
    const restating = [{ testTypeId: SKILL }];
    expect(restatedByProblems(original, restating)).toEqual({});
    expect(restatedByProblems({ ...original, testTypeId: 'other' }, restating)).toEqual({ primarySkill: CONSISTENCY_MESSAGES.restatedSkill });
    expect(restatedByProblems({ ...original, testTypeId: null }, restating)).toEqual({ primarySkill: CONSISTENCY_MESSAGES.restatedSkill });
    expect(restatedByProblems({ ...original, isConsistencyQuestion: true, isQualifying: true }, restating)).toEqual({
      isConsistencyQuestion: CONSISTENCY_MESSAGES.restatedIsConsistency,
      isQualifying: CONSISTENCY_MESSAGES.restatedQualifying,
    });
  });
});

describe('the form', () => {
  const api = (over: Partial<ApiQuestion> = {}): ApiQuestion => ({
    ...(likert() as unknown as ApiQuestion),
    id: 'q1',
    status: 'DRAFTED',
    authorId: 'u1',
    secondarySkills: [],
    ansTitle: null,
    shuffle: true,
    mediaType: 'TEXT',
    mediaUrl: null,
    isConsistencyQuestion: true,
    consistencyOf: ORIGINAL,
    consistencyOfTitle: 'Shares credit',
    isQualifying: false,
    coding: null,
    ...over,
  });

  it('a new question names no pair', () => {
    expect(defaultQuestionValues()).toMatchObject({ isConsistencyQuestion: false, consistencyOf: null, consistencyOfTitle: null });
  });

  it('reads the pair and its title; sends the pair only for a consistency question, never the title', () => {
    const values = toFormValues(api());
    expect(values).toMatchObject({ consistencyOf: ORIGINAL, consistencyOfTitle: 'Shares credit' });
    const payload = toPayload(values);
    expect(payload.consistencyOf).toBe(ORIGINAL);
    expect(payload).not.toHaveProperty('consistencyOfTitle');
    expect(toPayload({ ...values, isConsistencyQuestion: false }).consistencyOf).toBeNull();
    expect(toPayload({ ...values, consistencyOf: '' }).consistencyOf).toBeNull();
    // A question from before pairs existed.
    expect(toFormValues(api({ consistencyOf: undefined, consistencyOfTitle: undefined }))).toMatchObject({ consistencyOf: null, consistencyOfTitle: null });
  });

  it('errors of the pair belong to the question step', () => {
    expect(stepOfField('consistencyOf')).toBe(0);
    expect(stepOfField('isConsistencyQuestion')).toBe(0);
  });
});
