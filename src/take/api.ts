/**
 * The candidate's API (src/domain/take.ts) over fetch: the envelope unwrapped, failures as
 * `TakeApiError` (the server answered a 4xx or 5xx: its sentence, and the code and params the page
 * words it by) or `NetworkError` (it could not be reached), and the clock offset kept from every
 * answer that carries the server's time.
 */
import { clockOffset, serverNowOnClient } from '../domain/attemptClock';
import type { CandidateRunResult, MediaTicket, ProctoringEventType, PublicAssessment, SaveAck, SaveRequest, TakeState } from '../domain/take';
import type { CandidateAnswer } from '../domain/attemptQuestions';
import { TAKE_DEVICE_HEADER, type OtherDevice } from '../domain/takeDevice';
import { deviceId } from './device';

type Params = Record<string, string | number>;

/** A message as the API sends it by code (src/domain/messages.ts): the page words it in its language. */
export interface CodedMessage {
  code: string;
  params?: Params;
}

/** What a failure says beside its English sentence: its code and params, and its fields' codes. */
export interface FailureCodes {
  code?: string;
  params?: Params;
  errorCodes?: Record<string, CodedMessage>;
}

export class TakeApiError extends Error {
  /** The message's code (src/domain/messages.ts), where the server gave one: the page words it by this. */
  readonly code?: string;
  readonly params?: Params;
  /** The fields' messages that have codes, by field (their English in `errors`). */
  readonly errorCodes?: Record<string, CodedMessage>;
  constructor(
    readonly status: number,
    /** The server's English sentence (`msg`): shown for a code the page does not know. */
    message: string,
    readonly errors?: Record<string, string>,
    /** From Retry-After, in milliseconds. */
    readonly retryAfterMs?: number,
    codes: FailureCodes = {},
  ) {
    super(message);
    this.code = codes.code;
    this.params = codes.params;
    this.errorCodes = codes.errorCodes;
  }
}

/** A failure's codes as the envelope carries them (`{result: 0, msg, code, params, errors, errorCodes}`): the page's own server sends them. */
export function failureCodes(payload: unknown): FailureCodes {
  const { code, params, errorCodes } = (payload && typeof payload === 'object' ? payload : {}) as FailureCodes;
  return { code: typeof code === 'string' ? code : undefined, params, errorCodes };
}

/** The request never reached the server, or its answer never came back. */
export class NetworkError extends Error {}

/**
 * The server's clock as the page reckons it. The offset is taken from every answer that carries
 * `serverNow`, halfway through the round trip.
 */
export class ServerClock {
  offset = 0;
  observe(serverNow: number, sentAt: number, receivedAt: number) {
    if (Number.isFinite(serverNow)) this.offset = clockOffset(serverNow, receivedAt, sentAt);
  }
  now(clientNow = Date.now()) {
    return serverNowOnClient(clientNow, this.offset);
  }
}

type Fetch = typeof fetch;

async function call<T>(fetchImpl: Fetch, method: string, url: string, body: unknown, clock?: ServerClock): Promise<T> {
  const sentAt = Date.now();
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      // The device is named on every call: a second device on the same attempt is recorded and shown.
      headers: { accept: 'application/json', [TAKE_DEVICE_HEADER]: deviceId(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      // The token in the address is the only credential: no cookies go with these calls.
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  const receivedAt = Date.now();
  const payload = (await response.json().catch(() => null)) as { result?: number; data?: T; msg?: string; errors?: Record<string, string> } | null;
  if (!response.ok || !payload || payload.result === 0) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new TakeApiError(
      response.ok ? 500 : response.status,
      payload?.msg ?? '',
      payload?.errors,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
      failureCodes(payload),
    );
  }
  const data = payload.data as T;
  const serverNow = (data as { serverNow?: unknown } | null)?.serverNow;
  if (clock && typeof serverNow === 'number') clock.observe(serverNow, sentAt, receivedAt);
  return data;
}

export interface TakeEvent {
  key: string;
  type: ProctoringEventType;
  occurredAt: number;
  partId?: string;
  questionId?: string;
  detail?: Record<string, string | number | boolean>;
}

export interface MediaRequest {
  kind: 'VIDEO_ANSWER' | 'SNAPSHOT';
  questionId?: string;
  contentType: 'video/webm' | 'video/mp4' | 'image/jpeg' | 'image/webp';
  size: number;
  durationMs?: number;
}

/** The calls of one attempt, authorised by its token. */
export function takeApi(token: string, clock: ServerClock, fetchImpl: Fetch = (...args) => fetch(...args)) {
  const base = `/api/take/${encodeURIComponent(token)}`;
  return {
    clock,
    state: () => call<TakeState>(fetchImpl, 'GET', base, undefined, clock),
    start: (language: string) => call<TakeState>(fetchImpl, 'POST', `${base}/start`, { language }, clock),
    startPart: (partId: string) => call<TakeState>(fetchImpl, 'POST', `${base}/parts/${encodeURIComponent(partId)}/start`, {}, clock),
    finishPart: (partId: string) => call<TakeState>(fetchImpl, 'POST', `${base}/parts/${encodeURIComponent(partId)}/finish`, {}, clock),
    save: (save: SaveRequest & { answer: CandidateAnswer }) => call<SaveAck>(fetchImpl, 'PUT', `${base}/answers`, save, clock),
    run: (questionId: string, languageId: number, source: string) => call<CandidateRunResult>(fetchImpl, 'POST', `${base}/run`, { questionId, languageId, source }, clock),
    media: (request: MediaRequest) => call<MediaTicket>(fetchImpl, 'POST', `${base}/media`, request, clock),
    events: (events: TakeEvent[]) => call<{ stored: number; serverNow: number }>(fetchImpl, 'POST', `${base}/events`, { events }, clock),
    ping: () => call<{ serverNow: number; otherDevice: OtherDevice | null }>(fetchImpl, 'POST', `${base}/ping`, {}, clock),
  };
}
export type TakeApi = ReturnType<typeof takeApi>;

/** Who joins through a public link, and the page's language (their mails are written in it). */
export interface PublicPerson {
  name: string;
  email: string;
  phone?: string | null;
  language?: string;
}

/** An assessment's public link. */
export function publicApi(slug: string, fetchImpl: Fetch = (...args) => fetch(...args)) {
  const base = `/api/take/public/${encodeURIComponent(slug)}`;
  return {
    get: () => call<PublicAssessment>(fetchImpl, 'GET', base, undefined),
    /** Mails a one-time code to the email, in the page's language. */
    askCode: (person: PublicPerson) => call<{ message: string; code: string }>(fetchImpl, 'POST', `${base}/code`, person),
    /** With the mailed code: the attempt's token. */
    join: (person: PublicPerson & { code: string }) => call<{ token: string }>(fetchImpl, 'POST', base, person),
  };
}
