/**
 * The one HTTP client: adds the bearer token, unwraps the {result, data} envelope, turns failures
 * into messages people can read, and on a 401 refreshes the token once and retries once.
 */
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { HttpError } from 'react-admin';
import { runningTranslate } from '../i18n';
import { failureWords, type Failure } from '../i18n/messages';
import { rememberReturnTo } from './returnTo';
import { storage } from './storage';

export const api = axios.create({ baseURL: '/', withCredentials: true, timeout: 30_000 });

export const OFFLINE_MESSAGE = 'Probably you are offline.';
export const DEFAULT_ERROR = 'Something went wrong.';

/** Calls that must not trigger a refresh (they are how a session starts or ends). */
const NO_REFRESH = ['/api/users/login', '/api/users/verify-otp', '/oauth/token', '/api/users/logout'];

let refreshing: Promise<string> | null = null;

/** Where a failed refresh sends the browser; replaced in tests. */
export const navigation = {
  /** To the sign-in form, coming back here after it (a session that could not be renewed). */
  toLogin: () => {
    rememberReturnTo(window.location);
    window.location.assign('/');
  },
};

/** POST /oauth/token with the refresh token held in the httpOnly cookie; one call at a time. */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= axios
    .post(
      '/oauth/token',
      new URLSearchParams({ grant_type: 'refresh_token', client_id: 'skillgauge-web', redirect_uri: window.location.origin }),
      { withCredentials: true, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    )
    .then((res) => {
      const token = res.data.id_token as string;
      storage.saveSession(token);
      return token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Whether a request goes to this server (the token never travels to another origin, e.g. a storage bucket). */
const toOwnServer = (url: string | undefined) => !url || new URL(url, window.location.origin).origin === window.location.origin;

api.interceptors.request.use((config) => {
  const token = storage.token();
  if (token && toOwnServer(config.url)) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(undefined, async (error: AxiosError) => {
  const original = error.config as (AxiosRequestConfig & { retried?: boolean }) | undefined;
  const url = original?.url ?? '';
  if (error.response?.status === 401 && original && !original.retried && storage.token() && toOwnServer(url) && !NO_REFRESH.some((p) => url.includes(p))) {
    original.retried = true;
    try {
      await refreshAccessToken();
    } catch {
      storage.clearSession();
      navigation.toLogin();
      throw toHttpError(error);
    }
    return api.request(original);
  }
  throw toHttpError(error);
});

/**
 * A react-admin HttpError for a failure, its words already in the reader's language: the message
 * and each field's, by code where the server gave one (src/domain/messages.ts). The body keeps
 * what the server sent.
 */
function failureError(body: Failure & { errors?: Record<string, string>; errorCodes?: Record<string, Failure> }, status: number): HttpError {
  const translate = runningTranslate();
  const words = (failure: Failure) => (translate ? failureWords(translate, failure) : (failure.msg ?? DEFAULT_ERROR));
  const message = body.msg || body.code ? words(body) : DEFAULT_ERROR;
  const errors = Object.fromEntries(Object.entries(body.errors ?? {}).map(([field, msg]) => [field, body.errorCodes?.[field] ? words({ ...body.errorCodes[field], msg }) : msg]));
  return new HttpError(message, status, { ...body, errors, msg: body.msg ?? message });
}

/** A react-admin HttpError with the server's message, and its field errors in body.errors. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const e = error as AxiosError<Failure & { errors?: Record<string, string> }>;
  if (!e.response) return new HttpError(OFFLINE_MESSAGE, 0, {});
  const body = e.response.data;
  return failureError(body && typeof body === 'object' ? body : {}, e.response.status);
}

/** GET/POST… answering the envelope's data. */
export async function request<T = unknown>(config: AxiosRequestConfig): Promise<T> {
  const res = await api.request(config);
  if (res.data && res.data.result === 0) throw failureError(res.data, res.status);
  return (res.data?.data ?? res.data) as T;
}

/** The fetchJson-shaped client that ra-data-simple-rest expects. */
export async function fetchJson(url: string, options: { method?: string; body?: string; headers?: Headers } = {}) {
  const res = await api.request({
    url,
    method: options.method ?? 'GET',
    data: options.body,
    headers: { 'Content-Type': 'application/json' },
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(key, value);
  const json = res.data?.data ?? res.data;
  return { status: res.status, headers, body: JSON.stringify(res.data), json };
}
