/** What the browser keeps between visits: the access token and email (spec keys), and the UI language. */
import { STORAGE_KEYS } from '../domain/constants';

export const storage = {
  token: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  email: () => localStorage.getItem(STORAGE_KEYS.email),
  saveSession(token: string, email?: string) {
    localStorage.setItem(STORAGE_KEYS.accessToken, token);
    if (email) localStorage.setItem(STORAGE_KEYS.email, email);
  },
  clearSession() {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.email);
  },
  /** The email waiting for its one-time code, between the login and /otp pages. */
  pendingEmail: () => sessionStorage.getItem('pendingEmail'),
  setPendingEmail(email: string | null) {
    if (email) sessionStorage.setItem('pendingEmail', email);
    else sessionStorage.removeItem('pendingEmail');
  },
};
