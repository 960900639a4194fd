/**
 * `/orders`: orders (a client its own, the provider's staff everyone's) with their number, client,
 * assessment, credits, total, paid, status and date; filters by status, client and dates. The
 * provider's staff who keep prices see a second tab, the price list.
 */
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { DateInput, FunctionField, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { ORDER_STATUSES } from '../../domain/business';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { EmptyState } from '../shared/EmptyState';
import { useDropdown } from '../shared/useDropdown';
import { DateField, NumberField } from '../shared/fields';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { isClientSide } from '../../domain/permissions';
import { mayManageOrders } from './api';
import { ORDER_PATHS } from '../../domain/printing';
import { type OrderRow } from '../../domain/orders';
import { OrderStatusChip, useRupees } from './OrderParts';
import PriceList from './PriceList';

// Whole days in the browser's time zone: from the first moment of the first to the last of the second.
const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).toISOString() : value);
const dayEnd = (value: string) => (value ? new Date(`${value}T23:59:59.999`).toISOString() : value);

export function OrderGrid({ showClient }: { showClient: boolean }) {
  const translate = useTranslate();
  const rupees = useRupees();
  const { date } = useFormat();
  return (
    <ResponsiveDatagrid<OrderRow>
      rowClick={(id) => ORDER_PATHS.show(String(id))}
      bulkActionButtons={false}
      phone={{
        primaryText: (r) => `${r.number} · ${rupees(r.totalPaise)}`,
        secondaryText: (r) => [showClient ? r.clientName : null, r.assessmentName, translate('app.orders.creditsCount', { smart_count: r.credits }), date(r.placedAt)].filter(Boolean).join(' · '),
        tertiaryText: (r) => <OrderStatusChip status={r.status} />,
      }}
    >
      <TextField source="number" />
      {showClient && <TextField source="clientName" sortable={false} />}
      <FunctionField source="assessmentName" sortable={false} render={(r: OrderRow) => r.assessmentName ?? '—'} />
      <NumberField source="credits" />
      <FunctionField source="totalPaise" textAlign="right" render={(r: OrderRow) => rupees(r.totalPaise)} />
      <FunctionField source="paidPaise" textAlign="right" sortable={false} render={(r: OrderRow) => rupees(r.paidPaise)} />
      <FunctionField source="status" render={(r: OrderRow) => <OrderStatusChip status={r.status} />} />
      <DateField source="placedAt" showTime />
    </ResponsiveDatagrid>
  );
}

export function OrderListView() {
  const profile = useProfile();
  const staff = !isClientSide(profile);
  const clients = useDropdown(staff ? 'clients' : null).choices;
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" alwaysOn choices={ORDER_STATUSES.map((id) => ({ id, name: `app.orders.status.${id}` }))} />,
    ...(staff ? [<SelectInput key="clientId" source="clientId" choices={clients} />] : []),
    <DateInput key="placedAt_gte" source="placedAt_gte" parse={dayStart} />,
    <DateInput key="placedAt_lte" source="placedAt_lte" parse={dayEnd} />,
  ];
  return (
    <ResponsiveList
      resource="orders"
      storeKey="orders.all"
      filters={filters}
      sort={{ field: 'placedAt', order: 'DESC' }}
      perPage={20}
      actions={<ListActions />}
      title="app.orders.title"
      empty={<EmptyState icon={<ReceiptIcon />} title="app.orders.emptyTitle" body={staff ? 'app.orders.emptyBodyStaff' : 'app.orders.emptyBody'} />}
    >
      <OrderGrid showClient={staff} />
    </ResponsiveList>
  );
}

/** `/orders`: the orders, and for the staff who keep prices, the price list beside them (the list sets the page title). */
export default function OrdersPage() {
  const translate = useTranslate();
  const profile = useProfile();
  const [tab, setTab] = useState<'orders' | 'prices'>('orders');
  if (!mayManageOrders(profile)) return <OrderListView />;
  return (
    <Box>
      <Tabs value={tab} onChange={(_, next) => setTab(next)} aria-label={translate('app.orders.title')} sx={{ mb: 1 }}>
        <Tab value="orders" label={translate('app.orders.title')} id="orders-tab" aria-controls="orders-panel" />
        <Tab value="prices" label={translate('app.orders.priceList.title')} id="prices-tab" aria-controls="prices-panel" />
      </Tabs>
      <div role="tabpanel" id={`${tab}-panel`} aria-labelledby={`${tab}-tab`}>
        {tab === 'orders' ? <OrderListView /> : <PriceList />}
      </div>
    </Box>
  );
}
