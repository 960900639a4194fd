import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';

/**
 * The data provider with its named calls, through react-admin (which logs out on a 401 that cannot
 * be renewed): `const api = useApi(); useQuery({ queryFn: () => api.getJobBoard(id) })`.
 */
export const useApi = () => useDataProvider<AppDataProvider>();
