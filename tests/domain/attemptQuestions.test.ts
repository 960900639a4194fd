import { describe, expect, it } from 'vitest';
import {
  ANSWER_MESSAGES,
  answerSchemaFor,
  candidateQuestion,
  candidateVideoQuestion,
  disqualifies,
  SHORT_TEXT_MAX_LENGTH,
  validateAnswer,
  type CandidateQuestion,
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

const view = (q: StoredQuestion, seed = 'attempt-1', language = 'en') => candidateQuestion(q, seed, language);

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
    expect(hi.options[0]).toEqual({ index: 0, text: 'A (hi)' });
    expect(hi.answerTitle).toBe('वह विकल्प चुनें जो आपसे सबसे अधिक मेल खाता है');
    const bn = view(stored('LIKERT'), 'attempt-1', 'bn');
    expect(bn.text).toBe('<p>Which?</p>');
    expect(bn.options[0].text).toBe('A');
  });

  it('keeps a scale in order and shuffles choices by the attempt seed, the same way every time', () => {
    expect(view(stored('LIKERT')).options.map((o) => o.index)).toEqual([0, 1, 2, 3, 4, 5]);
    const order = (seed: string) => view(stored('SINGLE_CHOICE'), seed).options.map((o) => o.index).join();
    expect(order('attempt-1')).toBe(order('attempt-1'));
    const orders = new Set(Array.from({ length: 12 }, (_, i) => order(`attempt-${i}`)));
    expect(orders.size).toBeGreaterThan(6);
    expect(view(stored('SINGLE_CHOICE', { shuffle: false })).options.map((o) => o.index)).toEqual([0, 1, 2, 3, 4, 5]);
    // Each option keeps its stored index (what the answer refers to) and its own text wherever it lands.
    for (const o of view(stored('SORTING_ORDER'), 'attempt-7').options) expect(o.text).toBe('ABCDEF'[o.index]);
  });

  it('shows a video question as its prompt', () => {
    const video = candidateVideoQuestion({ id: 'v1', videoType: 'INTRO', prompt: [{ language: 'en', detail: 'Introduce yourself' }], maxSeconds: 90, rubric: 'secret' }, 'hi');
    expect(candidateVideoQuestion({ id: 'v2', videoType: 'INTRO', prompt: [{ language: 'en', detail: 'Why us?' }], retakes: 2 }, 'en').retakes).toBe(2);
    expect(video).toEqual({ id: 'v1', questionType: 'VIDEO', videoType: 'INTRO', text: 'Introduce yourself', maxSeconds: 90, retakes: 0 });
  });
});

