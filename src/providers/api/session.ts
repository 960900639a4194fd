/**
 * The calls that start a session or stand in for one: signing up, codes by mail, password resets
 * and third-party sign-ins. They live on the auth provider (useSessionCalls), not the data
 * provider, whose failures react-admin reads as a session ending: a refused sign-in answers 401.
 */
import type { z } from 'zod';
import type { SignInProvider } from '../../domain/signIns';
import type { oauthStateSchema } from '../../domain/userAnswers';
import type { SignInProviders } from '../../custom/auth/federated';
import type { SessionAnswer } from '../authProvider';
import { get, post } from './calls';

const FEDERATED: Record<SignInProvider, string> = { google: '/api/users/signup-with-google', linkedin: '/api/users/signup-with-linkedin' };

export const sessionCalls = {
  /** Creates a client's account (a company) or a person's, answering the email a code went to. */
  signUp: (values: object, company: boolean) => post<{ email: string }>(company ? '/api/users/signup' : '/api/users/register', values),
  sendCode: (email: string) => post('/api/users/generate-otp', { email }),
  verifyCode: (email: string, otp: string) => post<SessionAnswer>('/api/users/verify-otp', { email, otp }),
  /** Mails a reset link; the answer is the same whether or not the address has an account. */
  forgotPassword: (email: string) => post('/api/users/forgot-password', { email }),
  /** Whether a reset link still holds, and for which address. */
  checkResetToken: (token: string) => post<{ email: string }>('/api/users/reset-password/check', { token }),
  resetPassword: (token: string, password: string) => post('/api/users/reset-password', { token, password }),
  /** Which third-party sign-ins this server offers. */
  getSignInProviders: () => get<SignInProviders>('/api/auth/providers'),
  /** A state (Google's with its nonce; for Google's redirect, also the provider's address). */
  requestSignInState: (provider: SignInProvider, redirect: boolean) =>
    post<z.input<typeof oauthStateSchema>>('/api/auth/oauth-state', { provider, redirect }),
  /** Finishes a Google or LinkedIn sign-in with what the provider gave back. */
  signInWith: (provider: SignInProvider, body: Record<string, string>) => post<SessionAnswer>(FEDERATED[provider], body),
};

export type SessionCalls = typeof sessionCalls;
