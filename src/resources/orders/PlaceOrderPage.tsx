/**
 * `/placeOrder/:assessmentId`: a client buys credits for one of its assessments. The price comes
 * from the price list; unit price, subtotal, GST and total follow the number typed (the server
 * fixes the same figures when the order is placed). Placing it opens the order's page.
 */
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { ORDER_LIMITS, orderFigures } from '../../domain/business';
import type { AssessmentPrice } from '../../domain/orders';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { QueryState } from '../shared/QueryState';
import { usePrice } from './api';
import { ORDER_PATHS } from '../../domain/printing';
import { FigureLines } from './OrderParts';

/** The credits typed, when they are a whole number within the limits. */
export function parseCredits(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= ORDER_LIMITS.minCredits && n <= ORDER_LIMITS.maxCredits ? n : null;
}

/** `/placeOrder/:assessmentId`: a client's user buys credits (the route lets only them in). */
export default function PlaceOrderPage() {
  const { assessmentId = '' } = useParams();
  const translate = useTranslate();
  const price = usePrice(assessmentId);
  return (
    <QueryState query={price} title={translate('app.orders.place.title')}>
      {(data) => <PlaceOrderForm price={data} />}
    </QueryState>
  );
}

/** The credits to buy, the figures they come to, and the order placed. */
function PlaceOrderForm({ price }: { price: AssessmentPrice }) {
  const api = useApi();
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.place.${key}`, options);
  const notify = useNotify();
  const navigate = useNavigate();
  const [text, setText] = useState('10');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const credits = parseCredits(text);

  const place = async () => {
    if (!credits) return;
    setBusy(true);
    try {
      const order = await api.placeOrder({ assessmentId: price.assessmentId, credits, ...(notes.trim() ? { notes: notes.trim() } : {}) });
      notify('app.orders.place.placed', { type: 'success', messageArgs: { number: order.number } });
      navigate(ORDER_PATHS.show(order.id));
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Title title={t('title')} />
      <Paper component="form" sx={{ p: { xs: 2, md: 3 } }} onSubmit={(e) => (e.preventDefault(), void place())} aria-labelledby="place-order-heading">
        <Typography id="place-order-heading" variant="h6" component="h2" gutterBottom>
          {t('heading', { assessment: price.assessmentName })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            label={t('credits')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': 'credits-help' } }}
            error={!credits}
            helperText={<span id="credits-help">{credits ? t('creditsHelp', { max: ORDER_LIMITS.maxCredits }) : t('creditsInvalid', { max: ORDER_LIMITS.maxCredits })}</span>}
            sx={{ maxWidth: 240 }}
          />
          <section aria-live="polite" aria-label={t('summary')}>
            {credits ? <FigureLines figures={orderFigures(credits, price.unitPricePaise, price.taxRateBp)} /> : null}
          </section>
          <TextField label={t('notes')} value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          <Alert severity="info">{t('howToPay')}</Alert>
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" startIcon={<ShoppingCartIcon />} disabled={!credits || busy}>
              {t('submit')}
            </Button>
            <Button onClick={() => navigate(-1)}>{translate('ra.action.cancel')}</Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
