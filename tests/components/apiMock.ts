/**
 * The mocked network under the app's axios instance (custom pages and dropdowns call it directly).
 * The set-up file resets it before every test: a server that knows no route.
 */
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../../src/providers/httpClient';

export interface MockAnswer {
  /** 0: the server cannot be reached (no response at all). */
  status: number;
  data?: unknown;
}
export interface ApiCall {
  method: string;
  /** The address as sent, query included. */
  url: string;
  /** The address without its query. */
  path: string;
  data: unknown;
  /** The query's parameters, from the address and any axios was given apart from it. */
  params: Record<string, unknown>;
}
export type ApiHandler = (request: ApiCall) => MockAnswer | undefined;

/** Every request the mocked HTTP client received, in order. */
export const apiRequests: ApiCall[] = [];

/**
 * Replaces the network under `api` (the app's axios instance): its interceptors still run, so
 * errors reach the components exactly as a server's would. Unhandled requests answer 404.
 */
export function mockApi(handler: ApiHandler) {
  apiRequests.length = 0;
  api.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const body = typeof config.data === 'string' ? safeJson(config.data) : config.data;
    const url = config.url ?? '';
    const [path, query = ''] = url.split('?');
    const params = { ...Object.fromEntries(new URLSearchParams(query)), ...config.params };
    const call: ApiCall = { method: (config.method ?? 'get').toUpperCase(), url, path, data: body, params };
    apiRequests.push(call);
    const answer = handler(call) ?? { status: 404, data: { result: 0, msg: 'Not found' } };
    if (answer.status === 0) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, null);
    const response: AxiosResponse = { data: answer.data, status: answer.status, statusText: String(answer.status), headers: new AxiosHeaders(), config };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
