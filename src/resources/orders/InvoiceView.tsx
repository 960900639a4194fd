/**
 * The invoice of an order: seller (Skillgauge, its GSTIN from the configuration), buyer (the
 * client's name, address and GSTIN), the line, GST, the total, and the payments received. One view
 * for the screen (`/orders/:id/invoice`) and the PDF's print page (`/print/invoice/:id`).
 */
import { Box, Divider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';
import type { Invoice } from '../../domain/orders';
import { useRupees } from './OrderParts';

export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.invoice.${key}`, options);
  const rupees = useRupees();
  const { date, number } = useFormat();
  const { order, seller, buyer } = invoice;
  const address = [buyer.address, buyer.city, [buyer.state, buyer.postalCode].filter(Boolean).join(' '), buyer.country].filter(Boolean);
  return (
    <Box sx={{ bgcolor: 'background.paper', color: 'text.primary', p: { xs: 2, md: 4 }, '@media print': { p: 0 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
            {t('title')}
          </Typography>
          <Typography>{t('number', { number: order.number })}</Typography>
          <Typography>{t('date', { date: date(invoice.issuedAt) })}</Typography>
          <Typography sx={{ fontWeight: 600, mt: 1 }}>{translate(`app.orders.status.${order.status}`)}</Typography>
        </Box>
        <Box sx={{ textAlign: { sm: 'right' } }}>
          <Typography variant="h6" component="p">
            {seller.name}
          </Typography>
          {seller.address && <Typography sx={{ whiteSpace: 'pre-line' }}>{seller.address}</Typography>}
          <Typography>{seller.gstin ? t('gstin', { gstin: seller.gstin }) : t('gstinNotConfigured')}</Typography>
        </Box>
      </Stack>
      <Box component="section" aria-labelledby="invoice-buyer" sx={{ mb: 3 }}>
        <Typography id="invoice-buyer" variant="overline" component="h2">
          {t('billTo')}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{buyer.name}</Typography>
        {address.map((line) => (
          <Typography key={line}>{line}</Typography>
        ))}
        {buyer.gstin && <Typography>{t('gstin', { gstin: buyer.gstin })}</Typography>}
      </Box>
      <Table size="small" aria-label={t('lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('description')}</TableCell>
            <TableCell align="right">{t('quantity')}</TableCell>
            <TableCell align="right">{t('rate')}</TableCell>
            <TableCell align="right">{t('amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>{t('line', { assessment: order.assessmentName ?? '—' })}</TableCell>
            <TableCell align="right">{number(order.credits)}</TableCell>
            <TableCell align="right">{rupees(order.unitPricePaise)}</TableCell>
            <TableCell align="right">{rupees(order.subtotalPaise)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={3} align="right">
              {translate('app.orders.gst', { rate: number(order.taxRateBp / 100) })}
            </TableCell>
            <TableCell align="right">{rupees(order.taxPaise)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={3} align="right" sx={{ fontWeight: 600 }}>
              {translate('app.orders.total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {rupees(order.totalPaise)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Divider sx={{ my: 3 }} />
      <Box component="section" aria-labelledby="invoice-payments">
        <Typography id="invoice-payments" variant="overline" component="h2">
          {translate('app.orders.payments.title')}
        </Typography>
        {order.payments.length === 0 ? (
          <Typography>{translate('app.orders.payments.none')}</Typography>
        ) : (
          order.payments.map((p) => (
            <Typography key={p.id}>
              {t('payment', { date: date(`${p.paidOn}T00:00:00`), method: translate(`app.orders.methods.${p.method}`), reference: p.reference, amount: rupees(p.amountPaise) })}
            </Typography>
          ))
        )}
        <Typography sx={{ fontWeight: 600, mt: 1 }}>
          {t('balance', { amount: rupees(order.status === 'PENDING' ? order.outstandingPaise : 0) })}
        </Typography>
      </Box>
    </Box>
  );
}
