/**
 * Sign-in with Google and LinkedIn (issue 12): the providers and the linked sign-ins' sentences; the
 * providers' failures are messages by code (src/domain/messages.ts, signIn*).
 */
export type SignInProvider = 'google' | 'linkedin';
export const SIGN_IN_PROVIDERS: readonly SignInProvider[] = ['google', 'linkedin'];
export const SIGN_IN_PROVIDER_LABELS: Record<SignInProvider, string> = { google: 'Google', linkedin: 'LinkedIn' };

/** Sentences of the linked sign-ins on /profile. */
export const LINKED_SIGN_IN_MESSAGES = {
  onlyWayIn: 'Set a password before you remove your only way to sign in.',
  hasPassword: 'This account already has a password: change it with your current one.',
  passwordSet: 'Password set. You can now also sign in with your email and this password.',
  notLinked: 'This sign-in is not linked to your account.',
};
