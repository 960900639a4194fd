/**
 * The candidate's API (DESIGN.md section 6): the calls the `/take/:token` page makes and the shapes
 * they answer, written once for the server (routes in server/modules/take) and the page (src/take).
 * Every call is authorised by the invitation's token alone and reads only that attempt; every
 * answer carries the server's clock (`serverNow`) so the page can keep its offset.
 *
 *   GET  /api/take/:token                         → TakeState (also: opened, last seen)
 *   POST /api/take/:token/start      {language}   → TakeState (PENDING → IN_PROGRESS; parts built)
 *   POST /api/take/:token/parts/:partId/start     → TakeState (the part's deadline is written)
 *   POST /api/take/:token/parts/:partId/finish    → TakeState (closes the part; hidden cases run;
 *                                                   a disqualifying qualifying answer ends the attempt;
 *                                                   the last part completes the attempt)
 *   PUT  /api/take/:token/answers    SaveRequest  → SaveAck (idempotent by idempotencyKey)
 *   POST /api/take/:token/run        RunRequest   → CandidateRunResult (the visible cases only, no points)
 *   POST /api/take/:token/media      MediaRequest → MediaTicket (signed upload URL)
 *   POST /api/take/:token/events     {events}     → {stored, serverNow}
 *   POST /api/take/:token/ping                    → {serverNow} (keeps "online" and the clock offset fresh)
 *   GET  /api/take/public/:slug                   → PublicAssessment
 *   POST /api/take/public/:slug     {name,email,phone} → {token} (one attempt per email; the link is mailed too)
 *
 * Errors are the API's usual `{ result: 0, msg, code, params }` with a 4xx, each by its code
 * (src/domain/messages.ts, the section "The candidate's page"): 404 linkNotFound, 410 linkRevoked or
 * linkExpired, 409 tooLate / attemptFinished / partClosed, 422 an answer's check.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';
import type { AssessmentType, EntryType, ProctoringSettings } from './assessment';
import { extraTimeMs, saveEnvelopeSchema, type ExtraTime, type InvitationStatus, type PartKind, type ResumePosition } from './attempt';
import type { CandidateAnswer, CandidateQuestion } from './attemptQuestions';
import type { RunStatus } from './codeRunner';
import type { NameTranslation } from './language';
import type { OtherDevice } from './takeDevice';

/** A part of the attempt as the page lists it (no question content). */
export interface TakePart {
  id: string;
  kind: PartKind;
  /** The test's name in every language it is written in (English first) for a test; null for the others (the page names them). */
  titles: NameTranslation[] | null;
  questionCount: number;
  durationSeconds: number | null;
  /** Epoch milliseconds on the server's clock. */
  startedAt: number | null;
  deadline: number | null;
  finishedAt: number | null;
}

/** Everything the page needs to show where the candidate is. */
export interface TakeState {
  serverNow: number;
  invitation: {
    status: InvitationStatus;
    entryType: EntryType;
    candidateName: string;
    /** Null until the candidate chooses (at start). */
    language: string | null;
    expiresAt: number | null;
    /** The whole assessment's deadline, where it has a total time. */
    deadline: number | null;
  };
  assessment: {
    /** Name and description in English and each language offered that has them: the page picks one (`nameIn`). */
    names: NameTranslation[];
    type: AssessmentType;
    languages: string[];
    totalTimeSeconds: number | null;
    proctoring: ProctoringSettings;
    /** About how long it takes, in minutes (the tests' durations added up), for the instructions. */
    estimatedMinutes: number;
    hasCoding: boolean;
    hasVideo: boolean;
  };
  /** Empty until the attempt starts. */
  parts: TakePart[];
  position: ResumePosition;
  /** Set when the attempt is also open on another device (both pages say so, politely; the report shows it). */
  otherDevice: OtherDevice | null;
  /** The open part's questions (in this attempt's order) and the answers stored for them; null when none is open. */
  currentPart: {
    id: string;
    questions: CandidateQuestion[];
    answers: Record<string, CandidateAnswer>;
    /** Re-takes used per video question. */
    videoTakes?: Record<string, number>;
  } | null;
}

export const startSchema = z.strictObject({ language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, MESSAGES.chooseLanguage) });

/** A save: the envelope of `saveEnvelopeSchema` plus the answer, checked against its question on the server. */
export const saveRequestSchema = saveEnvelopeSchema.extend({ answer: z.unknown() });
export type SaveRequest = z.infer<typeof saveRequestSchema>;

