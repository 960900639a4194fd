/**
 * Security headers, computed once. (@fastify/helmet rebuilds its policy on every request and
 * halved the throughput of a trivial route in bench/; these are the headers it would send.)
 */
import type { FastifyInstance } from 'fastify';

/** The policy, with the storage's origin among the places pages may connect to (direct uploads to S3). */
const contentSecurityPolicy = (uploadOrigin: string | null) => [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (emotion) injects style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  uploadOrigin ? `connect-src 'self' ${uploadOrigin}` : "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const securityHeaders = (uploadOrigin: string | null = null): Readonly<Record<string, string>> => ({
  'content-security-policy': contentSecurityPolicy(uploadOrigin),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
});

/** Every answer's headers; the storage (decorated before this runs) says where else uploads go. */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders(app.services?.storage.uploadOrigin ?? null);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

/**
 * The candidate's page asks for the camera, the microphone and full screen, for itself only (no
 * frame, no other origin); every other page may use none of them.
 */
export const TAKE_PAGE_PERMISSIONS = 'camera=(self), microphone=(self), fullscreen=(self), display-capture=(), geolocation=()';
