/** English and Hindi carry the same keys, the same placeholders and the same plural forms. */
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en';
import hi from '../../src/i18n/hi';

type Tree = { [key: string]: unknown };

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }` */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value as Tree, path)) flat.set(k, v);
    else flat.set(path, String(value));
  }
  return flat;
}

const english = flatten(en);
const hindi = flatten(hi);
const placeholders = (message: string) => new Set(message.match(/%\{\w+\}/g) ?? []);
const pluralForms = (message: string) => message.split('||||').length;

describe('i18n key parity', () => {
  it('has a reasonable number of messages (the flattening works)', () => {
    expect(english.size).toBeGreaterThan(300);
    expect(english.get('app.nav.dashboard')).toBe('Dashboard');
    expect(hindi.get('app.nav.dashboard')).toBe('डैशबोर्ड');
    expect(english.get('ra.action.create')).toBe('Create');
  });

  it('English and Hindi have the same keys', () => {
    const missingInHindi = [...english.keys()].filter((k) => !hindi.has(k));
    const extraInHindi = [...hindi.keys()].filter((k) => !english.has(k));
    expect({ missingInHindi, extraInHindi }).toEqual({ missingInHindi: [], extraInHindi: [] });
  });

  it('every placeholder of an English message appears in its Hindi counterpart', () => {
    const lost = [...english]
      .filter(([key]) => hindi.has(key))
      .flatMap(([key, message]) => [...placeholders(message)].filter((p) => !hindi.get(key)!.includes(p)).map((p) => `${key}: ${p}`));
    expect(lost).toEqual([]);
  });

  it('plural messages have as many forms in Hindi as in English', () => {
    const differing = [...english]
      .filter(([key, message]) => hindi.has(key) && pluralForms(message) !== pluralForms(hindi.get(key)!))
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('no Hindi message is left empty where English says something', () => {
    const empty = [...english].filter(([key, message]) => message.trim() && !hindi.get(key)?.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
