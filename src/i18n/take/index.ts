/**
 * The candidate's page's translator: its own small dictionaries, `%{name}` interpolation,
 * "one |||| many" by `smart_count` (as polyglot does in the admin, without loading it), and the
 * server's fixed sentences looked up by their slug, as the admin looks them up.
 *
 * Each language comes in two parts, so that the first screen downloads only its own words: the
 * first screen's (a small chunk per language, loaded before the page shows: a Hindi reader does not
 * download the English words too) and the flow's, loaded with the flow's code (`loadFlowMessages`).
 */
import type { UiLanguage } from '../../domain/language';
import { messageSlug } from '../messageSlug';
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

const hasFlow = (language: UiLanguage) => loaded[language]?.server !== undefined;

/** Loads a language's words (once): the first screen's, and the flow's once the flow is wanted. */
export async function loadMessages(language: UiLanguage): Promise<void> {
  const parts = await Promise.all([
    loaded[language]?.app ? undefined : loaders[language].first(),
    flowWanted && !hasFlow(language) ? loaders[language].flow() : undefined,
  ]);
  loaded[language] = { ...loaded[language], ...parts[0], ...parts[1] };
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

/** Sentences with a figure in them, as src/i18n/messages.ts PATTERNS has them. */
const PATTERNS: [RegExp, (m: RegExpMatchArray) => [TakeKey, TakeVars]][] = [
  [/^Too many attempts\. Try again in (\d+) (second|minute)s?\.$/, (m) => [m[2] === 'second' ? 'linkMessages.too_many_attempts_seconds' : 'linkMessages.too_many_attempts_minutes', { smart_count: Number(m[1]) }]],
];

/** The dictionary key of a fixed server sentence: the first screens' (the link, the public form) or the others (the flow's). */
export function serverMessageKey(message: string, language: UiLanguage = active): TakeKey {
  const slug = messageSlug(message);
  const first = loaded[language]?.linkMessages ?? loaded.en?.linkMessages;
  return (first && Object.hasOwn(first, slug) ? `linkMessages.${slug}` : `server.${slug}`) as TakeKey;
}

/** A server sentence in the interface language when it is a known one, else as sent. */
export function translateServerMessage(language: UiLanguage, message: string | null | undefined): string {
  if (!message) return createTranslate(language)('errors.generic');
  for (const [pattern, found] of PATTERNS) {
    const match = message.match(pattern);
    if (match) {
      const [key, vars] = found(match);
      const text = lookup(loaded[language], key);
      if (text) return interpolate(text, vars);
    }
  }
  return lookup(loaded[language], serverMessageKey(message, language)) ?? message;
}
