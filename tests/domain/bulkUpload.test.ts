/** Bulk upload: the template's columns, reading a header, mapping a row to a question, and naming the column of each error. */
import { describe, expect, it } from 'vitest';
import {
  BASE_COLUMNS,
  columnOf,
  detailHtml,
  importKeyMaterial,
  readHeader,
  rowToQuestionInput,
  templateColumns,
  templateExampleRow,
  validateRow,
  type SheetRow,
} from '../../src/domain/bulkUpload';
import { MESSAGES } from '../../src/domain/questionSchema';

const LANGUAGES = ['en', 'hi', 'bn'];

/** A valid LIKERT row with two answers; `extra` overrides or adds cells. */
const likertRow = (extra: Record<string, string> = {}): SheetRow => ({
  category: 'COMPETENCY',
  questionType: 'LIKERT',
  primarySkill: 'Teamwork',
  secondarySkills: 'Collaboration | Reliability',
  complexity: 'L2',
  title: 'Shares credit',
  shuffle: '',
  ansTitle: '',
  mediaType: '',
  mediaUrl: '',
  tags: 'team|credit',
  detail_en: 'I give credit to colleagues.',
  detail_hi: 'मैं सहकर्मियों को श्रेय देता हूँ।',
  answer1_en: 'Always',
  answer1_hi: 'हमेशा',
  answer1_points: '5',
  answer2_en: 'Never',
  answer2_points: '1',
  ...extra,
});

describe('template columns', () => {
  it('follows the question fields: base columns, a detail per language, 12 answers with a text per language, points and correct', () => {
    const columns = templateColumns(LANGUAGES);
    expect(columns.slice(0, BASE_COLUMNS.length)).toEqual([
      'category', 'questionType', 'primarySkill', 'secondarySkills', 'complexity', 'title', 'shuffle', 'ansTitle', 'mediaType', 'mediaUrl', 'tags',
    ]);
    expect(columns.slice(11, 14)).toEqual(['detail_en', 'detail_hi', 'detail_bn']);
    expect(columns.slice(14, 19)).toEqual(['answer1_en', 'answer1_hi', 'answer1_bn', 'answer1_points', 'answer1_correct']);
    expect(columns.at(-1)).toBe('answer12_correct');
    expect(columns).toHaveLength(11 + 3 + 12 * 5);
  });

  it('has an example row that passes the question schema', () => {
    const example = templateExampleRow(LANGUAGES, { primarySkill: 'Teamwork', secondarySkills: ['Collaboration'] });
    expect(example).toMatchObject({ category: 'COMPETENCY', questionType: 'LIKERT', answer1_hi: 'हमेशा', answer1_points: '5' });
    const { question, problems } = validateRow(example, LANGUAGES);
    expect(problems).toEqual([]);
    expect(question?.answers).toHaveLength(5);
    expect(question?.detail.langWiseDetail.map((d) => d.language)).toEqual(['en', 'hi', 'bn']);
  });
});

describe('reading the header', () => {
  it('names each column canonically, whatever the case, spaces or byte order mark; empty header cells are ignored', () => {
    const result = readHeader(['\uFEFFCategory', ' questiontype ', ...BASE_COLUMNS.slice(2), 'DETAIL_HI', 'answer13_en', ''], LANGUAGES);
    expect(result).toEqual({ ok: true, columns: ['category', 'questionType', ...BASE_COLUMNS.slice(2), 'detail_hi', 'answer13_en', null] });
  });

  it('refuses unknown, repeated and missing columns with a sentence', () => {
    const unknown = readHeader([...BASE_COLUMNS, 'detail_en', 'colour', 'detail_fr'], LANGUAGES);
    expect(unknown).toEqual({ ok: false, message: expect.stringContaining('columns the template does not know: colour, detail_fr') });
    const repeated = readHeader([...BASE_COLUMNS, 'detail_en', 'title'], LANGUAGES);
    expect(repeated).toEqual({ ok: false, message: 'The column title appears more than once.' });
    const missing = readHeader(BASE_COLUMNS.filter((c) => c !== 'tags' && c !== 'title'), LANGUAGES);
    expect(missing).toEqual({ ok: false, message: expect.stringContaining('missing the columns title, tags, detail_en or detail_hi or detail_bn') });
    expect(readHeader(['', ' '], LANGUAGES)).toEqual({ ok: false, message: expect.stringContaining('no header row') });
    expect(readHeader([...BASE_COLUMNS, 'detail_en', 'answer0_en'], LANGUAGES).ok).toBe(false);
  });
});

