import { useAuthProvider, useDataProvider } from 'react-admin';
import type { AppAuthProvider } from './authProvider';
import type { AppDataProvider } from './dataProvider';

/**
 * The data provider with its named calls, through react-admin (which logs out on a 401 that cannot
 * be renewed): `const api = useApi(); useQuery({ queryFn: () => api.getJobBoard(id) })`.
 */
export const useApi = () => useDataProvider<AppDataProvider>();

/** The calls that start a session (sign-up, codes, resets, Google and LinkedIn), on the auth provider. */
export function useSessionCalls(): AppAuthProvider {
  const provider = useAuthProvider<AppAuthProvider>();
  if (!provider) throw new Error('The app has no auth provider.');
  return provider;
}
