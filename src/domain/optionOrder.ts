/**
 * The order a candidate sees a question's options in, and a test's questions: one rule for the
 * test preview and the candidate's flow. Scales keep their order (a shuffled Often, Never, Always
 * is no longer a scale); choices are shuffled when the question asks for it. Shuffling is seeded,
 * so a reload shows the same order.
 */
import type { QuestionType } from './content';
import { hashSeed, seededRandom } from './random';

/** Options that form a scale: their order is their meaning. */
export const SCALE_TYPES: readonly QuestionType[] = ['LIKERT', 'LIKERT_VARIANT', 'RATING_SCALE'];

/**
 * Options that are choices (and the items of a sorting question, whose stored order is the
 * answer): shuffled when the question's shuffle flag is on.
 */
export const SHUFFLED_TYPES: readonly QuestionType[] = ['MULTIPLE_CHOICE', 'SINGLE_CHOICE', 'CORRECT_INCORRECT', 'SORTING_ORDER'];

/** A sorting question's items in their stored order would be its key: they are shuffled whatever the flag says. */
export const ALWAYS_SHUFFLED_TYPES: readonly QuestionType[] = ['SORTING_ORDER'];

export function shufflesOptions(questionType: string, shuffle: boolean): boolean {
  return (ALWAYS_SHUFFLED_TYPES as readonly string[]).includes(questionType) || (shuffle && (SHUFFLED_TYPES as readonly string[]).includes(questionType));
}

/** The items in an order fixed by the seed (Fisher–Yates); the input is left as it is. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(hashSeed(seed));
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * A question's options in the order to show: as stored for scales and when shuffling is off (but
 * never for sorting questions), else shuffled by the seed (e.g. the attempt's id and the question's id).
 */
export function optionOrder<T>(question: { questionType: string; shuffle: boolean }, answers: readonly T[], seed: string): T[] {
  return shufflesOptions(question.questionType, question.shuffle) ? seededShuffle(answers, seed) : [...answers];
}