describe('mapping a row to the question form', () => {
  it('reads enums loosely, splits lists, turns plain text into paragraphs and keeps Hindi intact', () => {
    const { input, problems } = rowToQuestionInput(
      likertRow({ category: ' competency ', questionType: 'Rating scale', complexity: 'l3', shuffle: 'no', mediaType: 'image', mediaUrl: 'https://cdn.example.com/a.png' }),
      LANGUAGES,
    );
    expect(problems).toEqual([]);
    expect(input).toMatchObject({
      category: 'COMPETENCY',
      questionType: 'RATING_SCALE',
      complexity: 'L3',
      shuffle: false,
      mediaType: 'IMAGE',
      mediaUrl: 'https://cdn.example.com/a.png',
      secondarySkills: ['Collaboration', 'Reliability'],
      tags: ['team', 'credit'],
      detail: {
        langWiseDetail: [
          { language: 'en', detail: '<p>I give credit to colleagues.</p>' },
          { language: 'hi', detail: '<p>मैं सहकर्मियों को श्रेय देता हूँ।</p>' },
        ],
      },
      answers: [
        { langWiseAnswer: [{ language: 'en', text: 'Always' }, { language: 'hi', text: 'हमेशा' }], value: 5 },
        { langWiseAnswer: [{ language: 'en', text: 'Never' }], value: 1 },
      ],
    });
    expect(input).not.toHaveProperty('ansTitle');
  });

  it('skips empty answer slots and remembers which slot each answer came from', () => {
    const { input, sources } = rowToQuestionInput(likertRow({ answer2_en: '', answer2_points: '', answer4_en: 'Sometimes', answer4_points: '2,5', answer4_correct: 'yes' }), LANGUAGES);
    expect(input.answers).toEqual([
      { langWiseAnswer: [{ language: 'en', text: 'Always' }, { language: 'hi', text: 'हमेशा' }], value: 5 },
      { langWiseAnswer: [{ language: 'en', text: 'Sometimes' }], value: 2.5, isCorrect: true },
    ]);
    expect(sources.answers).toEqual([
      { slot: 1, languages: ['en', 'hi'] },
      { slot: 4, languages: ['en'] },
    ]);
  });

  it('keeps HTML as it is and escapes plain text', () => {
    expect(detailHtml('<p>Already <b>rich</b></p>')).toBe('<p>Already <b>rich</b></p>');
    expect(detailHtml('5 < 6 & 7 > 3\nsecond line\n\nnext paragraph')).toBe('<p>5 &lt; 6 &amp; 7 &gt; 3<br>second line</p><p>next paragraph</p>');
  });
});

