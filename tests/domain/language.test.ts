/** UI language detection (spec section 1, DESIGN.md section 8). */
import { describe, expect, it } from 'vitest';
import { detectLanguage, FALLBACK_LANGUAGE, inLanguage, toUiLanguage, UI_LANGUAGES, type LanguageSources } from '../../src/domain/language';

describe('toUiLanguage()', () => {
  it.each([
    ['en', 'en'],
    ['hi', 'hi'],
    ['hi-IN', 'hi'],
    ['HI_in', 'hi'],
    ['en-GB', 'en'],
    [' hi ', 'hi'],
    ['fr', undefined],
    ['hindi', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (tag, language) => {
    expect(toUiLanguage(tag)).toBe(language);
  });

  it('offers English and Hindi with English as fallback', () => {
    expect([...UI_LANGUAGES]).toEqual(['en', 'hi']);
    expect(FALLBACK_LANGUAGE).toBe('en');
  });
});

describe('detectLanguage()', () => {
  const cases: [string, LanguageSources, 'en' | 'hi'][] = [
    ['the stored choice wins over everything', { stored: 'hi', htmlLang: 'en', navigatorLanguages: ['en-US'], pathname: '/en/x' }, 'hi'],
    ['the stored choice wins, English too', { stored: 'en', htmlLang: 'hi', navigatorLanguages: ['hi-IN'], pathname: '/hi' }, 'en'],
    ['an unsupported stored choice is skipped', { stored: 'de', htmlLang: 'hi', navigatorLanguages: ['en'] }, 'hi'],
    ['html lang comes before the browser', { htmlLang: 'hi', navigatorLanguages: ['en-US', 'en'] }, 'hi'],
    ['html lang with a region', { htmlLang: 'hi-IN', navigatorLanguages: ['en'] }, 'hi'],
    ['the browser when html lang is unsupported', { htmlLang: 'fr', navigatorLanguages: ['hi-IN', 'en'] }, 'hi'],
    ['the first supported browser language', { navigatorLanguages: ['fr-FR', 'de', 'hi-IN', 'en-GB'] }, 'hi'],
    ['the first supported browser language, English', { navigatorLanguages: ['ta-IN', 'en-IN', 'hi'] }, 'en'],
    ['the browser before the path', { navigatorLanguages: ['en'], pathname: '/hi/dashboard' }, 'en'],
    ['the first path segment last', { htmlLang: 'fr', navigatorLanguages: ['de'], pathname: '/hi/dashboard' }, 'hi'],
    ['a path segment with a region', { pathname: '/hi-IN/candidate' }, 'hi'],
    ['only the first path segment counts', { pathname: '/candidate/hi' }, 'en'],
    ['an empty path', { pathname: '/' }, 'en'],
    ['nothing at all', {}, 'en'],
    ['nothing supported', { stored: 'xx', htmlLang: 'fr', navigatorLanguages: ['de', 'ja'], pathname: '/ta' }, 'en'],
    ['missing values', { stored: null, htmlLang: null, navigatorLanguages: null, pathname: null }, 'en'],
  ];

  it.each(cases)('%s', (_label, sources, language) => {
    expect(detectLanguage(sources)).toBe(language);
  });
});

describe('content in a language', () => {
  const texts = [
    { language: 'hi', text: 'हाँ' },
    { language: 'en', text: 'Yes' },
  ];
  it('is the entry in that language, else English, else the first, else none', () => {
    expect(inLanguage(texts, 'hi')?.text).toBe('हाँ');
    expect(inLanguage(texts, 'bn')?.text).toBe('Yes');
    expect(inLanguage([{ language: 'hi', text: 'हाँ' }], 'bn')?.text).toBe('हाँ');
    expect(inLanguage([], 'en')).toBeUndefined();
    expect(inLanguage(undefined, 'en')).toBeUndefined();
  });
});
