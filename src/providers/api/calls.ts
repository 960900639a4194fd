/**
 * The verbs the data provider's named methods are written with: each unwraps the `{result, data}`
 * envelope and fails as an HttpError worded for the reader (httpClient.ts).
 */
import type { AxiosRequestConfig } from 'axios';
import { request } from '../httpClient';

export const enc = encodeURIComponent;

/** `url?name=value&…` for the values given (undefined, null and '' are left out), encoded as a component each. */
export function withQuery(url: string, params: Record<string, string | number | boolean | undefined | null>): string {
  const pairs = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return pairs.length ? `${url}?${pairs.map(([k, v]) => `${enc(k)}=${enc(String(v))}`).join('&')}` : url;
}

type Params = Record<string, string | number | boolean | undefined | null>;

/** GET, its parameters in the address (so that an address names one answer, in logs and caches alike). */
export const get = <T>(url: string, params?: Params, config: AxiosRequestConfig = {}) => request<T>({ ...config, url: params ? withQuery(url, params) : url });
export const post = <T = unknown>(url: string, data?: unknown, config: AxiosRequestConfig = {}) => request<T>({ ...config, url, method: 'POST', data });
export const put = <T = unknown>(url: string, data?: unknown) => request<T>({ url, method: 'PUT', data });
export const del = <T = unknown>(url: string) => request<T>({ url, method: 'DELETE' });
