/** The job schema's rules, and every server sentence of the slice mapped to a translation that says the same in English. */
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../src/domain/business';
import { JOB_MESSAGES, experienceMatches, jobSchema } from '../../src/domain/jobs';
import en from '../../src/i18n/en';
import hi from '../../src/i18n/hi';
import { messageKey } from '../../src/i18n/messages';

const base = { title: 'Data Analyst', employmentType: 'FULL_TIME', workMode: 'HYBRID', notice: 'DAYS_15', experienceMin: 1, experienceMax: 3 };
const lookup = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('jobSchema', () => {
  it('takes a job with defaults for the rest', () => {
    expect(jobSchema.parse(base)).toMatchObject({ openings: 1, status: 'OPEN', descriptionHtml: '', locationId: null, assessmentId: null });
  });
  it('refuses a most below the least, and years outside 0 to 9', () => {
    const below = jobSchema.safeParse({ ...base, experienceMin: 4, experienceMax: 2 });
    expect(below.success).toBe(false);
    expect(below.error?.issues[0]?.message).toBe(JOB_MESSAGES.experienceRange);
    expect(jobSchema.safeParse({ ...base, experienceMin: 10 }).success).toBe(false);
    expect(jobSchema.safeParse({ ...base, experienceMin: 9, experienceMax: null }).success).toBe(true);
  });
  it('matches years to a range, null as no upper bound', () => {
    expect(experienceMatches({ experienceMin: 2, experienceMax: 5 }, 5)).toBe(true);
    expect(experienceMatches({ experienceMin: 2, experienceMax: 5 }, 6)).toBe(false);
    expect(experienceMatches({ experienceMin: 3, experienceMax: null }, 9)).toBe(true);
  });
});

describe('the slice’s messages', () => {
  it('travel by a code whose English is the sentence, with a Hindi translation', () => {
    for (const sentence of [...Object.values(JOB_MESSAGES), BUSINESS_MESSAGES.stageInUse, BUSINESS_MESSAGES.stageNameTaken]) {
      const { key } = messageKey(sentence);
      expect(key, sentence).toMatch(/^app\.messages\./);
      expect(lookup(en, key)).toBe(sentence);
      expect(typeof lookup(hi, key)).toBe('string');
    }
  });
});
