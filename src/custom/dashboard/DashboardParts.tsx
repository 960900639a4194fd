/**
 * Pieces both dashboards are made of: the period filter (kept in the app's store, so it survives a
 * visit to a list and back), a figure that opens the list behind it, a section, an empty state that
 * says what to do next, counts as proportional bars, and the months as a bar chart.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useStore, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { DASHBOARD_MESSAGES, DEFAULT_PRESET, presetRange, RANGE_PRESETS, type DateRange, type MonthFigure, type RangePreset } from '../../domain/dashboards';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import type { DashboardCall, DashboardParams } from '../../providers/api/dashboards';
import type { AppMethods } from '../../providers/dataProvider';
import { useApi } from '../../providers/useApi';
import { useContainerWidth } from '../../resources/reports/ReportCharts';
import { usePhone } from '../../resources/shared/ResponsiveList';

/** A dashboard's figures, cached per call and parameters. */
export function useDashboardQuery<K extends DashboardCall>(call: K, params: DashboardParams) {
  const api = useApi();
  type Figures = Awaited<ReturnType<AppMethods[K]>>;
  return useQuery<Figures>({ queryKey: ['dashboard', call, params], queryFn: () => api[call](params) as Promise<Figures> });
}

interface StoredRange {
  preset: RangePreset;
  from?: string;
  to?: string;
}

/** The period the figures follow: a preset, or the custom days once both are given in order. */
export function useDashboardRange() {
  const [stored, setStored] = useStore<StoredRange>('dashboards.range', { preset: DEFAULT_PRESET });
  const customOk = !!stored.from && !!stored.to && stored.from <= stored.to;
  const range: DateRange = stored.preset !== 'CUSTOM' ? presetRange(stored.preset) : customOk ? { from: stored.from!, to: stored.to! } : presetRange(DEFAULT_PRESET);
  return { stored, setStored, range, customError: stored.preset === 'CUSTOM' && stored.from && stored.to && !customOk ? DASHBOARD_MESSAGES.fromAfterTo : null };
}

