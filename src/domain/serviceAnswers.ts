/**
 * What the server's own services answer: its health, the mail outbox, uploads and storage usage,
 * and the code runner's "Try it" (server/modules/health, outbox, uploads, code-runner). Apart from
 * codeRunner.ts, which the candidate's page downloads.
 */
import { z } from 'zod';
import { timestamp } from './answers';
import { ROLES } from './constants';
import { failureSchema } from './allMessages';

/** The code runner's isolation: which backend, which sandbox, and whether it runs anything (why not, when not). */
export const runnerIsolationSchema = z.object({
  backend: z.enum(['local', 'judge0']),
  sandbox: z.enum(['judge0', 'bubblewrap', 'none']),
  ready: z.boolean(),
  message: z.string().optional(),
});

/** GET /api/health: the server is up, its database answers, how it mails and runs code. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: z.string(), state: z.literal('up'), latencyMs: z.number() }),
  mail: z.string(),
  codeRunner: runnerIsolationSchema,
});

/** GET /api/health's 503: a failure that still says what is down. */
export const healthDownSchema = failureSchema.extend({ data: z.object({ status: z.literal('degraded'), database: z.object({ kind: z.string(), state: z.literal('down') }) }) });

/** A mail of the outbox (GET /api/outbox, /api/outbox/:id). */
export const outboxMailSchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'failed', 'logged']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
});

/** GET /api/storage-usage: bytes stored per account and per client, with the quotas. */
export const storageUsageSchema = z.object({
  quotas: z.object({ userBytes: z.number(), clientBytes: z.number() }),
  users: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES), clientId: z.string().nullable(), clientName: z.string().nullable(), bytes: z.number(), files: z.number() }),
  ),
  clients: z.array(z.object({ id: z.string(), name: z.string(), bytes: z.number(), files: z.number() })),
});

const usedOf = z.object({ bytes: z.number(), quotaBytes: z.number() });
/** GET /api/storage-usage/me: the caller's own bytes, and its client's (null for an account of no client). */
export const ownStorageUsageSchema = z.object({ user: usedOf, client: usedOf.nullable() });

/** A row of GET /api/question/run-test/languages: whether this server runs a programming language. */
export const languageAvailabilitySchema = z.object({ id: z.number(), name: z.string(), available: z.boolean(), version: z.string().optional(), reason: z.string().optional() });

/** A test case's outcome as a candidate sees it: output and verdict (staff also see its points). */
export const caseOutcomeSchema = z.object({
  index: z.number(),
  status: z.enum(['error', 'timeout', 'memory', 'compile_error', 'output_limit', 'passed', 'failed', 'ran']),
  stdout: z.string(),
  stderr: z.string(),
  timeMs: z.number(),
  passed: z.boolean(),
});

/** POST /api/question/run-test: each test case's outcome and the points (codeRunner.ts RunResult). */
export const runResultSchema = z.object({
  language: z.object({ id: z.number(), name: z.string() }),
  backend: z.enum(['local', 'judge0']),
  results: z.array(caseOutcomeSchema.extend({ points: z.number(), maxPoints: z.number(), hidden: z.boolean() })),
  passedCount: z.number(),
  totalPoints: z.number(),
  earnedPoints: z.number(),
});
