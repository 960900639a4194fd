import { describe, expect, it } from 'vitest';
import { QUESTION_STATUSES } from '../../src/domain/content';
import {
  alignAnswerLanguages,
  categoryFromParam,
  defaultQuestionValues,
  questionTypeFromParam,
  stepOfField,
  toFormValues,
  toPayload,
  topBarButtons,
  type ApiQuestion,
} from '../../src/domain/questionForm';
import { questionDraftSchema, questionSchema } from '../../src/domain/questionSchema';

describe('defaults of a new question (specification section 3)', () => {
  const values = defaultQuestionValues();
  it('is multiple choice, in English, Hindi and Bangla with empty detail, shuffled, with the default answer title', () => {
    expect(values.questionType).toBe('MULTIPLE_CHOICE');
    expect(values.detail.langWiseDetail).toEqual([
      { language: 'en', detail: '' },
      { language: 'hi', detail: '' },
      { language: 'bn', detail: '' },
    ]);
    expect(values.shuffle).toBe(true);
    expect(values.ansTitle).toBe('Choose the option that relates with you the most');
    expect(values.editLanguage).toBe('en');
    expect(values.answers).toEqual([]);
  });
  it('takes a category, a type and the qualifying flag from the route', () => {
    const preset = defaultQuestionValues({ category: 'APTITUDE', questionType: 'CODING', isQualifying: true });
    expect([preset.category, preset.questionType, preset.isQualifying]).toEqual(['APTITUDE', 'CODING', true]);
  });
});

describe('route parameters', () => {
  it('reads categories in any case and refuses others', () => {
    expect(categoryFromParam('aptitude')).toBe('APTITUDE');
    expect(categoryFromParam('Competency')).toBe('COMPETENCY');
    expect(categoryFromParam('sports')).toBeUndefined();
    expect(categoryFromParam(undefined)).toBeUndefined();
  });
  it('reads question types by name or by their number 1 to 9', () => {
    expect(questionTypeFromParam('single-choice')).toBe('SINGLE_CHOICE');
    expect(questionTypeFromParam('RATING_SCALE')).toBe('RATING_SCALE');
    expect(questionTypeFromParam('1')).toBe('MULTIPLE_CHOICE');
    expect(questionTypeFromParam('9')).toBe('CODING');
    expect(questionTypeFromParam('10')).toBeUndefined();
    expect(questionTypeFromParam('essay')).toBeUndefined();
  });
});

describe('top bar buttons (specification section 4)', () => {
  it.each(['CREATED', 'APPROVED', 'REJECTED'] as const)('a %s question shows Next and hides Save as draft and Save', (status) => {
    const b = topBarButtons({ mode: 'continue', status, step: 0, loading: false });
    expect(b).toMatchObject({ next: true, saveAsDraft: false, save: false });
  });
  it.each(['CREATED', 'APPROVED', 'REJECTED'] as const)('a %s question being cloned shows Save and Save as draft', (status) => {
    const b = topBarButtons({ mode: 'clone', status, step: 0, loading: false });
    expect(b).toMatchObject({ save: true, saveAsDraft: true });
  });
  it('a new question and a draft show Save and Save as draft', () => {
    expect(topBarButtons({ mode: 'create', step: 0, loading: false })).toMatchObject({ save: true, saveAsDraft: true, next: true, back: false, update: false });
    expect(topBarButtons({ mode: 'continue', status: 'DRAFTED', step: 0, loading: false })).toMatchObject({ save: true, saveAsDraft: true });
  });
  it('update mode hides the save buttons, whatever the status; Update saves on the last step', () => {
    for (const status of QUESTION_STATUSES) {
      expect(topBarButtons({ mode: 'update', status, step: 0, loading: false })).toMatchObject({ save: false, saveAsDraft: false, update: false, next: true });
      expect(topBarButtons({ mode: 'update', status, step: 1, loading: false })).toMatchObject({ save: false, saveAsDraft: false, update: true, next: false, back: true });
    }
  });
  it('buttons are disabled while loading', () => {
    expect(topBarButtons({ mode: 'create', step: 0, loading: true }).disabled).toBe(true);
    expect(topBarButtons({ mode: 'create', step: 0, loading: false }).disabled).toBe(false);
  });
});

const stored: ApiQuestion = {
  id: 'q-1',
  status: 'REJECTED',
  authorId: 'u-1',
  category: 'COMPETENCY',
  questionType: 'LIKERT',
  title: 'Helps others',
  detail: { langWiseDetail: [{ language: 'en', detail: '<p>Do you help?</p>' }, { language: 'hi', detail: '<p>क्या आप मदद करते हैं?</p>' }] },
  primarySkill: 's-1',
  complexity: 'L2',
  secondarySkills: ['ss-1'],
  answers: [{ langWiseAnswer: [{ language: 'en', text: 'Always' }], value: 5 }],
  ansTitle: null,
  shuffle: false,
  mediaType: 'TEXT',
  mediaUrl: null,
  isConsistencyQuestion: false,
  isQualifying: false,
  coding: null,
};

