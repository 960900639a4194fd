/** The HTTP client: bearer token, envelope unwrapping, one refresh and one retry on a 401, messages. */
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../src/i18n';
import { api, fetchJson, navigation, OFFLINE_MESSAGE, request } from '../../src/providers/httpClient';

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown; headers?: Record<string, string> } | 'offline';

/** Replaces the network with a handler; records every request's Authorization header. */
function fakeServer(handler: Handler) {
  const seen: { url?: string; authorization?: string }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push({ url: config.url, authorization: config.headers.get('Authorization') as string | undefined });
    const answer = handler(config);
    if (answer === 'offline') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = { data: answer.data, status: answer.status, statusText: '', headers: answer.headers ?? {}, config };
    if (answer.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return seen;
}

const originalAdapter = api.defaults.adapter;
beforeEach(() => {
  localStorage.clear();
  // The words of failures follow the running provider: English here unless a test says otherwise.
  createI18nProvider('en');
  navigation.toLogin = vi.fn();
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  vi.restoreAllMocks();
});

describe('httpClient', () => {
  it('sends the stored token and unwraps the envelope', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const seen = fakeServer(() => ({ status: 200, data: { result: 1, data: { hello: 'world' } } }));
    expect(await request({ url: '/api/x' })).toEqual({ hello: 'world' });
    expect(seen[0].authorization).toBe('Bearer token-1');
  });

  it('gives ra-data-simple-rest the records and the Content-Range header', async () => {
    fakeServer(() => ({ status: 200, data: { result: 1, data: [{ id: 1 }] }, headers: { 'content-range': 'users 0-0/1' } }));
    const answer = await fetchJson('/api/users');
    expect(answer.json).toEqual([{ id: 1 }]);
    expect(answer.headers.get('Content-Range')).toBe('users 0-0/1');
  });

  it('on a 401 refreshes once, saves the new token and retries once', async () => {
    localStorage.setItem('accessToken', 'old');
    const refresh = vi.spyOn(axios, 'post').mockResolvedValue({ data: { id_token: 'new' } });
    const seen = fakeServer((config) =>
      config.headers.get('Authorization') === 'Bearer new' ? { status: 200, data: { result: 1, data: 'ok' } } : { status: 401, data: { result: 0, msg: 'expired' } },
    );
    expect(await request({ url: '/api/users/me' })).toBe('ok');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh.mock.calls[0][0]).toBe('/oauth/token');
    expect(String(refresh.mock.calls[0][1])).toContain('grant_type=refresh_token');
    expect(localStorage.getItem('accessToken')).toBe('new');
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('when refreshing fails, clears storage and goes to /', async () => {
    localStorage.setItem('accessToken', 'old');
    localStorage.setItem('email', 'a@b.c');
    vi.spyOn(axios, 'post').mockRejectedValue(new Error('refresh refused'));
    fakeServer(() => ({ status: 401, data: { result: 0, msg: 'Your session has expired. Please sign in again.' } }));
    await expect(request({ url: '/api/users/me' })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
    expect(navigation.toLogin).toHaveBeenCalledTimes(1);
  });

  it('does not retry a second time when the retried request is refused again', async () => {
    localStorage.setItem('accessToken', 'old');
    const refresh = vi.spyOn(axios, 'post').mockResolvedValue({ data: { id_token: 'new' } });
    const seen = fakeServer(() => ({ status: 401, data: { result: 0, msg: 'no' } }));
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
  });

  it('says "Probably you are offline." when no answer comes, and passes server messages and field errors on', async () => {
    fakeServer(() => 'offline');
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ message: OFFLINE_MESSAGE });
    fakeServer(() => ({ status: 400, data: { result: 0, msg: 'Name is required', errors: { name: 'Name is required' } } }));
    await expect(request({ url: '/api/x', method: 'POST' })).rejects.toMatchObject({ message: 'Name is required', status: 400, body: { errors: { name: 'Name is required' } } });
    fakeServer(() => ({ status: 500, data: '<html>' }));
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ message: 'Something went wrong.' });
  });

  it('words a failure by its code in the reader’s language, each field too; a code it does not know by the server’s words', async () => {
    const failure = {
      result: 0,
      msg: 'Points must be between 0 and 2.5.',
      code: 'pointsBetween',
      params: { max: 2.5 },
      errors: { points: 'Points must be between 0 and 2.5.', comment: 'Too long' },
      errorCodes: { points: { code: 'pointsBetween', params: { max: 2.5 } } },
    };
    fakeServer(() => ({ status: 400, data: failure }));
    createI18nProvider('hi');
    await expect(request({ url: '/api/x', method: 'PUT' })).rejects.toMatchObject({
      message: 'अंक 0 से 2.5 के बीच होने चाहिए।',
      status: 400,
      body: { code: 'pointsBetween', msg: failure.msg, errors: { points: 'अंक 0 से 2.5 के बीच होने चाहिए।', comment: 'Too long' } },
    });
    createI18nProvider('en');
    await expect(request({ url: '/api/x', method: 'PUT' })).rejects.toMatchObject({ message: 'Points must be between 0 and 2.5.' });
    createI18nProvider('hi');
    fakeServer(() => ({ status: 409, data: { result: 0, msg: 'Something newer happened.', code: 'somethingNewer' } }));
    await expect(request({ url: '/api/x' })).rejects.toMatchObject({ message: 'Something newer happened.' });
    createI18nProvider('en');
  });
});