export function RangeFilter({ state }: { state: ReturnType<typeof useDashboardRange> }) {
  const translate = useTranslate();
  const { date } = useFormat();
  const { stored, setStored, range, customError } = state;
  const custom = stored.preset === 'CUSTOM';
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField
        select
        size="small"
        label={translate('app.dashboards.range.label')}
        value={stored.preset}
        onChange={(e) => {
          const preset = e.target.value as RangePreset;
          // A custom period starts from the one on screen.
          setStored(preset === 'CUSTOM' ? { preset, from: range.from, to: range.to } : { preset });
        }}
        sx={{ minWidth: 180 }}
      >
        {RANGE_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`app.dashboards.range.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      {custom && (
        <>
          <TextField
            type="date"
            size="small"
            label={translate('app.dashboards.range.from')}
            value={stored.from ?? ''}
            onChange={(e) => setStored({ ...stored, from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={translate('app.dashboards.range.to')}
            value={stored.to ?? ''}
            onChange={(e) => setStored({ ...stored, to: e.target.value })}
            error={!!customError}
            helperText={customError ? translateMessage(translate, customError) : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
      <Typography variant="body2" color="text.secondary" role="status">
        {translate('app.dashboards.range.showing', { from: date(`${range.from}T00:00:00`), to: date(`${range.to}T00:00:00`) })}
      </Typography>
    </Box>
  );
}

/** A figure; with `to`, the card opens the list behind it. */
export function Figure({ label, value, to, help, tone }: { label: string; value: string; to?: string; help?: string; tone?: 'warning' }) {
  const translate = useTranslate();
  const body = (
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="body2" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h5" component="div" sx={{ fontWeight: 600, color: tone === 'warning' ? 'warning.main' : undefined }}>
        {value}
      </Typography>
      {help && (
        <Typography variant="caption" color="text.secondary" component="div">
          {help}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to} aria-label={translate('app.dashboards.openList', { label, value })} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** A row of figures that wraps on small screens. */
export function Figures({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' }, mb: 2 }}>{children}</Box>;
}

export function Section({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={`dashboard-${id}`} sx={{ p: { xs: 2, md: 3 }, mb: 3, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={`dashboard-${id}`} variant="h6" component="h2">
          {title}
        </Typography>
        {note && (
          <Typography variant="caption" color="text.secondary">
            {note}
          </Typography>
        )}
      </Box>
      {children}
    </Paper>
  );
}

/** What to do when there is nothing to count yet. */
export function Empty({ text, action }: { text: string; action?: { label: string; to: string } }) {
  return (
    <Alert severity="info" variant="outlined" action={action && <Button component={Link} to={action.to} size="small">{action.label}</Button>} sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}

export function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label="…" />
    </Box>
  );
}

export function LoadFailed({ error, retry }: { error: Error; retry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" action={<Button onClick={retry}>{translate('app.dashboards.retry')}</Button>} sx={{ mb: 2 }}>
      {translate('app.dashboards.loadFailed')} {translateMessage(translate, error.message)}
    </Alert>
  );
}

export interface CountRow {
  key: string;
  label: string;
  count: number;
  to?: string;
}

/** Counts as a list of proportional bars, each a link to its list. */
export function CountBars({ rows, label }: { rows: CountRow[]; label: string }) {
  const { number } = useFormat();
  const translate = useTranslate();
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
      {rows.map((r) => {
        const content = (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr) auto', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" noWrap title={r.label}>
              {r.label}
            </Typography>
            <Box sx={{ height: 10, borderRadius: 1, bgcolor: 'action.hover' }}>
              <Box sx={{ height: '100%', width: `${(r.count / max) * 100}%`, borderRadius: 1, bgcolor: 'primary.main' }} />
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 32, textAlign: 'right' }}>
              {number(r.count)}
            </Typography>
          </Box>
        );
        return (
          <li key={r.key}>
            {r.to ? (
              <Box component={Link} to={r.to} aria-label={translate('app.dashboards.openList', { label: r.label, value: number(r.count) })} sx={{ color: 'inherit', textDecoration: 'none', display: 'block', '&:hover': { bgcolor: 'action.hover' } }}>
                {content}
              </Box>
            ) : (
              content
            )}
          </li>
        );
      })}
    </Box>
  );
}

export interface ChartSeries {
  key: keyof MonthFigure;
  label: string;
  /** How a value reads (money, counts). */
  format?: (value: number) => string;
  /** Scales the stored value for the chart (paise to rupees). */
  scale?: number;
}

/** Figures per month as grouped bars, sized to their container. */
export function MonthChart({ months, series, label }: { months: MonthFigure[]; series: ChartSeries[]; label: string }) {
  const { date, number } = useFormat();
  const [ref, width] = useContainerWidth();
  return (
    <Box component="figure" ref={ref} aria-label={label} sx={{ m: 0, width: '100%', minWidth: 0 }}>
      <BarChart
        width={width}
        height={260}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: months.map((m) => date(`${m.month}-01T00:00:00`, { month: 'short', year: '2-digit' })) }]}
        // Counts are whole; large sums read short (2.5L), so that the axis never cuts them.
        yAxis={[{ tickMinStep: 1, width: 56, valueFormatter: (v: number) => number(v, { notation: 'compact', maximumFractionDigits: 1 }) }]}
        series={series.map((s) => ({
          id: s.key,
          label: s.label,
          data: months.map((m) => (Number(m[s.key] ?? 0) * (s.scale ?? 1))),
          valueFormatter: (v: number | null) => (v == null ? '' : s.format ? s.format(v) : String(v)),
        }))}
        margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
      />
    </Box>
  );
}

/** A table row that opens the list behind it, as a list's rows do; its first cell holds the link for keyboards. */
export function LinkRow({ to, children }: { to?: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <TableRow
      hover={!!to}
      // A click on the row's own link navigates once, by the link.
      onClick={to ? (e) => !(e.target as HTMLElement).closest('a') && navigate(to) : undefined}
      sx={to ? { cursor: 'pointer' } : undefined}
    >
      {children}
    </TableRow>
  );
}

export interface FigureColumn<T> {
  label: string;
  /** Figures sit right, as numbers do. */
  figure?: boolean;
  cell: (row: T) => ReactNode;
}

/** A row on a phone, as the lists' SimpleList shows it: its name, a line of figures under it, a short note at the right. */
export interface PhoneFigureRow<T> {
  primary: (row: T) => ReactNode;
  secondary: (row: T) => ReactNode;
  tertiary?: (row: T) => ReactNode;
}

/** "Invited: 20 · Started: 14": figures with their labels, on one line that wraps. */
export const figureLine = (figures: [label: string, value: ReactNode][]) => figures.map(([label, value]) => `${label}: ${String(value)}`).join(' · ');

/**
 * A table of rows from one dashboard call: a spinner while it loads, a retry when it failed, what
 * to do when there are none, and each row leading to the list behind it (`link`). Below `sm` the
 * rows are a list (`phone`), as every list of the app is on phones: a table would be cut off.
 */
export function QueryTable<T>({ query, empty, columns, rowKey, link, phone }: {
  query: UseQueryResult<T[]>;
  empty: ReactNode;
  columns: FigureColumn<T>[];
  rowKey: (row: T) => string;
  link: (row: T) => string | undefined;
  phone: PhoneFigureRow<T>;
}) {
  const isPhone = usePhone();
  if (query.isPending) return <Loading />;
  if (query.error) return <LoadFailed error={query.error} retry={() => query.refetch()} />;
  if (query.data.length === 0) return <>{empty}</>;
  if (isPhone)
    return (
      <List disablePadding>
        {query.data.map((row) => {
          const to = link(row);
          const content = (
            <>
              <ListItemText primary={phone.primary(row)} secondary={phone.secondary(row)} sx={{ minWidth: 0, overflowWrap: 'anywhere' }} />
              {phone.tertiary && (
                <Typography variant="body2" component="span" sx={{ ml: 1, flexShrink: 0 }}>
                  {phone.tertiary(row)}
                </Typography>
              )}
            </>
          );
          return (
            <ListItem key={rowKey(row)} disablePadding divider>
              {to ? (
                <ListItemButton component={Link} to={to}>
                  {content}
                </ListItemButton>
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', width: '100%', px: 2, py: 1 }}>{content}</Box>
              )}
            </ListItem>
          );
        })}
      </List>
    );
  const align = (c: FigureColumn<T>) => (c.figure ? 'right' : undefined);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={align(c)}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {query.data.map((row) => (
            <LinkRow key={rowKey(row)} to={link(row)}>
              {columns.map((c) => (
                <TableCell key={c.label} align={align(c)}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </LinkRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Rupees from paise, in the interface language (whole rupees on a dashboard). */
export function useMoney() {
  const { number } = useFormat();
  return (paise: number) => number(paise / 100, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
}
