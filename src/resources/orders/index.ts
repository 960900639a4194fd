import { lazy } from '../../lazy';

/** The orders screens (specification section 2), each its own lazy chunk. */
export const OrdersPage = lazy(() => import('./OrderList'));
export const OrderPage = lazy(() => import('./OrderPage'));
export const PlaceOrderPage = lazy(() => import('./PlaceOrderPage'));
export const InvoicePage = lazy(() => import('./InvoicePage'));
export const PrintInvoicePage = lazy(() => import('./PrintInvoicePage'));
