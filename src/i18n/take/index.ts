/**
 * The candidate's page's translator: its own small dictionaries, `%{name}` interpolation,
 * "one |||| many" by `smart_count` (as polyglot does in the admin, without loading it), and the
 * server's failures worded by their code (`messages.<code>`, src/domain/messages.ts).
 *
 * Each language comes in two parts, so that the first screen downloads only its own words: the
 * first screen's (a small chunk per language, loaded before the page shows: a Hindi reader does not
 * download the English words too) and the flow's, loaded with the flow's code (`loadFlowMessages`).
 */
import type { UiLanguage } from '../../domain/language';
import type { FirstScreenMessages } from './en';
import type { FlowMessages } from './en.flow';

export type TakeMessages = FirstScreenMessages & FlowMessages;

const loaders: Record<UiLanguage, { first: () => Promise<FirstScreenMessages>; flow: () => Promise<FlowMessages> }> = {
  en: { first: () => import('./en').then((m) => m.default), flow: () => import('./en.flow').then((m) => m.default) },
  hi: { first: () => import('./hi').then((m) => m.default), flow: () => import('./hi.flow').then((m) => m.default) },
};

const loaded: Partial<Record<UiLanguage, Partial<TakeMessages>>> = {};
/** Once the flow has been asked for, every language loaded later brings its flow part too. */
let flowWanted = false;

const hasFlow = (language: UiLanguage) => loaded[language]?.question !== undefined;

/** Loads a language's words (once): the first screen's, and the flow's once the flow is wanted. */
export async function loadMessages(language: UiLanguage): Promise<void> {
  const parts = await Promise.all([
    loaded[language]?.app ? undefined : loaders[language].first(),
    flowWanted && !hasFlow(language) ? loaders[language].flow() : undefined,
  ]);
  const before = loaded[language];
  // Both parts word failures (`messages`): the first screen's codes and the flow's, kept together.
  loaded[language] = { ...before, ...parts[0], ...parts[1], messages: { ...before?.messages, ...parts[0]?.messages, ...parts[1]?.messages } as TakeMessages['messages'] };
}

/** The interface language of the page (kept by the page's provider), for loads that do not say which. */
let active: UiLanguage = 'en';
export const activateLanguage = (language: UiLanguage) => {
  active = language;
};

/** The flow's words, in English (the fallback) and in the interface language: the flow's screens load this with their code. */
export async function loadFlowMessages(language: UiLanguage = active): Promise<void> {
  flowWanted = true;
  await loadMessages(language);
}

export const isLoaded = (language: UiLanguage) => loaded[language]?.app !== undefined && (!flowWanted || hasFlow(language));

/** Dotted paths to the dictionary's strings: 'question.heading', 'answers.coding.status.passed'. */
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
export type TakeKey = Paths<TakeMessages>;
export type TakeVars = Record<string, string | number>;
export type Translate = (key: TakeKey, vars?: TakeVars) => string;

function lookup(messages: Partial<TakeMessages> | undefined, key: string): string | undefined {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return typeof found === 'string' ? found : undefined;
}

export function interpolate(text: string, vars: TakeVars = {}): string {
  const forms = text.split(' |||| ');
  const count = vars.smart_count;
  const chosen = forms.length > 1 && typeof count === 'number' ? forms[count === 1 ? 0 : 1] : forms[0];
  return chosen.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Translates in a language (English where that language's words are not loaded, then the key: en.ts and hi.ts have the same keys). */
export function createTranslate(language: UiLanguage): Translate {
  return (key, vars) => interpolate(lookup(loaded[language], key) ?? lookup(loaded.en, key) ?? key, vars);
}

/** A failure as the server answered it: its code and what fills it, where it has them, and its English words. */
export interface ServerFailure {
  code?: string;
  params?: TakeVars;
  message?: string | null;
}

/** The words of a code in a language's loaded dictionary. */
function wordsOf(messages: Partial<TakeMessages> | undefined, code: string): string | undefined {
  const words = messages?.messages;
  return words && Object.hasOwn(words, code) ? (words as Record<string, string>)[code] : undefined;
}

/**
 * A failure in the interface language: its code's words in that language, else in English, else
 * the server's English sentence (a code this page does not know), else a generic sentence.
 */
export function failureWords(language: UiLanguage, failure: ServerFailure): string {
  const { code, params, message } = failure;
  const words = code ? (wordsOf(loaded[language], code) ?? wordsOf(loaded.en, code)) : undefined;
  if (words) return interpolate(words, params);
  return message || createTranslate(language)('errors.generic');
}
