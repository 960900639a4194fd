/**
 * The price list (the provider's staff, a tab of `/orders`): the price per credit of each
 * assessment, and the price for any assessment that has none of its own, each with its GST rate.
 * Prices are typed in rupees and stored in paise; orders already placed keep their figures.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetList, useNotify, useTranslate } from 'react-admin';
import { DEFAULT_TAX_RATE_BP } from '../../domain/business';
import { Spinner } from '../../custom/layout/Spinner';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { request } from '../../providers/httpClient';
import type { PriceRow } from './api';
import { useRupees } from './OrderParts';

/** "450", "450.5", "1,250.75" in rupees → paise; null when it is not an amount. */
export function parseRupees(text: string): number | null {
  const clean = text.replace(/[,\s₹]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
/** "18", "12.5" per cent → basis points; null when outside 0..100. */
export function parsePercent(text: string): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) return null;
  const bp = Math.round(Number(text.trim()) * 100);
  return bp <= 10_000 ? bp : null;
}

interface Editing {
  id?: string;
  assessmentId: string | null;
  price: string;
  rate: string;
}

export default function PriceList() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.priceList.${key}`, options);
  const notify = useNotify();
  const rupees = useRupees();
  const { number } = useFormat();
  const { data: prices, isPending, refetch } = useGetList<PriceRow>('price-list', { pagination: { page: 1, perPage: 200 }, sort: { field: 'updatedAt', order: 'DESC' } });
  const { data: assessments } = useGetList<{ id: string; name: string; clientName: string | null }>('assessments', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<PriceRow | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (isPending) return <Spinner />;
  const rows = prices ?? [];
  const hasDefault = rows.some((p) => p.assessmentId === null);
  const priced = new Set(rows.map((p) => p.assessmentId));
  const choices = (assessments ?? []).filter((a) => !priced.has(a.id) || a.id === editing?.assessmentId);

  const save = async () => {
    if (!editing) return;
    const unitPricePaise = parseRupees(editing.price);
    const taxRateBp = parsePercent(editing.rate);
    if (unitPricePaise === null || taxRateBp === null) return;
    try {
      if (editing.id) await request({ url: `/api/price-list/${editing.id}`, method: 'PUT', data: { unitPricePaise, taxRateBp } });
      else await request({ url: '/api/price-list', method: 'POST', data: { assessmentId: editing.assessmentId, unitPricePaise, taxRateBp } });
      notify('app.orders.priceList.saved', { type: 'success' });
      setEditing(null);
      setError(null);
      await refetch();
    } catch (e) {
      setError(translateMessage(translate, (e as Error).message));
    }
  };
  const remove = async () => {
    if (!removing) return;
    try {
      await request({ url: `/api/price-list/${removing.id}`, method: 'DELETE' });
      notify('app.orders.priceList.removed', { type: 'info' });
      await refetch();
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setRemoving(null);
    }
  };
  const open = (row?: PriceRow, anyAssessment = false) =>
    setEditing(
      row
        ? { id: row.id, assessmentId: row.assessmentId, price: (row.unitPricePaise / 100).toFixed(2), rate: String(row.taxRateBp / 100) }
        : { assessmentId: anyAssessment ? null : '', price: '', rate: String(DEFAULT_TAX_RATE_BP / 100) },
    );
  const name = (row: PriceRow) => (row.assessmentId === null ? t('anyAssessment') : `${row.assessmentName}${row.clientName ? ` (${row.clientName})` : ''}`);
  const priceOk = editing ? parseRupees(editing.price) !== null : false;
  const rateOk = editing ? parsePercent(editing.rate) !== null : false;

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 2 }}>
        <Typography color="text.secondary">{t('intro')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {!hasDefault && (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => open(undefined, true)}>
              {t('addDefault')}
            </Button>
          )}
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open()}>
            {t('add')}
          </Button>
        </Stack>
      </Stack>
      {!hasDefault && <Alert severity="warning" sx={{ mb: 2 }}>{t('noDefault')}</Alert>}
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('assessment')}</TableCell>
            <TableCell align="right">{t('price')}</TableCell>
            <TableCell align="right">{t('taxRate')}</TableCell>
            <TableCell align="right">{t('actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ fontWeight: row.assessmentId === null ? 600 : 400 }}>{name(row)}</TableCell>
              <TableCell align="right">{rupees(row.unitPricePaise)}</TableCell>
              <TableCell align="right">{`${number(row.taxRateBp / 100)} %`}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('edit')}>
                  <IconButton aria-label={`${t('edit')}: ${name(row)}`} onClick={() => open(row)}>
                    <EditIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('remove')}>
                  <IconButton aria-label={`${t('remove')}: ${name(row)}`} onClick={() => setRemoving(row)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={!!editing} onClose={() => setEditing(null)} fullWidth maxWidth="sm" aria-labelledby="price-dialog-title">
        <DialogTitle id="price-dialog-title">{editing?.id ? t('edit') : t('add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error" role="alert">{error}</Alert>}
            {editing && editing.assessmentId === null ? (
              <Typography>{t('anyAssessment')}</Typography>
            ) : editing?.id ? (
              <Typography>{name(rows.find((r) => r.id === editing.id)!)}</Typography>
            ) : (
              <Autocomplete
                options={choices}
                getOptionLabel={(a) => `${a.name}${a.clientName ? ` (${a.clientName})` : ''}`}
                value={choices.find((a) => a.id === editing?.assessmentId) ?? null}
                onChange={(_, a) => editing && setEditing({ ...editing, assessmentId: a?.id ?? '' })}
                renderInput={(params) => <TextField {...params} label={t('assessment')} required />}
              />
            )}
            <TextField label={t('priceInRupees')} value={editing?.price ?? ''} onChange={(e) => editing && setEditing({ ...editing, price: e.target.value })} error={!!editing?.price && !priceOk} helperText={editing?.price && !priceOk ? t('priceInvalid') : ' '} slotProps={{ htmlInput: { inputMode: 'decimal' } }} required />
            <TextField label={t('taxRatePercent')} value={editing?.rate ?? ''} onChange={(e) => editing && setEditing({ ...editing, rate: e.target.value })} error={!rateOk} helperText={!rateOk ? t('rateInvalid') : ' '} slotProps={{ htmlInput: { inputMode: 'decimal' } }} required />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void save()} disabled={!priceOk || !rateOk || editing?.assessmentId === ''}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm isOpen={!!removing} title={t('removeTitle')} content={removing ? t('removeBody', { name: name(removing) }) : ''} onConfirm={() => void remove()} onClose={() => setRemoving(null)} />
    </Paper>
  );
}
