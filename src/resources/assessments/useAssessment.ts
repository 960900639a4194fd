import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../providers/useApi';
import { retryUnlessAnswered } from '../../providers/queryClient';

/** GET /api/assessments/:id, shared by every screen of one assessment (one cache entry). */
export function useAssessment(id: string | null | undefined) {
  const api = useApi();
  return useQuery({ queryKey: ['assessment', id], enabled: !!id, queryFn: () => api.getAssessment(id!), retry: retryUnlessAnswered });
}
