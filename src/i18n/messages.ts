/**
 * Messages given as words rather than codes, shown in the reader's language: a message of
 * src/domain/allMessages.ts by its words (a shared schema's field message, checked in the
 * browser; a sentence an API answer carries), or one of the few sentences the browser's own
 * libraries throw (sign-in popups, the network). The i18n provider applies it to every
 * translate() call, so toasts and field messages from react-admin are covered too.
 */
import type { TranslateFunction } from 'react-admin';
import { codeOfWords, isMessageCode } from '../domain/allMessages';
import type { MessageParams } from '../domain/messages';

/** The sentences of the browser's libraries and network layer, by their keys. */
const LIBRARY_SENTENCES: Record<string, string> = {
  'Invalid username or password': 'app.auth.invalidLogin',
  'Login failed. Please try again.': 'app.auth.loginFailed',
  'Probably you are offline.': 'app.auth.offline',
  'Something went wrong.': 'app.auth.somethingWrong',
  'Something went wrong': 'app.auth.providerFailed',
  'User closed the popup': 'app.auth.linkedinClosed',
  'State does not match': 'app.auth.stateMismatch',
  'This reset link is invalid or has expired.': 'app.auth.resetInvalid',
};

/**
 * A sentence to look up rather than a key: keys' first segment never holds a space (later ones
 * may: 'app.enums.entity.TEAM MEMBERS'), a sentence's first words do.
 */
export const isSentence = (key: string) => /\s/.test(key.trim().split('.')[0]);

export interface MessageLookup {
  key: string;
  options?: Record<string, unknown>;
}

/** The translation key (and values) of a sentence; the caller falls back to the sentence when the key is missing. */
export function messageKey(message: string): MessageLookup {
  const code = codeOfWords(message);
  return { key: code ? `app.messages.${code}` : (LIBRARY_SENTENCES[message] ?? message) };
}

export function translateMessage(translate: TranslateFunction, message: string | undefined | null): string {
  if (!message) return translate('app.auth.somethingWrong');
  // Looked up directly, so a one-word message is mapped too (the provider maps only sentences).
  const known = messageKey(message);
  return translate(known.key, { ...known.options, _: message });
}

/** A failure as the API answers it (src/domain/allMessages.ts failureSchema). */
export interface Failure {
  msg?: string;
  code?: unknown;
  params?: MessageParams;
}

/** A failure's words in the reader's language: its code's where it has one, else its sentence (as sent, or known). */
export function failureWords(translate: TranslateFunction, failure: Failure): string {
  if (isMessageCode(failure.code)) return translate(`app.messages.${failure.code}`, { ...failure.params, _: failure.msg ?? failure.code });
  return translateMessage(translate, failure.msg);
}
