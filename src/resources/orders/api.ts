/** The orders screens' calls and who may do what there (the server decides again). */
import { useQuery } from '@tanstack/react-query';
import { can, isClientSide, type Principal } from '../../domain/permissions';
import { retryUnlessAnswered } from '../../providers/queryClient';
import { useApi } from '../../providers/useApi';

type Who = (Principal & { clientId?: string | null }) | null | undefined;

/** The provider's staff who record payments, refund and keep the price list. */
export const mayManageOrders = (user: Who) => !!user && !isClientSide(user) && can(user, 'ORDERS', 'edit');
/** A client's user who may place (and cancel) orders. */
export const mayPlaceOrders = (user: Who) => isClientSide(user) && can(user, 'ORDERS', 'create');

export function useOrder(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['order', id], enabled: !!id, queryFn: () => api.getOrder(id), retry: retryUnlessAnswered });
}
export function useInvoice(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['invoice', id], enabled: !!id, queryFn: () => api.getInvoice(id), retry: retryUnlessAnswered });
}
export function usePrice(assessmentId: string) {
  const api = useApi();
  return useQuery({ queryKey: ['order-price', assessmentId], enabled: !!assessmentId, queryFn: () => api.getPrice(assessmentId), retry: retryUnlessAnswered });
}
