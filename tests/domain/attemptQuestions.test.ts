import { describe, expect, it } from 'vitest';
import { englishOf, MESSAGES, type MessageParams } from '../../src/domain/messages';
import {
  answerSchemaFor,
  candidateQuestion,
  candidateVideoQuestion,
  disqualifies,
  SHORT_TEXT_MAX_LENGTH,
  validateAnswer,
  toCandidateAnswer,
  toStoredAnswer,
  type AnswerMessageCode,
  type CandidateQuestion,
  type OptionNamer,
  type StoredQuestion,
} from '../../src/domain/attemptQuestions';
import type { QuestionType } from '../../src/domain/content';

const text = (en: string, hi = `${en} (hi)`) => [
  { language: 'en', text: en },
  { language: 'hi', text: hi },
];

const stored = (questionType: QuestionType, over: Partial<StoredQuestion> = {}): StoredQuestion => ({
  id: `q-${questionType}`,
  title: 'Internal title',
  questionType,
  details: [
    { language: 'en', detail: '<p>Which?</p>' },
    { language: 'hi', detail: '<p>कौन सा?</p>' },
  ],
  answers: ['A', 'B', 'C', 'D', 'E', 'F'].map((t, i) => ({ langWiseAnswer: text(t), value: i + 1, isCorrect: i === 2 })),
  answerTitle: 'Choose the option that relates with you the most',
  mediaType: 'TEXT',
  mediaUrl: null,
  shuffle: true,
  isQualifying: false,
  coding: null,
  maxPoints: 6,
  reportContent: { HIGH: 'Writes well under pressure' },
  ...over,
});

const coding = stored('CODING', {
  answers: [],
  coding: {
    languages: [63, 70],
    starterCode: { '63': '// js', '70': '# py', '62': '// java, not allowed here' },
    testCases: [
      { input: '1 2', expectedOutput: '3', points: 1, hidden: false },
      { input: '40 2', expectedOutput: '42', points: 5, hidden: true },
    ],
    timeLimitMs: 2000,
    memoryLimitMb: 128,
  },
});

/** Names options by their stored position, so that tests can say which is which (the server's namer is opaque). */
const nameOption: OptionNamer = (_questionId, index) => `o${index}`;
const view = (q: StoredQuestion, seed = 'attempt-1', language = 'en') => candidateQuestion(q, seed, language, nameOption);
const positions = (q: { options: { id: string }[] }) => q.options.map((o) => Number(o.id.slice(1)));

describe('what a candidate may see', () => {
  it('carries no points, correct or disqualifying flags, hidden cases or report content', () => {
    const qualifying = stored('SINGLE_CHOICE', {
      isQualifying: true,
      answers: [
        { langWiseAnswer: text('Yes'), value: 1 },
        { langWiseAnswer: text('No'), value: 1, disqualifies: true },
      ],
    });
    for (const q of [stored('MULTIPLE_CHOICE'), stored('CORRECT_INCORRECT'), stored('LIKERT'), qualifying, coding]) {
      const json = JSON.stringify(view(q));
      for (const secret of ['value', 'isCorrect', 'disqualifies', 'points', 'maxPoints', 'reportContent', 'Writes well', 'hidden', '"42"', '40 2', 'Internal title', 'timeLimitMs']) {
        expect(json, `${q.questionType} leaks ${secret}`).not.toContain(secret);
      }
    }
  });

  it('keeps the visible coding examples and the starter code of the allowed languages only', () => {
    expect(view(coding).coding).toEqual({ languages: [63, 70], starterCode: { '63': '// js', '70': '# py' }, examples: [{ input: '1 2', expectedOutput: '3' }] });
    expect(view(coding).options).toEqual([]);
    expect(view(stored('SINGLE_CHOICE')).coding).toBeNull();
  });

  it('shows the question and its options in the attempt language, falling back to English', () => {
    const hi = view(stored('LIKERT'), 'attempt-1', 'hi');
    expect(hi.text).toBe('<p>कौन सा?</p>');
    expect(hi.options[0]).toEqual({ id: 'o0', text: 'A (hi)' });
    expect(hi.answerTitle).toBe('वह विकल्प चुनें जो आपसे सबसे अधिक मेल खाता है');
    const bn = view(stored('LIKERT'), 'attempt-1', 'bn');
    expect(bn.text).toBe('<p>Which?</p>');
    expect(bn.options[0].text).toBe('A');
  });

  it('keeps a scale in order and shuffles choices by the attempt seed, the same way every time', () => {
    expect(positions(view(stored('LIKERT')))).toEqual([0, 1, 2, 3, 4, 5]);
    const order = (seed: string) => positions(view(stored('SINGLE_CHOICE'), seed)).join();
    expect(order('attempt-1')).toBe(order('attempt-1'));
    const orders = new Set(Array.from({ length: 12 }, (_, i) => order(`attempt-${i}`)));
    expect(orders.size).toBeGreaterThan(6);
    expect(positions(view(stored('SINGLE_CHOICE', { shuffle: false })))).toEqual([0, 1, 2, 3, 4, 5]);
    // Each option keeps its name (what the answer refers to) and its own text wherever it lands.
    for (const o of view(stored('SORTING_ORDER'), 'attempt-7').options) expect(o.text).toBe('ABCDEF'[Number(o.id.slice(1))]);
    // A sorting question is shuffled even when its flag is off: its stored order is its key.
    const sortings = Array.from({ length: 6 }, (_, i) => positions(view(stored('SORTING_ORDER', { shuffle: false }), `attempt-${i}`)).join());
    expect(sortings.some((o) => o !== '0,1,2,3,4,5')).toBe(true);
  });

  it('names each option by the namer only: no stored position reaches the candidate', () => {
    for (const type of ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'SORTING_ORDER', 'LIKERT', 'CORRECT_INCORRECT'] as const) {
      for (const o of view(stored(type)).options) expect(Object.keys(o).sort()).toEqual(['id', 'text']);
    }
  });

  it('shows a video question as its prompt', () => {
    const video = candidateVideoQuestion({ id: 'v1', videoType: 'INTRO', prompt: [{ language: 'en', detail: 'Introduce yourself' }], maxSeconds: 90, rubric: 'secret' }, 'hi');
    expect(candidateVideoQuestion({ id: 'v2', videoType: 'INTRO', prompt: [{ language: 'en', detail: 'Why us?' }], retakes: 2 }, 'en').retakes).toBe(2);
    expect(video).toEqual({ id: 'v1', questionType: 'VIDEO', videoType: 'INTRO', text: 'Introduce yourself', maxSeconds: 90, retakes: 0 });
  });
});

