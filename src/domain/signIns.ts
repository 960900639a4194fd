/**
 * Sign-in with Google and LinkedIn (issue 12): the providers and the server's sentences, shared so
 * that the server says them and the interface translates them from one list.
 */
export type SignInProvider = 'google' | 'linkedin';
export const SIGN_IN_PROVIDERS: readonly SignInProvider[] = ['google', 'linkedin'];
export const SIGN_IN_PROVIDER_LABELS: Record<SignInProvider, string> = { google: 'Google', linkedin: 'LinkedIn' };

/** Sentences naming the provider. */
export const SIGN_IN_MESSAGES = {
  notConfigured: (provider: string) => `${provider} sign-in is not configured on this server.`,
  unreachable: (provider: string) => `${provider} sign-in is unavailable right now: its server could not be reached. Try again in a few minutes.`,
  unusable: (provider: string) => `${provider} answered in a way this server cannot use. Try again in a few minutes.`,
  notConfirmed: (provider: string) => `${provider} could not confirm who you are. Sign in again.`,
  codeUsed: (provider: string) => `This ${provider} sign-in has expired or was already used. Sign in again.`,
  noVerifiedEmail: (provider: string) =>
    `Your ${provider} account has no verified email, so it cannot sign you in here. Verify your email with ${provider}, or sign in with your password.`,
} as const;

/** Sentences of the linked sign-ins on /profile. */
export const LINKED_SIGN_IN_MESSAGES = {
  onlyWayIn: 'Set a password before you remove your only way to sign in.',
  hasPassword: 'This account already has a password: change it with your current one.',
  passwordSet: 'Password set. You can now also sign in with your email and this password.',
  notLinked: 'This sign-in is not linked to your account.',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each provider sentence as a pattern that captures the provider's name, for the translations. */
export const SIGN_IN_MESSAGE_PATTERNS: [RegExp, keyof typeof SIGN_IN_MESSAGES][] = (Object.keys(SIGN_IN_MESSAGES) as (keyof typeof SIGN_IN_MESSAGES)[]).map((name) => {
  const marker = '\u0000';
  const source = escapeRegExp(SIGN_IN_MESSAGES[name](marker)).split(marker).join('(Google|LinkedIn)');
  return [new RegExp(`^${source}$`), name];
});
