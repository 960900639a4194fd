/**
 * `/orders/:id`: an order's figures, its payments, the licence it granted, and what may be done:
 * the provider's staff record a payment (at most what is owed) and refund a paid order; a pending
 * order is cancelled by its client (while nothing is paid) or by staff. Each after a confirmation.
 */
import CancelIcon from '@mui/icons-material/CancelOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Button, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ORDER_LICENCE_DAYS, PAYMENT_METHODS, type PaymentMethod } from '../../domain/business';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { SummaryList } from '../shared/SummaryList';
import { mayManageOrders, mayPlaceOrders, useOrder } from './api';
import { ORDER_PATHS } from '../../domain/printing';
import { type OrderRecord } from '../../domain/orders';
import { FigureLines, OrderStatusChip, useRupees } from './OrderParts';
import { parseRupees } from './PriceList';
import { QueryState } from '../shared/QueryState';

/** Today in the browser's time zone, as the date field wants it. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export default function OrderPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const order = useOrder(id);
  return (
    <QueryState query={order} title={translate('app.orders.title')}>
      {(found) => <OrderView order={found} />}
    </QueryState>
  );
}

export function OrderView({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.${key}`, options);
  const { dateTime, date } = useFormat();
  const rupees = useRupees();
  const profile = useProfile();
  const staff = mayManageOrders(profile);
  const rows: [string, ReactNode][] = [
    [t('fields.client'), order.clientName],
    [t('fields.assessment'), order.assessmentName ?? '—'],
    [t('fields.placedAt'), `${dateTime(order.placedAt)}${order.placedByName ? ` · ${order.placedByName}` : ''}`],
    ...(order.paidAt ? [[t('fields.paidAt'), dateTime(order.paidAt)] as [string, ReactNode]] : []),
    ...(order.cancelledAt ? [[t('fields.cancelledAt'), dateTime(order.cancelledAt)] as [string, ReactNode]] : []),
    ...(order.refundedAt ? [[t('fields.refundedAt'), dateTime(order.refundedAt)] as [string, ReactNode]] : []),
    ...(order.notes ? [[t('fields.notes'), order.notes] as [string, ReactNode]] : []),
  ];
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Title title={t('orderNumber', { number: order.number })} />
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="h2">
                {t('orderNumber', { number: order.number })}
              </Typography>
              <OrderStatusChip status={order.status} />
            </Stack>
            <SummaryList rows={rows} />
          </Box>
          <OrderActions order={order} />
        </Stack>
      </Paper>
      <Paper component="section" aria-labelledby="order-figures" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="order-figures" variant="h6" component="h2" gutterBottom>
          {t('figures')}
        </Typography>
        <FigureLines figures={order} paidPaise={order.paidPaise} />
        {order.status === 'PENDING' && !staff && <Alert severity="info" sx={{ mt: 2 }}>{t('howToPay', { number: order.number })}</Alert>}
      </Paper>
      <Paper component="section" aria-labelledby="order-payments" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="order-payments" variant="h6" component="h2" gutterBottom>
          {t('payments.title')}
        </Typography>
        {order.payments.length === 0 ? (
          <Typography color="text.secondary">{t('payments.none')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="order-payments">
              <TableHead>
                <TableRow>
                  <TableCell>{t('payments.paidOn')}</TableCell>
                  <TableCell>{t('payments.method')}</TableCell>
                  <TableCell>{t('payments.reference')}</TableCell>
                  <TableCell align="right">{t('payments.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {order.payments.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{date(`${p.paidOn}T00:00:00`)}</TableCell>
                    <TableCell>{t(`methods.${p.method}`)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.reference}</TableCell>
                    <TableCell align="right">{rupees(p.amountPaise)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {staff && order.status === 'PENDING' && <PaymentForm order={order} />}
      </Paper>
      <Paper component="section" aria-labelledby="order-licence" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="order-licence" variant="h6" component="h2" gutterBottom>
          {t('licence.title')}
        </Typography>
        {order.licence ? (
          <>
            <Typography>
              {t('licence.granted', { credits: order.licence.credits, used: order.licence.used, from: date(order.licence.validFrom), until: date(order.licence.validUntil) })}
            </Typography>
            {order.licence.revokedAt && <Alert severity="warning" sx={{ mt: 1 }}>{t('licence.revoked', { date: date(order.licence.revokedAt) })}</Alert>}
          </>
        ) : (
          <Typography color="text.secondary">{order.status === 'PENDING' ? t('licence.onPayment', { days: ORDER_LICENCE_DAYS }) : t('licence.none')}</Typography>
        )}
      </Paper>
    </Stack>
  );
}

function OrderActions({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.${key}`, options);
  const profile = useProfile();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = useApi();
  const [asking, setAsking] = useState<'cancel' | 'refund' | null>(null);
  const [busy, setBusy] = useState(false);
  const staff = mayManageOrders(profile);
  const mayCancel = order.status === 'PENDING' && (staff || (mayPlaceOrders(profile) && order.paidPaise === 0));
  const mayRefund = staff && order.status === 'PAID';
  const run = async () => {
    const action = asking;
    if (!action) return;
    setBusy(true);
    try {
      await (action === 'cancel' ? api.cancelOrder(order.id) : api.refundOrder(order.id));
      notify(`app.orders.${action}.done`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, flexShrink: 0 }}>
      {order.status !== 'CANCELLED' && (
        <Button component={Link} to={ORDER_PATHS.invoice(order.id)} variant="outlined" startIcon={<ReceiptIcon />}>
          {t('invoice.open')}
        </Button>
      )}
      {mayCancel && (
        <Button color="warning" variant="outlined" startIcon={<CancelIcon />} onClick={() => setAsking('cancel')} disabled={busy}>
          {t('cancel.action')}
        </Button>
      )}
      {mayRefund && (
        <Button color="error" variant="outlined" startIcon={<UndoIcon />} onClick={() => setAsking('refund')} disabled={busy}>
          {t('refund.action')}
        </Button>
      )}
      <Confirm
        isOpen={!!asking}
        loading={busy}
        title={asking ? t(`${asking}.title`, { number: order.number }) : ''}
        content={asking ? t(`${asking}.body`, { credits: order.credits }) : ''}
        confirm={asking ? t(`${asking}.action`) : ''}
        onConfirm={() => void run()}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}

/** Staff record a payment: amount (prefilled with what is owed), method, reference, the day it arrived. */
export function PaymentForm({ order }: { order: OrderRecord }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.payments.${key}`, options);
  const notify = useNotify();
  const rupees = useRupees();
  const queryClient = useQueryClient();
  const api = useApi();
  const [amount, setAmount] = useState((order.outstandingPaise / 100).toFixed(2));
  const [method, setMethod] = useState<PaymentMethod>('BANK_TRANSFER');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(today());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const paise = parseRupees(amount);
  const tooMuch = paise !== null && paise > order.outstandingPaise;
  const valid = paise !== null && paise > 0 && !tooMuch && reference.trim() !== '' && !!paidOn;
  const record = async () => {
    setBusy(true);
    try {
      const result = await api.recordPayment(order.id, { amountPaise: paise!, method, reference: reference.trim(), paidOn });
      notify(result.duplicate ? 'app.orders.payments.duplicate' : result.completed ? 'app.orders.payments.completed' : 'app.orders.payments.recorded', { type: result.duplicate ? 'info' : 'success' });
      setReference('');
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Box component="form" aria-labelledby="payment-form-title" onSubmit={(e) => (e.preventDefault(), valid && setConfirming(true))} sx={{ mt: 3 }}>
      <Typography id="payment-form-title" variant="subtitle1" component="h3" gutterBottom>
        {t('record')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('manual')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label={t('amountInRupees')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          error={paise === null || tooMuch}
          helperText={tooMuch ? t('tooMuch', { owed: rupees(order.outstandingPaise) }) : paise === null ? t('amountInvalid') : t('owed', { owed: rupees(order.outstandingPaise) })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField select label={t('method')} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)} sx={{ minWidth: 180 }}>
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {translate(`app.orders.methods.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={t('reference')} value={reference} onChange={(e) => setReference(e.target.value)} required helperText={t('referenceHelp')} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField label={t('paidOn')} type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} required slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }} />
      </Stack>
      <Button type="submit" variant="contained" startIcon={<PaymentsIcon />} disabled={!valid || busy} sx={{ mt: 2 }}>
        {t('record')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={t('confirmTitle')}
        content={t('confirmBody', { amount: paise !== null ? rupees(paise) : '', number: order.number, reference: reference.trim() })}
        onConfirm={() => void record()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
