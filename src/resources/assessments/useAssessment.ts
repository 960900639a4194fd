import { useQuery } from '@tanstack/react-query';
import { request } from '../../providers/httpClient';
import { retryUnlessAnswered } from '../../providers/queryClient';
import { assessmentUrl, type AssessmentRecord } from './api';

/** GET /api/assessments/:id, shared by every screen of one assessment (one cache entry). */
export function useAssessment(id: string | null | undefined) {
  return useQuery({ queryKey: ['assessment', id], enabled: !!id, queryFn: () => request<AssessmentRecord>({ url: assessmentUrl(id!) }), retry: retryUnlessAnswered });
}
