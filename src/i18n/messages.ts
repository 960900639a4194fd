/** Server and validation messages (English sentences) shown in the user's language when we know them. */
import type { TranslateFunction } from 'react-admin';

const KNOWN: Record<string, string> = {
  'Invalid username or password': 'app.auth.invalidLogin',
  'Login failed. Please try again.': 'app.auth.loginFailed',
  'Probably you are offline.': 'app.auth.offline',
  'Something went wrong.': 'app.auth.somethingWrong',
  'Something went wrong': 'app.auth.providerFailed',
  'User closed the popup': 'app.auth.linkedinClosed',
  'State does not match': 'app.auth.stateMismatch',
  'This reset link is invalid or has expired.': 'app.auth.resetInvalid',
};

/** "Enter the 6-digit code" → "enter_the_6digit_code", the key under app.validation. */
export const messageSlug = (message: string) =>
  message
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .trim()
    .replace(/\s+/g, '_');

export function translateMessage(translate: TranslateFunction, message: string | undefined | null): string {
  if (!message) return translate('app.auth.somethingWrong');
  const key = KNOWN[message] ?? `app.validation.${messageSlug(message)}`;
  return translate(key, { _: message });
}
