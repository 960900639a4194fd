/**
 * What became of each candidate of a batch of invitations (the invite page, a campaign's list):
 * invited, already invited or failed and why, counted, and downloadable as CSV.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Chip, Link as MuiLink, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, type ChipProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { InviteRowResult } from '../../domain/assessment';
import { translateMessage } from '../../i18n/messages';
import { useFormat } from '../../i18n/useFormat';
import { saveCsv } from '../shared/csv';
import { reportCounts, type ReportRow } from './inviteRows';

export const OUTCOME_COLOURS: Record<InviteRowResult['outcome'], ChipProps['color']> = { INVITED: 'success', DUPLICATE: 'warning', FAILED: 'error' };
const COLUMNS = ['row', 'name', 'email', 'outcome', 'message'] as const;

export function InviteReport({ rows, title, fileName, actions, nameLink }: {
  rows: ReportRow[];
  title: string;
  /** The downloaded CSV's name. */
  fileName: string;
  /** Buttons beside the download. */
  actions?: ReactNode;
  /** Where a row's name leads (the attempt of an invitation sent), if anywhere. */
  nameLink?: (row: ReportRow) => string | undefined;
}) {
  const translate = useTranslate();
  const { number } = useFormat();
  const counts = reportCounts(rows);
  const outcome = (o: InviteRowResult['outcome']) => translate(`app.invite.outcome.${o}`);
  const messageOf = (r: ReportRow) => (r.message ? translateMessage(translate, r.message) : '');
  const header = COLUMNS.map((k) => translate(`app.invite.column.${k}`));
  const download = () => saveCsv([header, ...rows.map((r) => [r.row, r.name, r.email, outcome(r.outcome), messageOf(r)])], fileName);
  const stat = (o: InviteRowResult['outcome'], value: number) => <Chip color={OUTCOME_COLOURS[o]} variant="outlined" label={`${outcome(o)}: ${number(value)}`} />;
  return (
    <>
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}>
          {stat('INVITED', counts.invited)}
          {stat('DUPLICATE', counts.duplicates)}
          {stat('FAILED', counts.failed)}
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
            {translate('app.invite.downloadReport')}
          </Button>
          {actions}
        </Stack>
      </Paper>
      <Paper sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('app.invite.reportTitle')}>
          <TableHead>
            <TableRow>
              {header.map((label) => (
                <TableCell key={label}>{label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => {
              const to = nameLink?.(r);
              return (
                <TableRow key={r.row}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell>
                    {to ? (
                      <MuiLink component={Link} to={to}>
                        {r.name}
                      </MuiLink>
                    ) : (
                      r.name
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.email}</TableCell>
                  <TableCell>
                    <Chip size="small" color={OUTCOME_COLOURS[r.outcome]} label={outcome(r.outcome)} />
                  </TableCell>
                  <TableCell>{messageOf(r)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
