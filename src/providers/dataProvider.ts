/**
 * The one way screens reach the server. The stock simple-rest methods serve the resources' lists
 * and records (the user screens — team members, authors, relationship managers, sales persons —
 * are views of the one `users` API); every other call is a named, typed method beside them
 * (src/providers/api/*), used through react-admin's `useDataProvider` (`useApi`) with react-query.
 * No screen builds an API address.
 */
import type { DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchJson } from './httpClient';
import { appMethods } from './api';

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

const rest = simpleRestProvider('/api', fetchJson as never, 'Content-Range');

type Method = keyof DataProvider;
const FILTERED: Method[] = ['getList', 'getManyReference'];

/** Sends a user screen's calls to /api/users, with its list narrowed by `kind`. */
const routed = Object.fromEntries(
  Object.entries(rest).map(([method, original]) => [
    method,
    (resource: string, params: any) => {
      const kind = USER_SCREENS[resource];
      if (!kind) return original.call(rest, RESOURCE_PATHS[resource] ?? resource, params);
      const narrowed = FILTERED.includes(method as Method) ? { ...params, filter: { ...params.filter, kind } } : params;
      return original.call(rest, 'users', narrowed);
    },
  ]),
) as unknown as DataProvider;

export type AppMethods = typeof appMethods;
export type AppDataProvider = DataProvider & AppMethods;

export const dataProvider: AppDataProvider = { ...routed, ...appMethods };
