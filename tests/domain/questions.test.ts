import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_TYPES, ROLES } from '../../src/domain/constants';
import { CATEGORY_OF_KIND, DEFAULT_THRESHOLDS, QUESTION_STATUSES, RESPONSE_TYPES_BY_KIND, ratingBand, responseTypeProblem, TEST_TYPE_KINDS } from '../../src/domain/content';
import { mayEditQuestion, mayEditSomeQuestion } from '../../src/domain/questionWorkflow';
import { GUIDANCE_MAX_LENGTH, MESSAGES, questionDraftSchema, questionSchema } from '../../src/domain/questionSchema';
import { fieldErrors } from '../../src/domain/schemas';

const errorsOf = (value: unknown) => {
  const result = questionSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

const answer = (text: string, extra: object = {}) => ({ langWiseAnswer: [{ language: 'en', text }], ...extra });
const valid = {
  category: 'COMPETENCY',
  questionType: 'LIKERT',
  title: 'Handles conflict',
  detail: { langWiseDetail: [{ language: 'en', detail: '<p>When two colleagues disagree…</p>' }] },
  primarySkill: 'skill-1',
  complexity: 'L2',
  answers: [answer('Always', { value: 5 }), answer('Never', { value: 0.1 })],
};

describe('question schema', () => {
  it('accepts a complete question and fills the defaults', () => {
    const parsed = questionSchema.parse({ ...valid, questionType: undefined, answers: [answer('Yes', { isCorrect: true })] });
    expect(parsed.questionType).toBe('MULTIPLE_CHOICE');
    expect(parsed.shuffle).toBe(true);
    expect(parsed.ansTitle).toBe('Choose the option that relates with you the most');
  });

  it('says what is missing, word for word', () => {
    expect(errorsOf({ answers: [] })).toMatchObject({
      category: 'Category is required',
      title: 'Title is required',
      primarySkill: 'Primary skill is required',
      complexity: 'Complexity is required',
    });
    expect(errorsOf({ ...valid, questionType: 'NOPE' })).toEqual({ questionType: 'Question type is required' });
    expect(errorsOf({ ...valid, detail: { langWiseDetail: [{ language: '', detail: '<p></p>' }] } })).toEqual({
      'detail.langWiseDetail.0.language': 'Language is required',
      'detail.langWiseDetail.0.detail': 'Detail is required',
    });
    expect(errorsOf({ ...valid, answers: [] })).toEqual({ answers: 'At least one answer is required' });
    expect(errorsOf({ ...valid, answers: [answer(' ', { value: 1 })] })).toEqual({ 'answers.0.langWiseAnswer.0.text': 'Answer is required' });
    expect(errorsOf({ ...valid, answers: [answer('Often')] })).toEqual({ 'answers.0.value': 'Value is required' });
    expect(errorsOf({ ...valid, ansTitle: '' })).toEqual({ ansTitle: 'Answer title is required' });
  });

  it('keeps points between 0.1 and 10 in steps of 0.1', () => {
    for (const value of [0.1, 0.3, 5, 9.9, 10]) expect(errorsOf({ ...valid, answers: [answer('A', { value })] })).toEqual({});
    for (const value of [0, 0.05, 10.1, 1.25, -1]) expect(errorsOf({ ...valid, answers: [answer('A', { value })] })).toEqual({ 'answers.0.value': MESSAGES.points });
  });

  it('refuses a 13th answer', () => {
    const thirteen = Array.from({ length: 13 }, (_, i) => answer(`A${i}`, { value: 1 }));
    expect(errorsOf({ ...valid, answers: thirteen })).toEqual({ answers: 'You can provide maximum 12 answers' });
    expect(errorsOf({ ...valid, answers: thirteen.slice(0, 12) })).toEqual({});
    expect(questionDraftSchema.safeParse({ category: 'APTITUDE', title: 'x', answers: thirteen }).success).toBe(false);
  });

  it('needs a correct answer for correctness types and coding settings for coding questions', () => {
    expect(errorsOf({ ...valid, questionType: 'CORRECT_INCORRECT', answers: [answer('2'), answer('3')] })).toEqual({ answers: MESSAGES.correct });
    expect(errorsOf({ ...valid, questionType: 'CODING', answers: [] })).toEqual({ coding: 'Add the coding settings: languages and test cases' });
    const coding = { languages: [63], testCases: [{ input: '1 2', expectedOutput: '3' }] };
    expect(errorsOf({ ...valid, questionType: 'CODING', answers: [], coding })).toEqual({});
    expect(errorsOf({ ...valid, questionType: 'CODING', coding: { ...coding, languages: [99] } })).toEqual({ 'coding.languages.0': 'Unknown programming language' });
  });

  it('keeps a draft with only a category and a title', () => {
    expect(questionDraftSchema.safeParse({ category: 'APTITUDE', title: 'Work in progress' }).success).toBe(true);
    const result = questionDraftSchema.safeParse({ title: '' });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ category: 'Category is required', title: 'Title is required' });
  });
});