describe('conversions', () => {
  it('gives every answer a text per language of the question', () => {
    expect(alignAnswerLanguages([{ langWiseAnswer: [{ language: 'hi', text: 'हाँ' }] }], ['en', 'hi'])[0].langWiseAnswer).toEqual([
      { language: 'en', text: '' },
      { language: 'hi', text: 'हाँ' },
    ]);
  });
  it('reads a stored question into the form and back without losing anything', () => {
    const values = toFormValues(stored);
    expect(values.answers[0].langWiseAnswer).toEqual([
      { language: 'en', text: 'Always' },
      { language: 'hi', text: '' },
    ]);
    expect(values.ansTitle).toBe('Choose the option that relates with you the most');
    const payload = toPayload(values);
    expect(payload).not.toHaveProperty('editLanguage');
    expect(payload).toMatchObject({ title: 'Helps others', primarySkill: 's-1', complexity: 'L2', secondarySkills: ['ss-1'], shuffle: false, coding: null });
  });
  it('sends points for point types, a correct flag for correctness types and nothing for coding', () => {
    const values = { ...toFormValues(stored), answers: [{ langWiseAnswer: [{ language: 'en', text: 'A' }], value: 2, isCorrect: true, disqualifies: true }] };
    expect((toPayload(values).answers as object[])[0]).toEqual({ langWiseAnswer: [{ language: 'en', text: 'A' }], value: 2 });
    expect((toPayload({ ...values, questionType: 'MULTIPLE_CHOICE' }).answers as object[])[0]).toEqual({ langWiseAnswer: [{ language: 'en', text: 'A' }], isCorrect: true });
    expect((toPayload({ ...values, isQualifying: true }).answers as object[])[0]).toMatchObject({ disqualifies: true });
    expect(toPayload({ ...values, questionType: 'CODING' }).answers).toEqual([]);
  });
  it('sends only the languages an answer has text in; an answer with none is refused', () => {
    const values = toFormValues(stored);
    const payload = toPayload(values);
    expect((payload.answers as { langWiseAnswer: unknown[] }[])[0].langWiseAnswer).toEqual([{ language: 'en', text: 'Always' }]);
    const blank = toPayload({ ...values, answers: [{ langWiseAnswer: [{ language: 'en', text: '  ' }, { language: 'hi', text: '' }], value: 1 }] });
    const result = questionSchema.safeParse(blank);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['answers.0.langWiseAnswer', 'Answer is required']]);
  });
  it('drops the media address of a text-only question and sends empty choices as absent', () => {
    const payload = toPayload({ ...defaultQuestionValues(), mediaUrl: 'https://example.com/a.png' });
    expect(payload.mediaUrl).toBeNull();
    expect(payload.category).toBeUndefined();
    expect(payload.primarySkill).toBeUndefined();
  });
  it('a new form validates as a draft once it has a category and a title, and as a question only when complete', () => {
    const draft = toPayload({ ...defaultQuestionValues({ category: 'COMPETENCY' }), title: 'T' });
    expect(questionDraftSchema.safeParse(draft).success).toBe(true);
    const full = questionSchema.safeParse(draft);
    expect(full.success).toBe(false);
    const messages = full.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Primary skill is required', 'Complexity is required', 'Detail is required']));
  });
  it('a complete question without answers asks for one', () => {
    const values = { ...toFormValues(stored), answers: [] };
    const result = questionSchema.safeParse(toPayload(values));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['answers', 'At least one answer is required']]);
  });
});

describe('steps', () => {
  it('puts the question fields on the first step and the answers on the second', () => {
    expect(stepOfField('title')).toBe(0);
    expect(stepOfField('detail.langWiseDetail.1.detail')).toBe(0);
    expect(stepOfField('answers.3.value')).toBe(1);
    expect(stepOfField('ansTitle')).toBe(1);
    expect(stepOfField('coding.testCases')).toBe(1);
  });
  it('puts a short-text question’s points and guidance for reviewers on the second step', () => {
    expect(stepOfField('maxPoints')).toBe(1);
    expect(stepOfField('detail.langWiseDetail.1.guidance')).toBe(1);
  });
});

describe('a short-text question', () => {
  const shortText: ApiQuestion = {
    ...stored,
    questionType: 'SHORT_TEXT',
    answers: [],
    maxPoints: 3,
    detail: {
      langWiseDetail: [
        { language: 'en', detail: '<p>Why this role?</p>', guidance: 'Names something of the role: 3 points.' },
        { language: 'hi', detail: '<p>यह भूमिका क्यों?</p>' },
      ],
    },
  };
  it('reads its points and guidance into the form and sends them back, without answers', () => {
    const values = toFormValues(shortText);
    expect(values.maxPoints).toBe(3);
    expect(values.detail.langWiseDetail[0].guidance).toBe('Names something of the role: 3 points.');
    const payload = toPayload({ ...values, detail: { langWiseDetail: [values.detail.langWiseDetail[0], { ...values.detail.langWiseDetail[1], guidance: '  ' }] } });
    expect(payload).toMatchObject({ questionType: 'SHORT_TEXT', maxPoints: 3, answers: [] });
    expect(payload.detail).toEqual({
      langWiseDetail: [
        { language: 'en', detail: '<p>Why this role?</p>', guidance: 'Names something of the role: 3 points.' },
        { language: 'hi', detail: '<p>यह भूमिका क्यों?</p>' },
      ],
    });
    expect(questionSchema.safeParse(payload).error?.issues ?? []).toEqual([]);
  });
  it('starts at 1 point; another type sends neither points nor guidance', () => {
    expect(defaultQuestionValues({ questionType: 'SHORT_TEXT' }).maxPoints).toBe(1);
    expect(toFormValues({ ...shortText, maxPoints: null }).maxPoints).toBe(1);
    const likert = toPayload({ ...toFormValues(shortText), questionType: 'LIKERT' });
    expect(likert).not.toHaveProperty('maxPoints');
    expect(likert.detail).toEqual({ langWiseDetail: [{ language: 'en', detail: '<p>Why this role?</p>' }, { language: 'hi', detail: '<p>यह भूमिका क्यों?</p>' }] });
  });
});