describe('a candidate answer, per response type', () => {
  const bad = (q: CandidateQuestion, answer: unknown, message: string) => expect(validateAnswer(q, answer)).toEqual({ ok: false, message });
  const good = (q: CandidateQuestion, answer: unknown, cleaned: unknown = answer) => expect(validateAnswer(q, answer)).toEqual({ ok: true, answer: cleaned });

  it('single-answer types (single choice, likert, likert variant, rating scale, correct/incorrect) take exactly one existing option', () => {
    for (const type of ['SINGLE_CHOICE', 'LIKERT', 'LIKERT_VARIANT', 'RATING_SCALE', 'CORRECT_INCORRECT'] as const) {
      const q = view(stored(type));
      good(q, { answerIndexes: [3] });
      bad(q, { answerIndexes: [] }, ANSWER_MESSAGES.chooseOne);
      bad(q, { answerIndexes: [1, 2] }, ANSWER_MESSAGES.chooseOne);
      bad(q, { answerIndexes: [1, 1] }, ANSWER_MESSAGES.repeated);
      bad(q, { answerIndexes: [6] }, ANSWER_MESSAGES.unknownOption);
      bad(q, { answerIndexes: [-1] }, ANSWER_MESSAGES.invalid);
      bad(q, { answerIndexes: [1.5] }, ANSWER_MESSAGES.invalid);
      bad(q, { answerIndexes: 'A' }, ANSWER_MESSAGES.invalid);
      bad(q, { text: 'A' }, ANSWER_MESSAGES.invalid);
    }
  });

  it('multiple choice takes at least one, each once, stored in index order', () => {
    const q = view(stored('MULTIPLE_CHOICE'));
    good(q, { answerIndexes: [4, 0, 2] }, { answerIndexes: [0, 2, 4] });
    good(q, { answerIndexes: [5] });
    bad(q, { answerIndexes: [] }, ANSWER_MESSAGES.chooseAtLeastOne);
    bad(q, { answerIndexes: [0, 0] }, ANSWER_MESSAGES.repeated);
    bad(q, { answerIndexes: [0, 9] }, ANSWER_MESSAGES.unknownOption);
    bad(q, { answerIndexes: [0], extra: true }, ANSWER_MESSAGES.invalid);
  });

  it('a sorting order is a permutation of all the items, kept in the order given', () => {
    const q = view(stored('SORTING_ORDER'));
    good(q, { answerIndexes: [5, 3, 1, 0, 2, 4] });
    bad(q, { answerIndexes: [5, 3, 1, 0, 2] }, ANSWER_MESSAGES.sortAll);
    bad(q, { answerIndexes: [5, 3, 1, 0, 2, 2] }, ANSWER_MESSAGES.sortAll);
    bad(q, { answerIndexes: [5, 3, 1, 0, 2, 4, 4] }, ANSWER_MESSAGES.sortAll);
    bad(q, { answerIndexes: [5, 3, 1, 0, 2, 6] }, ANSWER_MESSAGES.unknownOption);
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
    good(q, { answerIndexes: [0] });
    bad(q, { answerIndexes: [0, 1] }, ANSWER_MESSAGES.chooseOne);
    bad(q, { answerIndexes: [2] }, ANSWER_MESSAGES.unknownOption);
    expect(disqualifies(s, { answerIndexes: [1] })).toBe(true);
    expect(disqualifies(s, { answerIndexes: [0] })).toBe(false);
    expect(disqualifies({ ...s, isQualifying: false }, { answerIndexes: [1] })).toBe(false);
  });

  it('short text is required, trimmed, and at most the length limit', () => {
    const q = view(stored('SHORT_TEXT', { answers: [] }));
    good(q, { text: '  Because it scales.  ' }, { text: 'Because it scales.' });
    good(q, { text: 'क'.repeat(SHORT_TEXT_MAX_LENGTH) });
    bad(q, { text: '   ' }, ANSWER_MESSAGES.textRequired);
    bad(q, { text: 'x'.repeat(SHORT_TEXT_MAX_LENGTH + 1) }, ANSWER_MESSAGES.textTooLong);
    bad(q, { answerIndexes: [0] }, ANSWER_MESSAGES.invalid);
  });

  it('coding takes a language the question allows and source within 64 KiB of UTF-8', () => {
    const q = view(coding);
    good(q, { languageId: 70, source: 'print(sum(map(int, input().split())))' });
    good(q, { languageId: 63, source: 'x'.repeat(64 * 1024) });
    bad(q, { languageId: 62, source: 'class Main {}' }, ANSWER_MESSAGES.codeLanguage); // Java: known, not allowed here
    bad(q, { languageId: 99, source: 'x' }, ANSWER_MESSAGES.codeLanguage);
    bad(q, { languageId: 63, source: 'x'.repeat(64 * 1024 + 1) }, ANSWER_MESSAGES.codeTooLong);
    bad(q, { languageId: 63, source: 'क'.repeat(22_000) }, ANSWER_MESSAGES.codeTooLong); // 66,000 bytes in 22,000 characters
    bad(q, { languageId: 63, source: ' \n ' }, ANSWER_MESSAGES.codeRequired);
    bad(q, { source: 'x' }, ANSWER_MESSAGES.invalid);
  });

  it('video takes the object key of an upload', () => {
    const q = candidateVideoQuestion({ id: 'v1', videoType: 'INTRO', prompt: [{ language: 'en', detail: 'Introduce yourself' }] }, 'en');
    good(q, { objectKey: 'uploads/2025/01/1736931600000-a1b2c3d4e5f60718-intro.webm' });
    bad(q, { objectKey: '' }, ANSWER_MESSAGES.videoRequired);
    bad(q, { objectKey: 'uploads/../secrets.txt' }, ANSWER_MESSAGES.videoRequired);
    bad(q, { objectKey: 'https://evil.example/video.webm' }, ANSWER_MESSAGES.videoRequired);
    bad(q, { objectKey: 'other/2025/01/x.webm' }, ANSWER_MESSAGES.videoRequired);
    bad(q, {}, ANSWER_MESSAGES.videoRequired);
  });

  it('works as a zod schema with the same messages', () => {
    const schema = answerSchemaFor(view(stored('MULTIPLE_CHOICE')));
    expect(schema.parse({ answerIndexes: [2, 1] })).toEqual({ answerIndexes: [1, 2] });
    const result = schema.safeParse({ answerIndexes: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(ANSWER_MESSAGES.chooseAtLeastOne);
  });

  it('keeps every message a fixed English sentence (the message map translates them)', () => {
    for (const message of Object.values(ANSWER_MESSAGES)) expect(message).toMatch(/^[A-Z][^{}]*\.$/);
  });
});