describe('content vocabulary', () => {
  it('allows the response types of section 5 per test type', () => {
    // Section 5's four, and short text (an extension, see below).
    expect(RESPONSE_TYPES_BY_KIND.COMPETENCY).toEqual(['LIKERT', 'MULTIPLE_CHOICE', 'RATING_SCALE', 'SINGLE_CHOICE', 'SHORT_TEXT']);
    for (const kind of ['ENNEAGRAM', 'SELF_MASTERY', 'WINGS_AND_LINES', 'HONESTY_AND_CONSISTENCY'] as const) expect(RESPONSE_TYPES_BY_KIND[kind]).toEqual(['SINGLE_CHOICE']);
    expect(RESPONSE_TYPES_BY_KIND.SELF_AWARENESS).toEqual(['SINGLE_CHOICE', 'RATING_SCALE']);
    expect(RESPONSE_TYPES_BY_KIND.STRESS).toEqual(['RATING_SCALE']);
    for (const kind of ['INSTINCT', 'MULTI_COMPETENCY', 'CENTRE_OF_EXPRESSION'] as const) expect(RESPONSE_TYPES_BY_KIND[kind]).toEqual(['SORTING_ORDER']);
    expect(RESPONSE_TYPES_BY_KIND.APTITUDE).toEqual(expect.arrayContaining(['CORRECT_INCORRECT', 'LIKERT', 'LIKERT_VARIANT', 'SORTING_ORDER', 'CODING']));
    for (const kind of TEST_TYPE_KINDS) expect(CATEGORY_OF_KIND[kind]).toBeDefined();
  });

  it('maps percentages onto rating bands with the default 80/60/40/20', () => {
    expect(DEFAULT_THRESHOLDS).toEqual({ high: 80, moderateHigh: 60, moderate: 40, lowModerate: 20 });
    expect([100, 80, 79.9, 60, 40, 20, 19.9, 0].map((p) => ratingBand(p))).toEqual([
      'HIGH', 'HIGH', 'MODERATE_HIGH', 'MODERATE_HIGH', 'MODERATE', 'LOW_MODERATE', 'LOW', 'LOW',
    ]);
    expect(ratingBand(70, { high: 90, moderateHigh: 70, moderate: 50, lowModerate: 30 })).toBe('MODERATE_HIGH');
  });
});

