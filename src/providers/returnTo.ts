/**
 * Signed-out deep links: a mailed link (a report, an order) opened without a session goes to the
 * sign-in form at once, and back to the link after sign-in, whichever way the user signs in
 * (password, the one-time code, Google or LinkedIn): the link waits in this tab's sessionStorage.
 *
 * The pages a signed-out browser may open are listed here once; App.tsx mounts them.
 */
import { matchPath } from 'react-router-dom';
import { REPORT_PATHS } from '../domain/printing';
import { ORDER_PATHS } from '../domain/printing';

/** Sign-in and sign-up pages: a signed-in user is sent on to the app from them. */
export const SIGNED_OUT_PAGES = ['/', '/signup', '/generic-signup', '/otp', '/linkedIn', '/welcome', '/forgotpassword', '/resetPassword', '/newPassword'] as const;

/** Pages anyone opens, signed in or not: the sign-in landings and the print pages (a ticket of their own). */
const OPEN_PAGES = ['/googlesignin', '/login-loader', '/login', REPORT_PATHS.printPattern, ORDER_PATHS.printInvoicePattern];

const KEY = 'skillgauge.returnTo';

/** Whether a path is one of the pages a browser without a session may show. */
export const isPublicPath = (pathname: string) => [...SIGNED_OUT_PAGES, ...OPEN_PAGES].some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);

/** An address inside the app that is safe to go back to ('/orders?x=1'), never another site's. */
const inApp = (target: string) => target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');

/** Keeps where the user was going, to go there after sign-in (public pages are not kept). */
export function rememberReturnTo(location: Pick<Location, 'pathname' | 'search' | 'hash'>): void {
  if (isPublicPath(location.pathname)) return;
  const target = `${location.pathname}${location.search}${location.hash}`;
  try {
    if (inApp(target)) sessionStorage.setItem(KEY, target);
  } catch {
    // Storage refused (a private window): the user lands on the dashboard instead.
  }
}

/** Where to go after sign-in, once: the kept link, or `fallback` (the user's landing page). */
export function takeReturnTo(fallback: string): string {
  try {
    const target = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (target && inApp(target)) return target;
  } catch {
    // As above.
  }
  return fallback;
}

/**
 * Before the app starts: a browser without a session that opened a private page is shown the
 * sign-in form at once, the page kept for after sign-in (rather than react-admin's check, which
 * shows nothing while it signs out and redirects).
 */
export function sendSignedOutToSignIn(hasSession: boolean, location: Location = window.location, history: History = window.history): void {
  if (hasSession || isPublicPath(location.pathname)) return;
  rememberReturnTo(location);
  history.replaceState(null, '', '/');
}
