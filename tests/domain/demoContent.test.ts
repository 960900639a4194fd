/**
 * The demo content is the product's shop window: every question must be one the question form would
 * accept, and every band text must read as a report in both languages.
 */
import { describe, expect, it } from 'vitest';
import { RATING_BANDS, RESPONSE_TYPES_BY_KIND } from '../../src/domain/content';
import { questionSchema } from '../../src/domain/questionSchema';
import { CAMPUS_QUESTION } from '../../server/seeds/seed-assessments';
import { DEMO_QUESTIONS } from '../../server/seeds/seed-questions';
import { DEMO_TESTS } from '../../server/seeds/seed-content';
import { bandHtml, DEMO_REPORT_CONTENT } from '../../server/seeds/seed-reports';

const KIND_OF_SKILL = { Teamwork: 'COMPETENCY', 'Customer focus': 'COMPETENCY', 'Stress tolerance': 'STRESS', 'Numerical reasoning': 'APTITUDE', Programming: 'APTITUDE' } as const;

const likert = [5, 4, 3, 2, 1].map((value) => ({ langWiseAnswer: [{ language: 'en', text: String(value) }], value }));

describe('demo question bank', () => {
  it.each(DEMO_QUESTIONS.map((q) => [q.title, q] as const))('“%s” passes the question form’s schema in English and Hindi', (_, q) => {
    const parsed = questionSchema.safeParse({
      category: 'COMPETENCY',
      questionType: q.type,
      title: q.title,
      detail: { langWiseDetail: [{ language: 'en', detail: `<p>${q.en}</p>` }, { language: 'hi', detail: `<p>${q.hi}</p>` }] },
      primarySkill: 'skill',
      complexity: q.complexity ?? 'L2',
      answers: q.answers ?? likert,
      coding: q.coding,
      isQualifying: q.isQualifying ?? false,
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(RESPONSE_TYPES_BY_KIND[KIND_OF_SKILL[q.skill as keyof typeof KIND_OF_SKILL]]).toContain(q.type);
    for (const a of (q.answers ?? []) as { langWiseAnswer: { language: string; text: string }[] }[])
      expect(a.langWiseAnswer.map((t) => t.language).sort()).toEqual(['en', 'hi']);
  });

  it('gives every demo test at least four published questions', () => {
    for (const test of DEMO_TESTS) {
      const count = DEMO_QUESTIONS.filter((q) => q.skill === test.skill && q.status === 'PUBLISHED' && !q.isQualifying).length;
      expect(count, test.name).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('demo report content', () => {
  const sentences = (text: string) => text.split(/(?<=[.?!।])\s+/).filter(Boolean).length;
  const texts = Object.entries(DEMO_REPORT_CONTENT).flatMap(([skill, subSkills]) => Object.entries(subSkills).map(([subSkill, bands]) => [`${skill}: ${subSkill}`, bands] as const));

  it('covers the demo skills that have questions', () => {
    for (const q of DEMO_QUESTIONS) expect(Object.keys(DEMO_REPORT_CONTENT), q.title).toContain(q.skill);
  });

  it.each(texts)('“%s” reads, for every band, as a hiring manager’s report: two to four sentences in English and in Hindi, then what to ask', (_, bands) => {
    expect(Object.keys(bands).sort()).toEqual([...RATING_BANDS].sort());
    for (const band of RATING_BANDS) {
      const { en, hi } = bands[band];
      expect(sentences(en.join(' ')), en.join(' ')).toBeGreaterThanOrEqual(2);
      expect(sentences(en.join(' ')), en.join(' ')).toBeLessThanOrEqual(4);
      expect(sentences(hi.join(' ')), hi.join(' ')).toBeGreaterThanOrEqual(2);
      expect(sentences(hi.join(' ')), hi.join(' ')).toBeLessThanOrEqual(4);
      // Hindi in Devanagari throughout (figures aside), English without it.
      expect(hi.join(' '), hi.join(' ')).not.toMatch(/[A-Za-z]/);
      expect(hi.join(' ')).toMatch(/^[\u0900-\u097F]/);
      expect(en.join(' ')).not.toMatch(/[\u0900-\u097F]/);
    }
  });

  it('is written as the rich-text editor stores it: the reading, then what to ask next', () => {
    expect(bandHtml('en', ['Reads tables well.', 'Ask what a chart shows.'])).toBe('<p>Reads tables well.</p><p><strong>Ask next:</strong> Ask what a chart shows.</p>');
    expect(bandHtml('hi', ['तालिकाएँ सही पढ़ते हैं।', 'पूछें कि चार्ट क्या दिखाता है।'])).toBe('<p>तालिकाएँ सही पढ़ते हैं।</p><p><strong>इंटरव्यू में पूछें:</strong> पूछें कि चार्ट क्या दिखाता है।</p>');
  });

  it('has a custom short-text question that the question form would accept, tagged with a demo sub-skill', () => {
    const parsed = questionSchema.safeParse({
      category: 'COMPETENCY',
      questionType: 'SHORT_TEXT',
      title: CAMPUS_QUESTION.title,
      detail: { langWiseDetail: [{ language: 'en', detail: `<p>${CAMPUS_QUESTION.en}</p>` }, { language: 'hi', detail: `<p>${CAMPUS_QUESTION.hi}</p>` }] },
      primarySkill: 'skill',
      complexity: 'L2',
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(Object.keys(DEMO_REPORT_CONTENT[CAMPUS_QUESTION.skill])).toContain(CAMPUS_QUESTION.subSkill);
  });
});