describe('a candidate answer, per response type', () => {
  const bad = (q: CandidateQuestion, answer: unknown, code: AnswerMessageCode, params?: MessageParams) =>
    expect(validateAnswer(q, answer)).toEqual({ ok: false, code, ...(params && { params }), message: englishOf({ code, params }) });
  const good = (q: CandidateQuestion, answer: unknown, cleaned: unknown = answer) => expect(validateAnswer(q, answer)).toEqual({ ok: true, answer: cleaned });

  it('single-answer types (single choice, likert, likert variant, rating scale, correct/incorrect) take exactly one existing option', () => {
    for (const type of ['SINGLE_CHOICE', 'LIKERT', 'LIKERT_VARIANT', 'RATING_SCALE', 'CORRECT_INCORRECT'] as const) {
      const q = view(stored(type));
      good(q, { optionIds: ['o3'] });
      bad(q, { optionIds: [] }, 'chooseOne');
      bad(q, { optionIds: ['o1', 'o2'] }, 'chooseOne');
      bad(q, { optionIds: ['o1', 'o1'] }, 'optionTwice');
      bad(q, { optionIds: ['o6'] }, 'unknownOption');
      bad(q, { optionIds: [-1] }, 'answerInvalid');
      bad(q, { optionIds: [1.5] }, 'answerInvalid');
      bad(q, { optionIds: 'A' }, 'answerInvalid');
      bad(q, { text: 'A' }, 'answerInvalid');
    }
  });

  it('multiple choice takes at least one, each once, in the order shown', () => {
    const q = view(stored('MULTIPLE_CHOICE'));
    const shownOrder = q.options.map((o) => o.id).filter((id) => ['o4', 'o0', 'o2'].includes(id));
    good(q, { optionIds: ['o4', 'o0', 'o2'] }, { optionIds: shownOrder });
    good(q, { optionIds: ['o5'] });
    bad(q, { optionIds: [] }, 'chooseAtLeastOne');
    bad(q, { optionIds: ['o0', 'o0'] }, 'optionTwice');
    bad(q, { optionIds: ['o0', 'o9'] }, 'unknownOption');
    bad(q, { optionIds: ['o0'], extra: true }, 'answerInvalid');
  });

  it('a sorting order is a permutation of all the items, kept in the order given', () => {
    const q = view(stored('SORTING_ORDER'));
    good(q, { optionIds: ['o5', 'o3', 'o1', 'o0', 'o2', 'o4'] });
    bad(q, { optionIds: ['o5', 'o3', 'o1', 'o0', 'o2'] }, 'sortAll');
    bad(q, { optionIds: ['o5', 'o3', 'o1', 'o0', 'o2', 'o2'] }, 'sortAll');
    bad(q, { optionIds: ['o5', 'o3', 'o1', 'o0', 'o2', 'o4', 'o4'] }, 'sortAll');
    bad(q, { optionIds: ['o5', 'o3', 'o1', 'o0', 'o2', 'o6'] }, 'unknownOption');
  });

  it('a qualifying question is answered with one of its options, and the server sees which disqualify', () => {
    const s = stored('SINGLE_CHOICE', {
      isQualifying: true,
      answers: [
        { langWiseAnswer: text('Yes'), value: 1 },
        { langWiseAnswer: text('No'), value: 1, disqualifies: true },
      ],
    });
    const q = view(s);
    good(q, { optionIds: ['o0'] });
    bad(q, { optionIds: ['o0', 'o1'] }, 'chooseOne');
    bad(q, { optionIds: ['o2'] }, 'unknownOption');
    expect(disqualifies(s, { answerIndexes: [1] })).toBe(true);
    expect(disqualifies(s, { answerIndexes: [0] })).toBe(false);
    expect(disqualifies({ ...s, isQualifying: false }, { answerIndexes: [1] })).toBe(false);
  });

  it('short text is required, trimmed, and at most the length limit', () => {
    const q = view(stored('SHORT_TEXT', { answers: [] }));
    good(q, { text: '  Because it scales.  ' }, { text: 'Because it scales.' });
    good(q, { text: 'क'.repeat(SHORT_TEXT_MAX_LENGTH) });
    bad(q, { text: '   ' }, 'textRequired');
    bad(q, { text: 'x'.repeat(SHORT_TEXT_MAX_LENGTH + 1) }, 'textTooLong', { max: SHORT_TEXT_MAX_LENGTH });
    bad(q, { optionIds: ['o0'] }, 'answerInvalid');
  });

  it('coding takes a language the question allows and source within 64 KiB of UTF-8', () => {
    const q = view(coding);
    good(q, { languageId: 70, source: 'print(sum(map(int, input().split())))' });
    good(q, { languageId: 63, source: 'x'.repeat(64 * 1024) });
    bad(q, { languageId: 62, source: 'class Main {}' }, 'codeLanguage'); // Java: known, not allowed here
    bad(q, { languageId: 99, source: 'x' }, 'codeLanguage');
    bad(q, { languageId: 63, source: 'x'.repeat(64 * 1024 + 1) }, 'codeTooLong', { max: 64 });
    bad(q, { languageId: 63, source: 'क'.repeat(22_000) }, 'codeTooLong', { max: 64 }); // 66,000 bytes in 22,000 characters
    bad(q, { languageId: 63, source: ' \n ' }, 'codeRequired');
    bad(q, { source: 'x' }, 'answerInvalid');
  });

  it('video takes the object key of an upload', () => {
    const q = candidateVideoQuestion({ id: 'v1', videoType: 'INTRO', prompt: [{ language: 'en', detail: 'Introduce yourself' }] }, 'en');
    good(q, { objectKey: 'uploads/2025/01/1736931600000-a1b2c3d4e5f60718-intro.webm' });
    bad(q, { objectKey: '' }, 'videoRequired');
    bad(q, { objectKey: 'uploads/../secrets.txt' }, 'videoRequired');
    bad(q, { objectKey: 'https://evil.example/video.webm' }, 'videoRequired');
    bad(q, { objectKey: 'other/2025/01/x.webm' }, 'videoRequired');
    bad(q, {}, 'videoRequired');
  });

  it('works as a zod schema with the same messages', () => {
    const q = view(stored('MULTIPLE_CHOICE'));
    const schema = answerSchemaFor(q);
    expect(schema.parse({ optionIds: ['o2', 'o1'] })).toEqual({ optionIds: q.options.map((o) => o.id).filter((id) => id === 'o1' || id === 'o2') });
    const result = schema.safeParse({ optionIds: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(MESSAGES.chooseAtLeastOne);
  });

  it('says every refusal as an English sentence by its code (the page words the code), its figures as params', () => {
    const codes: AnswerMessageCode[] = ['answerInvalid', 'chooseOne', 'chooseAtLeastOne', 'unknownOption', 'optionTwice', 'sortAll', 'textRequired', 'textTooLong', 'codeLanguage', 'codeRequired', 'codeTooLong', 'videoRequired'];
    for (const code of codes) expect(englishOf({ code, params: { max: 64 } })).toMatch(/^[A-Z][^{}]*\.$/);
  });
});

describe('answers between the page and the store', () => {
  it('turns option ids into stored positions and back; other answers pass as they are', () => {
    const sorting = view(stored('SORTING_ORDER'));
    expect(toStoredAnswer(sorting, { optionIds: ['o5', 'o3', 'o1', 'o0', 'o2', 'o4'] }, nameOption)).toEqual({ answerIndexes: [5, 3, 1, 0, 2, 4] });
    expect(toCandidateAnswer(sorting.id, { answerIndexes: [5, 3, 1, 0, 2, 4] }, nameOption)).toEqual({ optionIds: ['o5', 'o3', 'o1', 'o0', 'o2', 'o4'] });
    // Multiple choice is stored in ascending positions, whatever order it was chosen in.
    expect(toStoredAnswer(view(stored('MULTIPLE_CHOICE')), { optionIds: ['o4', 'o0'] }, nameOption)).toEqual({ answerIndexes: [0, 4] });
    expect(toStoredAnswer(view(coding), { languageId: 63, source: 'x' }, nameOption)).toEqual({ languageId: 63, source: 'x' });
    expect(toCandidateAnswer('q', { text: 'Because.' }, nameOption)).toEqual({ text: 'Because.' });
  });

  it('refuses to store an id the question does not have (the answer was checked against another view)', () => {
    expect(() => toStoredAnswer(view(stored('SINGLE_CHOICE')), { optionIds: ['o9'] }, nameOption)).toThrow(/not one of/);
  });
});
