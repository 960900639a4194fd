/** Pieces every orders screen shows: the status chip, money in rupees, an order's figures. */
import { Box, Chip, Typography, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type OrderFigures, type OrderStatus } from '../../domain/business';
import { useFormat } from '../../i18n/useFormat';

const STATUS_COLOURS: Record<OrderStatus, ChipProps['color']> = { PENDING: 'warning', PAID: 'success', CANCELLED: 'default', REFUNDED: 'info' };

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOURS[status]} variant={status === 'CANCELLED' ? 'outlined' : 'filled'} label={translate(`app.orders.status.${status}`)} />;
}

/** Rupees in the interface's Indian locale. */
export function useRupees() {
  return useFormat().rupees;
}

/** Unit price × credits, subtotal, GST and total, as a small table of sums. */
export function FigureLines({ figures, paidPaise }: { figures: OrderFigures; paidPaise?: number }) {
  const translate = useTranslate();
  const rupees = useRupees();
  const { number } = useFormat();
  const rows: [string, string, boolean?][] = [
    [translate('app.orders.unitTimesCredits', { price: rupees(figures.unitPricePaise), smart_count: figures.credits, credits: number(figures.credits) }), rupees(figures.subtotalPaise)],
    [translate('app.orders.gst', { rate: number(figures.taxRateBp / 100) }), rupees(figures.taxPaise)],
    [translate('app.orders.total'), rupees(figures.totalPaise), true],
  ];
  if (paidPaise !== undefined) {
    rows.push([translate('app.orders.paid'), rupees(paidPaise)]);
    rows.push([translate('app.orders.outstanding'), rupees(Math.max(0, figures.totalPaise - paidPaise)), true]);
  }
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 3, rowGap: 0.5, m: 0, maxWidth: 480 }}>
      {rows.map(([label, value, strong]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: strong ? 600 : 400 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : 400 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