describe('errors by template column', () => {
  const problemsOf = (row: SheetRow) => validateRow(row, LANGUAGES).problems;

  it('maps schema paths back to columns', () => {
    const sources = { languages: LANGUAGES, details: ['en', 'hi'], answers: [1, 2, 3].map((slot) => ({ slot, languages: ['en', 'hi'] })) };
    expect(columnOf(['answers', 2, 'value'], sources)).toBe('answer3_points');
    expect(columnOf(['answers', 0, 'isCorrect'], sources)).toBe('answer1_correct');
    expect(columnOf(['answers', 1, 'langWiseAnswer', 1, 'text'], sources)).toBe('answer2_hi');
    expect(columnOf(['detail', 'langWiseDetail', 1, 'detail'], sources)).toBe('detail_hi');
    expect(columnOf(['detail', 'langWiseDetail'], sources)).toBe('detail_en');
    expect(columnOf(['tags', 3], sources)).toBe('tags');
    expect(columnOf(['title'], sources)).toBe('title');
    expect(columnOf([], sources)).toBe('');
  });

  it('a missing title, as the form says it', () => {
    expect(problemsOf(likertRow({ title: '  ' }))).toEqual([{ column: 'title', message: 'Title is required' }]);
  });

  it('bad points, on the slot the answer came from', () => {
    expect(problemsOf(likertRow({ answer2_en: '', answer2_points: '', answer3_en: 'Rarely', answer3_points: '11' }))).toEqual([
      { column: 'answer3_points', message: MESSAGES.points },
    ]);
    expect(problemsOf(likertRow({ answer1_points: '0.15' }))).toEqual([{ column: 'answer1_points', message: MESSAGES.points }]);
    expect(problemsOf(likertRow({ answer1_points: 'five' }))).toEqual([{ column: 'answer1_points', message: MESSAGES.points }]);
    expect(problemsOf(likertRow({ answer2_points: '' }))).toEqual([{ column: 'answer2_points', message: MESSAGES.value }]);
  });

  it('a 13th answer', () => {
    const extra: Record<string, string> = {};
    for (let slot = 1; slot <= 13; slot++) Object.assign(extra, { [`answer${slot}_en`]: `A${slot}`, [`answer${slot}_points`]: '1' });
    expect(problemsOf(likertRow(extra))).toEqual([{ column: 'answer13_en', message: 'You can provide maximum 12 answers' }]);
  });

  it('other cells: no detail, points without text, no correct answer, a word for a boolean, several at once', () => {
    expect(problemsOf(likertRow({ detail_en: '', detail_hi: '' }))).toEqual([{ column: 'detail_en', message: MESSAGES.detail }]);
    expect(problemsOf(likertRow({ answer2_en: '' }))).toEqual([{ column: 'answer2_en', message: MESSAGES.answer }]);
    expect(problemsOf(likertRow({ questionType: 'MULTIPLE_CHOICE' }))).toEqual([{ column: 'answer1_correct', message: MESSAGES.correct }]);
    expect(problemsOf(likertRow({ shuffle: 'maybe' }))).toEqual([{ column: 'shuffle', message: 'Use TRUE or FALSE' }]);
    expect(problemsOf(likertRow({ category: 'SKILL', complexity: '', primarySkill: '' }))).toEqual([
      { column: 'category', message: MESSAGES.category },
      { column: 'primarySkill', message: MESSAGES.primarySkill },
      { column: 'complexity', message: MESSAGES.complexity },
    ]);
  });
});

describe('import key material', () => {
  it('ignores spacing, key order and Unicode composition, but not the bank or the content', () => {
    const a = validateRow(likertRow(), LANGUAGES).question!;
    const b = validateRow(likertRow({ title: '  Shares   credit ', detail_hi: 'मैं सहकर्मियों को श्रेय देता हूँ।'.normalize('NFD') }), LANGUAGES).question!;
    const reordered = Object.fromEntries(Object.entries(a).reverse());
    expect(importKeyMaterial(b, 'bank')).toBe(importKeyMaterial(a, 'bank'));
    expect(importKeyMaterial(reordered, 'bank')).toBe(importKeyMaterial(a, 'bank'));
    expect(importKeyMaterial(a, 'user:1')).not.toBe(importKeyMaterial(a, 'bank'));
    const other = validateRow(likertRow({ answer2_points: '2' }), LANGUAGES).question!;
    expect(importKeyMaterial(other, 'bank')).not.toBe(importKeyMaterial(a, 'bank'));
  });
});
