/**
 * The stock simple-rest data provider over our HTTP client. The user screens (team members,
 * authors, relationship managers, sales persons) are views of the one `users` API.
 */
import type { DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchJson } from './httpClient';

/** React-admin resource → the `users` list it shows (the `kind` filter of GET /api/users). */
export const USER_SCREENS: Record<string, string> = {
  'team-members': 'teamMembers',
  authors: 'authors',
  'relationship-managers': 'relationshipManagers',
  'sales-persons': 'salesPersons',
  users: 'users',
};

/** React-admin resources whose API lives under another path (read-only reports). */
export const RESOURCE_PATHS: Record<string, string> = {
  'question-reports': 'questions/reports',
};

const base = simpleRestProvider('/api', fetchJson as never, 'Content-Range');

type Method = keyof DataProvider;
const FILTERED: Method[] = ['getList', 'getManyReference'];

/** Sends a user screen's calls to /api/users, with its list narrowed by `kind`. */
export const dataProvider: DataProvider = new Proxy(base, {
  get(target, method: string) {
    const original = target[method as Method] as ((resource: string, params: any) => Promise<any>) | undefined;
    if (typeof original !== 'function') return original;
    return (resource: string, params: any) => {
      const kind = USER_SCREENS[resource];
      if (!kind) return original.call(target, RESOURCE_PATHS[resource] ?? resource, params);
      const narrowed = FILTERED.includes(method as Method) ? { ...params, filter: { ...params.filter, kind } } : params;
      return original.call(target, 'users', narrowed);
    };
  },
});
