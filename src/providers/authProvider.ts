/**
 * Sign-in state for react-admin: tokens in local storage, the profile (with its computed
 * permissions) loaded once per page load, and canAccess decided by the shared permission rules.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { z } from 'zod';
import { landingPath } from '../domain/navigation';
import { canAccessResource } from '../domain/permissions';
import type { profileSchema, sessionAnswerSchema } from '../domain/userAnswers';
import { sessionCalls, type SessionCalls } from './api/session';
import { DEFAULT_ERROR, request } from './httpClient';
import { rememberReturnTo, takeReturnTo } from './returnTo';
import { storage } from './storage';

/** GET /api/users/me */
export type Profile = z.input<typeof profileSchema>;

/** What signing in (and verifying its code) answers. */
export type SessionAnswer = z.input<typeof sessionAnswerSchema>;

export const LOGIN_FAILED = 'Login failed. Please try again.';

let profile: Profile | null = null;
let loading: Promise<Profile> | null = null;

/** The profile of the signed-in user; fetched once, shared by every caller. */
export function loadProfile(force = false): Promise<Profile> {
  if (profile && !force) return Promise.resolve(profile);
  loading ??= request<Profile>({ url: '/api/users/me' })
    .then((p) => (profile = p))
    .finally(() => {
      loading = null;
    });
  return loading;
}

export const currentProfile = () => profile;

function forget() {
  profile = null;
  storage.clearSession();
}

/** Stores a fresh session and loads its profile; answers where to go next. */
export async function startSession(answer: SessionAnswer): Promise<string> {
  if (!answer.token) throw new Error(LOGIN_FAILED);
  storage.saveSession(answer.token, answer.email);
  storage.setPendingEmail(null);
  const p = await loadProfile(true);
  // Back to the link the user opened signed out, if any.
  return takeReturnTo(landingPath(p));
}

/** react-admin's auth provider, with the calls that start a session beside its own (api/session.ts). */
export type AppAuthProvider = AuthProvider & SessionCalls;

export const authProvider: AppAuthProvider = {
  ...sessionCalls,

  async login({ username, password }: { username: string; password: string }): Promise<{ redirectTo: string }> {
    const answer = await request<SessionAnswer>({ url: '/api/users/login', method: 'POST', data: { email: username, password } });
    if (!answer.isVerified) {
      // Unverified: a code goes to the mailbox and the code page takes over.
      storage.setPendingEmail(answer.email);
      await sessionCalls.sendCode(answer.email);
      return { redirectTo: '/otp' };
    }
    return { redirectTo: await startSession(answer) };
  },

  async logout() {
    const hadSession = !!storage.token();
    forget();
    if (hadSession) await request({ url: '/api/users/logout', method: 'POST', data: {} }).catch(() => undefined);
    return '/';
  },

  async checkAuth() {
    if (!storage.token()) throw { redirectTo: '/', message: false };
    try {
      await loadProfile();
    } catch {
      // A profile that cannot load at start signs the user out silently, keeping where they were.
      rememberReturnTo(window.location);
      forget();
      throw { redirectTo: '/', message: false };
    }
  },

  async checkError(error: { status?: number; message?: string }) {
    if (error?.status === 401) {
      rememberReturnTo(window.location);
      forget();
      throw { redirectTo: '/', message: error.message || DEFAULT_ERROR };
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const p = await loadProfile();
    return { id: p.id, fullName: p.name, email: p.email, role: p.role };
  },

  /** The whole profile: menus need the role and membership type as well as the permission list. */
  async getPermissions() {
    if (!storage.token()) return null;
    return loadProfile();
  },

  async canAccess({ resource, action }: { resource: string; action: string }) {
    if (!storage.token()) return false;
    const p = await loadProfile().catch(() => null);
    return canAccessResource(p, resource, action);
  },
};
