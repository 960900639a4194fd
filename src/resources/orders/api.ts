/** The orders screens' calls and who may do what there (the server decides again). */
import { useQuery } from '@tanstack/react-query';
import { can, type Principal } from '../../domain/permissions';
import { request } from '../../providers/httpClient';
import { retryUnlessAnswered } from '../../providers/queryClient';
import { invoiceUrl, orderUrl, priceUrl } from './paths';
import type { AssessmentPrice, Invoice, OrderRecord } from '../../domain/orders';

export * from './paths';

type Who = (Principal & { clientId?: string | null }) | null | undefined;

/** A client's user (its orders only), as the server's tenant scope reads it. */
export const isClientSide = (user: Who) => !!user && (user.role === 'CLIENT' || user.membershipType === 'CLIENT_SPECIFIC_ROLE');
/** The provider's staff who record payments, refund and keep the price list. */
export const mayManageOrders = (user: Who) => !!user && !isClientSide(user) && can(user, 'ORDERS', 'edit');
/** A client's user who may place (and cancel) orders. */
export const mayPlaceOrders = (user: Who) => isClientSide(user) && can(user, 'ORDERS', 'create');

export const useOrder = (id: string) =>
  useQuery({ queryKey: ['order', id], enabled: !!id, queryFn: () => request<OrderRecord>({ url: orderUrl(id) }), retry: retryUnlessAnswered });
export const useInvoice = (id: string) =>
  useQuery({ queryKey: ['invoice', id], enabled: !!id, queryFn: () => request<Invoice>({ url: invoiceUrl(id) }), retry: retryUnlessAnswered });
export const usePrice = (assessmentId: string) =>
  useQuery({ queryKey: ['order-price', assessmentId], enabled: !!assessmentId, queryFn: () => request<AssessmentPrice>({ url: priceUrl(assessmentId) }), retry: retryUnlessAnswered });
