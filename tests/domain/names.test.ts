/** The greeting's name: shortened to 8 characters as a reader counts them (spec section 1, "greeting name"). */
import { describe, expect, it } from 'vitest';
import { GREETING_NAME_LENGTH } from '../../src/domain/constants';
import { shortenName } from '../../src/domain/navigation';

const ELLIPSIS = '…';
/** What a reader sees as one character: a letter with its vowel signs and conjuncts, an emoji sequence. */
const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
const withoutEllipsis = (text: string) => (text.endsWith(ELLIPSIS) ? text.slice(0, -ELLIPSIS.length) : text);

describe('shortenName()', () => {
  it('uses the specification length', () => {
    expect(GREETING_NAME_LENGTH).toBe(8);
  });

  it.each([
    ['Asha', 'Asha'],
    ['Asha Adm', 'Asha Adm'],
    ['Asha Admin', 'Asha Adm…'],
    ['Bartholomew', 'Bartholo…'],
    ['  Riya  ', 'Riya'],
    ['', ''],
  ])('%j → %j', (name, shortened) => {
    expect(shortenName(name)).toBe(shortened);
  });

  it('answers an empty string for a missing name', () => {
    expect(shortenName(null)).toBe('');
    expect(shortenName(undefined)).toBe('');
  });

  it('does not leave a space before the ellipsis', () => {
    expect(shortenName('Abcdefg Hijkl')).toBe('Abcdefg…');
  });

  it('never splits a surrogate pair', () => {
    const name = '𝒜𝒷𝒸𝒹𝑒𝒻𝑔𝒽𝒾𝒿';
    expect(shortenName(name)).toBe(`${Array.from(name).slice(0, 8).join('')}${ELLIPSIS}`);
  });

  it('keeps emoji sequences whole', () => {
    const coder = '👩🏽‍💻';
    expect(shortenName(coder.repeat(8))).toBe(coder.repeat(8));
    expect(shortenName(coder.repeat(9))).toBe(`${coder.repeat(8)}${ELLIPSIS}`);
  });

  it.each([
    'सिद्धार्थ मल्होत्रा',
    'अनुराधा शर्मा वर्मा',
    'लक्ष्मीनारायण त्रिपाठी',
    'श्रीनिवास रामानुजन',
    'प्रियंका चोपड़ा',
    'क्षितिज',
  ])('shortens the Hindi name %s without cutting a letter from its vowel signs', (name) => {
    const shortened = shortenName(name);
    const kept = withoutEllipsis(shortened);
    const letters = graphemes(name);
    // The cut falls between whole letters: a cut after a virama or before a vowel sign would break one.
    const cuts = letters.map((_, i) => letters.slice(0, i + 1).join(''));
    expect(cuts).toContain(kept);
    const count = cuts.indexOf(kept) + 1;
    expect(count).toBeLessThanOrEqual(8);
    if (letters.length > 8) {
      expect(shortened.endsWith(ELLIPSIS)).toBe(true);
      // Eight letters, or seven when the eighth was a space.
      expect(count === 8 || (count === 7 && letters[7] === ' ')).toBe(true);
    } else {
      expect(shortened).toBe(name);
    }
  });

  it('cuts a long Hindi name after eight letters, keeping conjuncts whole', () => {
    // अ नु रा धा ␠ श र्मा ␠ | व र्मा: the cut falls after the space, which is dropped.
    expect(shortenName('अनुराधा शर्मा वर्मा')).toBe('अनुराधा शर्मा…');
  });

  it('takes a different maximum', () => {
    expect(shortenName('Asha Admin', 4)).toBe('Asha…');
  });
});
