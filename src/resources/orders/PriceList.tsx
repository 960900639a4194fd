/**
 * The price list (the provider's staff, a tab of `/orders`): the price per credit of each
 * assessment, and the price for any assessment that has none of its own, each with its GST rate.
 * Prices are typed in rupees and stored in paise; orders already placed keep their figures.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { DEFAULT_TAX_RATE_BP } from '../../domain/business';
import { Spinner } from '../../custom/layout/Spinner';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { AssessmentPicker, type AssessmentChoice } from '../assessments/AssessmentPicker';
import type { PriceRow } from '../../domain/orders';
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

const PER_PAGE = 50;

interface Editing {
  id?: string;
  /** null: the price for any assessment; '' while none is chosen. */
  assessmentId: string | null;
  chosen?: AssessmentChoice | null;
  price: string;
  rate: string;
}

export default function PriceList() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.orders.priceList.${key}`, options);
  const notify = useNotify();
  const rupees = useRupees();
  const { number } = useFormat();
  const dataProvider = useDataProvider();
  const [page, setPage] = useState(0);
  const { data: prices, total = 0, isPending, refetch } = useGetList<PriceRow>(
    'price-list',
    { pagination: { page: page + 1, perPage: PER_PAGE }, sort: { field: 'updatedAt', order: 'DESC' } },
    { placeholderData: keepPreviousData },
  );
  // Whether the price for any assessment exists, wherever it falls in the pages.
  const fallback = useGetList<PriceRow>('price-list', { filter: { assessmentId: null }, pagination: { page: 1, perPage: 1 } });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<PriceRow | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (isPending) return <Spinner />;
  const rows = prices ?? [];
  const hasDefault = fallback.isPending || (fallback.total ?? 0) > 0;
  // Those priced on this page are left out of the picker; the server refuses any other twice (409).
  const priced = new Set(rows.flatMap((p) => (p.assessmentId ? [p.assessmentId] : [])));

  const save = async () => {
    if (!editing) return;
    const unitPricePaise = parseRupees(editing.price);
    const taxRateBp = parsePercent(editing.rate);
    if (unitPricePaise === null || taxRateBp === null) return;
    try {
      const previousData = rows.find((r) => r.id === editing.id);
      if (editing.id && previousData) await dataProvider.update('price-list', { id: editing.id, data: { unitPricePaise, taxRateBp }, previousData });
      else await dataProvider.create('price-list', { data: { assessmentId: editing.assessmentId, unitPricePaise, taxRateBp } });
      notify('app.orders.priceList.saved', { type: 'success' });
      setEditing(null);
      setError(null);
      await Promise.all([refetch(), fallback.refetch()]);
    } catch (e) {
      setError(translateMessage(translate, (e as Error).message));
    }
  };
  const remove = async () => {
    if (!removing) return;
    try {
      await dataProvider.delete('price-list', { id: removing.id, previousData: removing });
      notify('app.orders.priceList.removed', { type: 'info' });
      await Promise.all([refetch(), fallback.refetch()]);
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
      {/* On a phone the table scrolls within its card, not the page. */}
      <Box sx={{ overflowX: 'auto' }}>
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
      </Box>
      {total > PER_PAGE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
        />
      )}
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
              <AssessmentPicker
                filter={{}}
                exclude={priced}
                label={t('assessment')}
                help=" "
                value={editing?.chosen ?? null}
                onChange={(a) => editing && setEditing({ ...editing, assessmentId: a?.id ?? '', chosen: a })}
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