export interface SaveAck {
  serverNow: number;
  idempotencyKey: string;
  /** What the server did: stored (INSERT/REPLACE), already had it (DUPLICATE), or kept a newer one (STALE). */
  decision: 'INSERT' | 'REPLACE' | 'DUPLICATE' | 'STALE';
}

export const runRequestSchema = z.strictObject({
  questionId: z.string().min(1).max(100),
  languageId: z.number({ error: MESSAGES.chooseProgrammingLanguage }).int(),
  source: z.string({ error: MESSAGES.sourceRequired }),
});

/** A run of the visible examples as the candidate receives it: outputs and verdicts, never points. */
export interface CandidateRunResult {
  language: { id: number; name: string };
  results: { index: number; status: RunStatus; stdout: string; stderr: string; timeMs: number; passed: boolean }[];
  passedCount: number;
}

export const MEDIA_KINDS = ['VIDEO_ANSWER', 'SNAPSHOT'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** The largest recording of each kind, in bytes. */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = { VIDEO_ANSWER: 200 * 1024 * 1024, SNAPSHOT: 2 * 1024 * 1024 };
export const MEDIA_CONTENT_TYPES = ['video/webm', 'video/mp4', 'image/jpeg', 'image/webp'] as const;
export const mediaRequestSchema = z.strictObject({
  kind: z.enum(MEDIA_KINDS),
  /** Video answers: the video question answered. */
  questionId: z.string().min(1).max(100).optional(),
  contentType: z.enum(MEDIA_CONTENT_TYPES, { error: MESSAGES.recordingType }),
  size: z.number().int().positive(),
  durationMs: z.number().int().nonnegative().max(3_600_000).optional(),
});
export interface MediaTicket {
  mediaId: string;
  objectKey: string;
  uploadUrl: string;
  /** The method and headers the upload must use. */
  method: 'PUT';
  headers: Record<string, string>;
}

export const PROCTORING_EVENT_TYPES = [
  'TAB_HIDDEN',
  'TAB_VISIBLE',
  'WINDOW_BLUR',
  'WINDOW_FOCUS',
  'FULLSCREEN_EXIT',
  'FULLSCREEN_ENTER',
  'PASTE',
  'CAMERA_LOST',
  'MICROPHONE_LOST',
  'DEVICE_CHECK_PASSED',
  'OFFLINE',
  'ONLINE',
] as const;
/** Events the page records and sends. */
export type ProctoringEventType = (typeof PROCTORING_EVENT_TYPES)[number];
/** Events only the server records: another device took up the same attempt (its page cannot vouch for itself). */
export const SERVER_EVENT_TYPES = ['SECOND_DEVICE'] as const;
export type RecordedEventType = ProctoringEventType | (typeof SERVER_EVENT_TYPES)[number];

export const MAX_EVENTS_PER_BATCH = 100;
export const eventsSchema = z.strictObject({
  events: z
    .array(
      z.strictObject({
        key: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
        type: z.enum(PROCTORING_EVENT_TYPES),
        occurredAt: z.number().finite(),
        partId: z.string().max(100).optional(),
        questionId: z.string().max(100).optional(),
        detail: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean()])).optional(),
      }),
    )
    .min(1)
    .max(MAX_EVENTS_PER_BATCH),
});

/** An untimed part counts as this long when snapshot tickets are bounded. */
export const UNTIMED_PART_SECONDS = 60 * 60;

/**
 * How many snapshot tickets one attempt may ask for: two per snapshot interval of its time (a
 * failed upload asks again), extra time included, untimed parts counted as an hour each (parts
 * without questions not at all), and ten
 * more (each page load takes one at once). None when the assessment takes no snapshots.
 */
export function snapshotTicketLimit(
  parts: readonly { durationSeconds: number | null; questionIds: readonly string[] }[],
  proctoring: { cameraRequired: boolean; snapshotIntervalSeconds: number | null },
  extraTime: ExtraTime | null,
): number {
  const interval = proctoring.snapshotIntervalSeconds;
  if (!proctoring.cameraRequired || !interval) return 0;
  const seconds = parts.reduce((sum, p) => {
    if (!p.questionIds.length) return sum; // a part with nothing to answer is skipped
    const base = p.durationSeconds ?? UNTIMED_PART_SECONDS;
    return sum + base + extraTimeMs(base, extraTime) / 1000;
  }, 0);
  return 2 * Math.ceil(seconds / interval) + 10;
}

export interface PublicAssessment {
  /** Name and description in English and each language offered that has them: the page picks one (`nameIn`). */
  names: NameTranslation[];
  languages: string[];
  estimatedMinutes: number;
  /** False outside its validity or when not active; the page says so instead of the form. */
  open: boolean;
}
