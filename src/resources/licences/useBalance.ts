import { useQuery } from '@tanstack/react-query';
import { canSeeLicences } from '../../domain/business';
import { useProfile } from '../../custom/layout/useProfile';
import { request } from '../../providers/httpClient';
import { balanceUrl, type Balance } from './api';

/**
 * A client's credit balance: the signed-in client's own, or (provider staff) the client named.
 * Nothing is asked for users who may not see licences, nor for staff without a client in view.
 */
export function useBalance(clientId?: string | null) {
  const profile = useProfile();
  const own = !!profile?.clientId;
  const enabled = !!profile && canSeeLicences(profile) && (own || !!clientId);
  return useQuery({
    queryKey: ['licence-balance', own ? 'own' : clientId],
    enabled,
    queryFn: () => request<Balance>({ url: balanceUrl(own ? null : clientId) }),
    staleTime: 30_000,
  });
}
