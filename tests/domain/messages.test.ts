/** The API's messages by code: English words filled as polyglot fills them, Hindi words for every code with the same placeholders. */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ALL_MESSAGES, isMessageCode, type AnyMessageCode } from '../../src/domain/allMessages';
import { englishOf, fillPhrase, MESSAGES, type MessageCode } from '../../src/domain/messages';
import { MESSAGES_HI } from '../../src/i18n/messages.hi';
import takeEn from '../../src/i18n/take/en';
import takeEnFlow from '../../src/i18n/take/en.flow';
import takeHi from '../../src/i18n/take/hi';
import takeHiFlow from '../../src/i18n/take/hi.flow';

const codes = Object.keys(ALL_MESSAGES) as AnyMessageCode[];
const placeholders = (phrase: string) => [...new Set(phrase.match(/%\{\w+\}/g) ?? [])].sort();

describe('the API’s messages', () => {
  it('fill in English exactly as the browser’s polyglot does, singular and plural', () => {
    const polyglot = polyglotI18nProvider(() => ALL_MESSAGES as unknown as TranslationMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
    for (const code of codes) {
      for (const params of [{ smart_count: 1, max: 3 }, { smart_count: 7, max: 2.5 }]) {
        expect(fillPhrase(ALL_MESSAGES[code], params), code).toBe(polyglot.translate(code, params));
      }
    }
    expect(englishOf({ code: 'tooManyAttemptsMinutes', params: { smart_count: 1 } })).toBe('Too many attempts. Try again in 1 minute.');
    expect(englishOf({ code: 'tooManyAttemptsSeconds', params: { smart_count: 30 } })).toBe('Too many attempts. Try again in 30 seconds.');
    expect(englishOf({ code: 'pointsBetween', params: { max: 2.5 } })).toBe('Points must be between 0 and 2.5.');
    expect(englishOf({ code: 'notFound' })).toBe('Not found.');
  });

  it('have Hindi words for every code, in Devanagari, with the same placeholders and plural forms', () => {
    for (const code of codes) {
      const hindi = MESSAGES_HI[code];
      expect(hindi, code).toMatch(/[\u0900-\u097F]/);
      expect(placeholders(hindi), code).toEqual(placeholders(ALL_MESSAGES[code]));
      expect(hindi.split(' |||| ').length, code).toBe(ALL_MESSAGES[code].split(' |||| ').length);
    }
    expect(Object.keys(MESSAGES_HI).sort()).toEqual([...codes].sort());
  });

  it('know their own codes only', () => {
    expect(isMessageCode('notFound')).toBe(true);
    expect(isMessageCode('toString')).toBe(false);
    expect(isMessageCode(undefined)).toBe(false);
  });

  it('are worded on the candidate’s page as the API words them, in English and Hindi (its own words for a missing sandbox)', () => {
    const page = [
      ['en', { ...takeEn.messages, ...takeEnFlow.messages }, MESSAGES],
      ['hi', { ...takeHi.messages, ...takeHiFlow.messages }, MESSAGES_HI],
    ] as const;
    for (const [language, words, api] of page) {
      const pageCodes = Object.keys(words) as MessageCode[];
      expect(pageCodes.filter((code) => !isMessageCode(code)), language).toEqual([]);
      const differ = pageCodes.filter((code) => code !== 'sandboxMissing' && words[code as keyof typeof words] !== api[code]);
      expect(differ, language).toEqual([]);
      for (const code of pageCodes) expect(placeholders(words[code as keyof typeof words]), code).toEqual(placeholders(MESSAGES[code]));
    }
    expect(takeEnFlow.messages.sandboxMissing).not.toMatch(/bubblewrap/);
  });
});
