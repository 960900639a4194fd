/**
 * Messages given as words rather than codes, shown in the reader's language: a message of
 * src/domain/messages.ts by its words (a shared schema's field message, checked in the browser),
 * or one of the sentences below that still travel without a code. The i18n provider applies it
 * to every translate() call, so toasts and field messages from react-admin are covered too.
 */
import type { TranslateFunction } from 'react-admin';
import { codeOfWords, isMessageCode, type MessageParams } from '../domain/messages';
import { CAREERS_MESSAGE_KEYS } from '../domain/careers';
import { CLIENT_MESSAGE_KEYS } from '../domain/clients';
import { ORDER_SERVER_MESSAGES } from '../domain/business';
import { JOB_MESSAGE_KEYS } from '../domain/jobs';
import { DASHBOARD_MESSAGES } from '../domain/dashboards';
import { LINKED_SIGN_IN_MESSAGES } from '../domain/signIns';

const KNOWN: Record<string, string> = {
  'Invalid username or password': 'app.auth.invalidLogin',
  'Login failed. Please try again.': 'app.auth.loginFailed',
  'Probably you are offline.': 'app.auth.offline',
  'Something went wrong.': 'app.auth.somethingWrong',
  'Something went wrong': 'app.auth.providerFailed',
  'User closed the popup': 'app.auth.linkedinClosed',
  'State does not match': 'app.auth.stateMismatch',
  'This reset link is invalid or has expired.': 'app.auth.resetInvalid',
  // Issue 11: licences (BUSINESS_MESSAGES)
  'No assessment credits left: place an order or ask for a licence.': 'app.licences.messages.noCredits',
  'Credits must be a whole number from 1 to 100,000.': 'app.licences.messages.licenceCredits',
  'Choose one of this client’s assessments, a library assessment it was given, or any assessment.': 'app.licences.messages.licenceAssessment',
  'Choose a client.': 'app.licences.messages.licenceClient',
  'Choose the client whose balance to show.': 'app.licences.messages.balanceClient',
  'A licence must end after it starts.': 'app.licences.messages.licenceDates',
  ...CLIENT_MESSAGE_KEYS,
  ...Object.fromEntries(Object.entries(ORDER_SERVER_MESSAGES).map(([key, sentence]) => [sentence, `app.orders.messages.${key}`])),
  ...JOB_MESSAGE_KEYS,
  ...CAREERS_MESSAGE_KEYS,
  ...Object.fromEntries(Object.entries(DASHBOARD_MESSAGES).map(([name, message]) => [message, `app.dashboards.messages.${name}`])),
  ...Object.fromEntries(Object.entries(LINKED_SIGN_IN_MESSAGES).map(([name, message]) => [message, `app.signIns.messages.${name}`])),
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
  return { key: code ? `app.messages.${code}` : (KNOWN[message] ?? message) };
}

export function translateMessage(translate: TranslateFunction, message: string | undefined | null): string {
  if (!message) return translate('app.auth.somethingWrong');
  // Looked up directly, so a one-word message is mapped too (the provider maps only sentences).
  const known = messageKey(message);
  return translate(known.key, { ...known.options, _: message });
}

/** A failure as the API answers it (src/domain/messages.ts failureSchema). */
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
