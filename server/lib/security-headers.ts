/**
 * Security headers, computed once. (@fastify/helmet rebuilds its policy on every request and
 * halved the throughput of a trivial route in bench/; these are the headers it would send.)
 */
import type { FastifyInstance } from 'fastify';

/** Where LinkedIn's sign-in popup lands (src/custom/auth/ProviderPages.tsx). */
const POPUP_LANDING = '/linkedIn';

/** Google's sign-in button: its script, its frame and its calls come from here (Google's guidance for a CSP). */
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

interface PolicyOptions {
  /** The storage's origin, where pages upload directly (S3). */
  uploadOrigin: string | null;
  /** Whether Google's sign-in button is offered (GOOGLE_CLIENT_ID is set). */
  googleSignIn: boolean;
}

const contentSecurityPolicy = ({ uploadOrigin, googleSignIn }: PolicyOptions) => {
  const google = googleSignIn ? ` ${GOOGLE_SIGN_IN}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${googleSignIn ? ` ${GOOGLE_SIGN_IN}client` : ''}`,
    // MUI (emotion) injects style elements at run time.
    `style-src 'self' 'unsafe-inline'${googleSignIn ? ` ${GOOGLE_SIGN_IN}style` : ''}`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    `connect-src 'self'${uploadOrigin ? ` ${uploadOrigin}` : ''}${google}`,
    ...(googleSignIn ? [`frame-src${google}`] : []),
    "font-src 'self' data:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
};

export const securityHeaders = (options: PolicyOptions = { uploadOrigin: null, googleSignIn: false }): Readonly<Record<string, string>> => ({
  'content-security-policy': contentSecurityPolicy(options),
  // Our own popups (LinkedIn's and Google's sign-in) keep their opener, to hand the result back.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  // Google's button checks the page's origin through the referrer; only the origin leaves this site.
  'referrer-policy': options.googleSignIn ? 'strict-origin-when-cross-origin' : 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
});

/** Every answer's headers; the storage and the sign-in providers (decorated before this runs) widen the policy. */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders({
    uploadOrigin: app.services?.storage.uploadOrigin ?? null,
    googleSignIn: !!app.services?.identityProviders.settings('google'),
  });
  // LinkedIn's popup comes back to /linkedIn from LinkedIn's origin: with any opener policy there,
  // the browser would cut the popup off from the window that opened it, and the code with it.
  const popupLanding = { ...headers, 'cross-origin-opener-policy': 'unsafe-none' };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.url === POPUP_LANDING || request.url.startsWith(`${POPUP_LANDING}?`) ? popupLanding : headers);
  });
}

/**
 * The candidate's page asks for the camera, the microphone and full screen, for itself only (no
 * frame, no other origin); every other page may use none of them.
 */
export const TAKE_PAGE_PERMISSIONS = 'camera=(self), microphone=(self), fullscreen=(self), display-capture=(), geolocation=()';
