import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '../../src/domain/content';
import { optionOrder, SCALE_TYPES, seededShuffle, SHUFFLED_TYPES, shufflesOptions } from '../../src/domain/optionOrder';

const likert = ['Always', 'Often', 'Sometimes', 'Rarely', 'Never'];
const choices = ['Paris', 'Rome', 'Madrid', 'Berlin', 'Lisbon', 'Vienna', 'Prague', 'Oslo'];

describe('the order options are shown in', () => {
  it('keeps a scale in its order whatever the seed or the shuffle flag', () => {
    for (const questionType of SCALE_TYPES) {
      for (const seed of ['a', 'b', 'attempt-1:question-9', '']) {
        expect(optionOrder({ questionType, shuffle: true }, likert, seed)).toEqual(likert);
      }
    }
  });

  it('shuffles choices when the question asks for it', () => {
    const shown = ['s1', 's2', 's3', 's4', 's5'].map((seed) => optionOrder({ questionType: 'MULTIPLE_CHOICE', shuffle: true }, choices, seed));
    expect(shown.some((order) => order.join() !== choices.join())).toBe(true);
    for (const order of shown) expect([...order].sort()).toEqual([...choices].sort());
  });

  it('keeps choices in place when shuffling is off', () => {
    expect(optionOrder({ questionType: 'SINGLE_CHOICE', shuffle: false }, choices, 'seed')).toEqual(choices);
  });

  it('gives the same order for the same seed (a reload shows what was shown), another for another seed', () => {
    const question = { questionType: 'SINGLE_CHOICE', shuffle: true };
    expect(optionOrder(question, choices, 'attempt-1:q-1')).toEqual(optionOrder(question, choices, 'attempt-1:q-1'));
    const orders = new Set(Array.from({ length: 20 }, (_, i) => optionOrder(question, choices, `attempt-${i}:q-1`).join()));
    expect(orders.size).toBeGreaterThan(10);
  });

  it('leaves the answers it is given untouched', () => {
    const answers = [...choices];
    optionOrder({ questionType: 'MULTIPLE_CHOICE', shuffle: true }, answers, 'x');
    expect(answers).toEqual(choices);
  });

  it('classes every question type: a scale, shuffled, or without options to order', () => {
    expect(SCALE_TYPES.filter((t) => SHUFFLED_TYPES.includes(t))).toEqual([]);
    const rest = QUESTION_TYPES.filter((t) => !SCALE_TYPES.includes(t) && !SHUFFLED_TYPES.includes(t));
    expect(rest).toEqual(['SHORT_TEXT', 'CODING']);
    expect(shufflesOptions('LIKERT', true)).toBe(false);
    expect(shufflesOptions('RATING_SCALE', true)).toBe(false);
    expect(shufflesOptions('CORRECT_INCORRECT', true)).toBe(true);
    // A sorting question shown in its stored order would show its key.
    expect(shufflesOptions('SORTING_ORDER', false)).toBe(true);
    expect(shufflesOptions('CORRECT_INCORRECT', false)).toBe(false);
  });

  it('spreads a seeded shuffle evenly (each item reaches each place)', () => {
    const counts = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
    for (let i = 0; i < 4000; i++) seededShuffle([0, 1, 2, 3], `seed-${i}`).forEach((item, place) => counts[item][place]++);
    for (const row of counts) for (const n of row) expect(n).toBeGreaterThan(800);
  });
});
