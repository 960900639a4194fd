import { useQuery } from '@tanstack/react-query';
import { canSeeLicences } from '../../domain/business';
import { useProfile } from '../../custom/layout/useProfile';
import { useApi } from '../../providers/useApi';

/**
 * A client's credit balance: the signed-in client's own, or (provider staff) the client named.
 * Nothing is asked for users who may not see licences, nor for staff without a client in view.
 */
export function useBalance(clientId?: string | null) {
  const profile = useProfile();
  const own = !!profile?.clientId;
  const enabled = !!profile && canSeeLicences(profile) && (own || !!clientId);
  const api = useApi();
  return useQuery({
    queryKey: ['licence-balance', own ? 'own' : clientId],
    enabled,
    queryFn: () => api.getBalance(own ? null : clientId),
    staleTime: 30_000,
  });
}
