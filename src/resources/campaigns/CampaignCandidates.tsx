/**
 * A campaign's candidates before they are sent: from a CSV file or one by one (the CSV invite's own
 * pieces and parsing), and picked from the client's existing candidates (searched on the server).
 * Then sent in chunks, with a progress bar, and answered by a report of every row.
 */
import { Autocomplete, Box, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { CandidateInput } from '../../domain/assessment';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useSettled } from '../shared/useSettled';
import { Chosen, CsvUpload, OneCandidate, Rejected } from '../invitations/CandidateInputs';
import { InviteReport } from '../invitations/InviteReport';
import { chunked, chunkReport, failedRows, type RejectedRow, type ReportRow } from '../invitations/inviteRows';

/** An existing candidate, as GET /api/candidates lists them. */
export interface PickedCandidate {
  id: string;
  name: string;
  email: string;
}

export interface CandidateDraft {
  fromCsv: CandidateInput[];
  picked: PickedCandidate[];
}
export const EMPTY_DRAFT: CandidateDraft = { fromCsv: [], picked: [] };
export const draftSize = (d: CandidateDraft) => d.fromCsv.length + d.picked.length;

/** The client's candidates, searched by name, email or phone, several at once. */
function CandidatePicker({ clientId, value, onChange, disabled }: { clientId: string | null; value: PickedCandidate[]; onChange: (value: PickedCandidate[]) => void; disabled: boolean }) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const q = useSettled(input.trim());
  const options = useGetList<PickedCandidate>('candidates', { filter: { clientId, ...(q && { q }) }, sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 50 } }, { placeholderData: keepPreviousData });
  return (
    <Autocomplete<PickedCandidate, true>
      multiple
      options={options.data ?? []}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next, reason) => reason !== 'reset' && setInput(next)}
      getOptionLabel={(c) => `${c.name} · ${c.email}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      filterSelectedOptions
      disableCloseOnSelect
      loading={options.isFetching}
      disabled={disabled}
      noOptionsText={translate('app.campaigns.noCandidateMatch')}
      renderInput={(params) => <TextField {...params} label={translate('app.campaigns.pickCandidates')} helperText={translate('app.campaigns.pickHelp')} />}
    />
  );
}

/** CSV, one by one, and picked: the list that will be sent. */
export function CandidatesInput({ clientId, value, onChange, disabled, error }: { clientId: string | null; value: CandidateDraft; onChange: (value: CandidateDraft) => void; disabled: boolean; error?: string }) {
  const translate = useTranslate();
  const [rejected, setRejected] = useState<RejectedRow[]>([]);
  function add(list: CandidateInput[]) {
    // The same email twice is one candidate: the later row wins.
    const byEmail = new Map(value.fromCsv.map((c) => [c.email, c]));
    for (const c of list) byEmail.set(c.email, c);
    onChange({ ...value, fromCsv: [...byEmail.values()] });
  }
  return (
    <Stack spacing={3}>
      <CsvUpload
        disabled={disabled}
        onRead={(parsed) => {
          add(parsed.candidates);
          setRejected(parsed.rejected);
        }}
      />
      {rejected.length > 0 && <Rejected rows={rejected} />}
      <OneCandidate onAdd={(c) => add([c])} disabled={disabled} />
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {translate('app.campaigns.existing')}
        </Typography>
        <CandidatePicker clientId={clientId} value={value.picked} onChange={(picked) => onChange({ ...value, picked })} disabled={disabled} />
      </Box>
      <Chosen candidates={value.fromCsv} onRemove={(email) => onChange({ ...value, fromCsv: value.fromCsv.filter((c) => c.email !== email) })} disabled={disabled} error={error} />
    </Stack>
  );
}

/** Sends the draft to a campaign in chunks (CSV rows, then picked ones) and answers the report of every row. */
export async function sendCandidates(api: AppDataProvider, campaignId: string, draft: CandidateDraft, progress: (done: number) => void): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  const parts: { people: { name: string; email: string }[]; body: (n: number, size: number) => { candidates: CandidateInput[] } | { candidateIds: string[] } }[] = [
    { people: draft.fromCsv, body: (n, size) => ({ candidates: draft.fromCsv.slice(n, n + size) }) },
    { people: draft.picked, body: (n, size) => ({ candidateIds: draft.picked.slice(n, n + size).map((c) => c.id) }) },
  ];
  let offset = 0;
  for (const part of parts) {
    const groups = chunked(part.people);
    let start = 0;
    for (const group of groups) {
      try {
        const answer = await api.addCampaignCandidates(campaignId, part.body(start, group.length));
        rows.push(...chunkReport(group as CandidateInput[], offset, answer.rows));
      } catch (e) {
        // Refused as a whole (the campaign ended meanwhile, the network went): the rest is not sent.
        const rest = [...part.people.slice(start), ...(part === parts[0] ? parts[1].people : [])];
        rows.push(...failedRows(rest as CandidateInput[], offset, (e as Error).message));
        return rows;
      }
      start += group.length;
      offset += group.length;
      progress(offset);
    }
  }
  return rows;
}

export function SendingProgress({ done, total }: { done: number; total: number }) {
  const translate = useTranslate();
  return (
    <Box role="status" aria-live="polite">
      <Typography variant="body2" gutterBottom>
        {translate('app.invite.sending', { done, total })}
      </Typography>
      <LinearProgress variant="determinate" value={total ? (100 * done) / total : 100} aria-label={translate('app.invite.progress')} />
    </Box>
  );
}

/** The report of every row: invited (or waiting for the start), already invited, failed and why; downloadable. */
export function CandidatesReport({ rows, actions }: { rows: ReportRow[]; actions?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <InviteReport rows={rows} title={translate('app.invite.reportTitle')} fileName="campaign-report.csv" actions={actions} />
    </Stack>
  );
}