describe('short-text questions (an extension of section 5, like coding)', () => {
  const shortText = {
    ...valid,
    questionType: 'SHORT_TEXT',
    answers: [],
    maxPoints: 4,
    detail: {
      langWiseDetail: [
        { language: 'en', detail: '<p>Tell us about a deadline you rescued.</p>', guidance: '  A real example with a result: 4 points.  ' },
        { language: 'hi', detail: '<p>किसी समय-सीमा के बारे में बताइए।</p>' },
      ],
    },
  };

  it('competency and aptitude test types take them; no other kind does, and the refusal names what it takes', () => {
    expect(RESPONSE_TYPES_BY_KIND.COMPETENCY).toContain('SHORT_TEXT');
    expect(RESPONSE_TYPES_BY_KIND.APTITUDE).toContain('SHORT_TEXT');
    expect(TEST_TYPE_KINDS.filter((kind) => RESPONSE_TYPES_BY_KIND[kind].includes('SHORT_TEXT'))).toEqual(['COMPETENCY', 'APTITUDE']);
    expect(responseTypeProblem('COMPETENCY', 'SHORT_TEXT')).toBeNull();
    expect(responseTypeProblem('APTITUDE', 'SHORT_TEXT')).toBeNull();
    expect(responseTypeProblem('STRESS', 'SHORT_TEXT')).toBe('This test type takes Rating scale questions, not Short text.');
    expect(responseTypeProblem('SELF_AWARENESS', 'SHORT_TEXT')).toBe('This test type takes Single choice or Rating scale questions, not Short text.');
  });

  it('the schema accepts one without answers, keeping its points and the guidance for reviewers per language', () => {
    const parsed = questionSchema.safeParse(shortText);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ questionType: 'SHORT_TEXT', answers: [], maxPoints: 4 });
    expect(parsed.data!.detail.langWiseDetail).toEqual([
      { language: 'en', detail: '<p>Tell us about a deadline you rescued.</p>', guidance: 'A real example with a result: 4 points.' },
      { language: 'hi', detail: '<p>किसी समय-सीमा के बारे में बताइए।</p>' },
    ]);
    // No points given: the server stores 1, as scoring counts it.
    expect(errorsOf({ ...shortText, maxPoints: undefined })).toEqual({});
  });

  it('refuses answers to choose from, points outside 0.1 to 10 and overlong guidance, drafts too', () => {
    expect(errorsOf({ ...shortText, answers: [answer('Yes', { value: 1 })] })).toEqual({ answers: MESSAGES.shortTextAnswers });
    for (const maxPoints of [0, 10.5, 1.25]) expect(errorsOf({ ...shortText, maxPoints })).toEqual({ maxPoints: MESSAGES.points });
    const long = { language: 'en', detail: '<p>Why?</p>', guidance: 'x'.repeat(GUIDANCE_MAX_LENGTH + 1) };
    expect(errorsOf({ ...shortText, detail: { langWiseDetail: [long] } })).toEqual({ 'detail.langWiseDetail.0.guidance': MESSAGES.guidance });
    const draft = (extra: object) => questionDraftSchema.safeParse({ category: 'COMPETENCY', title: 'Half written', questionType: 'SHORT_TEXT', ...extra });
    expect(draft({ maxPoints: 12 }).success).toBe(false);
    expect(draft({ detail: { langWiseDetail: [long] } }).success).toBe(false);
    expect(draft({ maxPoints: 2, detail: { langWiseDetail: [{ language: 'en', detail: '', guidance: 'Look for a result.' }] } }).data?.detail.langWiseDetail[0].guidance).toBe('Look for a result.');
  });
});

describe('who may open a question to edit it, before it is read', () => {
  const permissions = (actions: ('view' | 'create' | 'edit' | 'delete')[]) => [
    { entity: 'QUESTIONS' as const, actions: { view: actions.includes('view'), create: actions.includes('create'), edit: actions.includes('edit'), delete: actions.includes('delete') } },
  ];
  const users = [
    ...ROLES.map((role) => ({ id: 'me', role, membershipType: null, permissions: [] })),
    ...MEMBERSHIP_TYPES.flatMap((membershipType) =>
      [[], ['view'], ['view', 'create'], ['view', 'edit'], ['view', 'create', 'edit']].map((actions) => ({ id: 'me', role: 'TEAM_MEMBER' as const, membershipType, permissions: permissions(actions as never) })),
    ),
  ];
  const questions = QUESTION_STATUSES.flatMap((status) => [
    { authorId: 'me', status },
    { authorId: 'someone else', status },
  ]);

  it('mayEditSomeQuestion is true exactly when some question is theirs to edit', () => {
    for (const user of users) expect([user.role, user.membershipType, mayEditSomeQuestion(user)]).toEqual([user.role, user.membershipType, questions.some((q) => mayEditQuestion(user, q))]);
    expect(mayEditSomeQuestion({ role: 'CLIENT', membershipType: null, permissions: [] })).toBe(false);
  });
});
