/**
 * The react-query client of the app. One rule on top of the stock one: a record page reads only
 * what `getOne` answered. react-admin seeds `[resource, 'getOne', …]` with every row a list (or a
 * getMany) answers, so a page opened from a list would render that row first; our lists answer
 * summaries (a question without its history, a test without its questions), and a page reading
 * a field only the full record has crashed. Without the seed the page waits for its record.
 */
import { QueryClient, type QueryClientConfig, type QueryKey, type SetDataOptions } from '@tanstack/react-query';

/** Whether a write would create a record page's cache entry from something other than getOne. */
export function isListSeed(client: QueryClient, queryKey: QueryKey): boolean {
  return queryKey[1] === 'getOne' && client.getQueryData(queryKey) === undefined;
}

export function createQueryClient(config?: QueryClientConfig): QueryClient {
  const client = new QueryClient(config);
  const setQueryData = client.setQueryData.bind(client) as (queryKey: QueryKey, updater: unknown, options?: SetDataOptions) => unknown;
  // Updates of a record already fetched (an edit, an optimistic change) still go through.
  client.setQueryData = ((queryKey: QueryKey, updater: unknown, options?: SetDataOptions) =>
    isListSeed(client, queryKey) ? undefined : setQueryData(queryKey, updater, options)) as QueryClient['setQueryData'];
  return client;
}

/**
 * A query's retry rule for calls whose 4xx is an answer (not found, not allowed, a bad id): only
 * failures without a status (offline) or 5xx are asked again, at most twice.
 */
export const retryUnlessAnswered = (failures: number, error: Error) => {
  const status = (error as { status?: number } | null)?.status ?? 0;
  return failures < 2 && (status === 0 || status >= 500);
};
