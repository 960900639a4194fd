/** The candidates of an invitation or a campaign: one typed by hand, a CSV file's rows, those refused, and the list to send. */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { MAX_INVITES_PER_REQUEST, type CandidateInput } from '../../domain/assessment';
import { translateMessage } from '../../i18n/messages';
import { saveCsv } from '../shared/csv';
import { RowButton } from '../shared/RowButton';
import { candidatesFromCsv, checkCandidate, TEMPLATE_ROWS, type RejectedRow } from './inviteRows';

/** Name, email and phone of one candidate, checked with the shared schema before it joins the list. */
export function OneCandidate({ onAdd, disabled }: { onAdd: (candidate: CandidateInput) => void; disabled: boolean }) {
  const translate = useTranslate();
  const [value, setValue] = useState({ name: '', email: '', phone: '' });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const set = (field: keyof typeof value) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValue((v) => ({ ...v, [field]: e.target.value }));
    if (error?.field === field) setError(null);
  };
  function add() {
    const checked = checkCandidate(value);
    if ('message' in checked) return setError(checked);
    onAdd(checked.candidate);
    setValue({ name: '', email: '', phone: '' });
    setError(null);
  }
  const helper = (field: string) => (error?.field === field ? translateMessage(translate, error.message) : undefined);
  return (
    // Not a <form>: it sits inside the campaign's form, and a form inside a form submits both.
    // Enter in a field adds the candidate, as a form's would.
    <Box
      role="form"
      aria-label={translate('app.invite.addOne')}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || (e.target as HTMLElement).tagName !== 'INPUT') return;
        e.preventDefault();
        add();
      }}
    >
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {translate('app.invite.addOne')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField size="small" label={translate('resources.candidates.fields.name')} value={value.name} onChange={set('name')} required error={!!helper('name')} helperText={helper('name')} disabled={disabled} sx={{ flex: 2 }} />
        <TextField size="small" type="email" label={translate('resources.candidates.fields.email')} value={value.email} onChange={set('email')} required error={!!helper('email')} helperText={helper('email')} disabled={disabled} sx={{ flex: 2 }} />
        <TextField size="small" type="tel" label={translate('resources.candidates.fields.phone')} value={value.phone} onChange={set('phone')} error={!!helper('phone')} helperText={helper('phone')} disabled={disabled} sx={{ flex: 1.5 }} />
        <Button variant="outlined" startIcon={<PersonAddIcon />} disabled={disabled} onClick={add} sx={{ flexShrink: 0, mt: { md: 0.25 } }}>
          {translate('app.invite.add')}
        </Button>
      </Stack>
    </Box>
  );
}

/** A CSV of candidates, read in the browser; the template shows its columns. */
export function CsvUpload({ onRead, disabled }: { onRead: (parsed: ReturnType<typeof candidatesFromCsv>) => void; disabled: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  async function read(file: File) {
    if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return notify('app.invite.notCsv', { type: 'error', messageArgs: { name: file.name } });
    const parsed = candidatesFromCsv(await file.text());
    if (parsed.missingColumns.length) return notify('app.invite.missingColumns', { type: 'error', messageArgs: { columns: parsed.missingColumns.join(', ') } });
    if (parsed.candidates.length + parsed.rejected.length === 0) return notify('app.invite.emptyCsv', { type: 'warning' });
    if (parsed.candidates.length > MAX_INVITES_PER_REQUEST * 10) return notify('app.invite.tooMany', { type: 'error', messageArgs: { max: MAX_INVITES_PER_REQUEST * 10 } });
    onRead(parsed);
    notify('app.invite.read', { type: 'info', messageArgs: { smart_count: parsed.candidates.length, rejected: parsed.rejected.length } });
  }
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {translate('app.invite.fromCsv')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.invite.csvHelp')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={disabled}>
          {translate('app.invite.chooseCsv')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => saveCsv(TEMPLATE_ROWS, 'candidates-template.csv')}>
          {translate('app.invite.template')}
        </Button>
      </Stack>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="candidates-csv"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void read(file);
        }}
      />
    </Box>
  );
}

export function Rejected({ rows }: { rows: RejectedRow[] }) {
  const translate = useTranslate();
  return (
    <Alert severity="warning" role="alert">
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {translate('app.invite.rejected', { smart_count: rows.length })}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {rows.slice(0, 20).map((r) => (
          <li key={r.line}>
            {translate('app.invite.rejectedRow', { line: r.line, who: r.email || r.name || '—', message: translateMessage(translate, r.message) })}
          </li>
        ))}
      </Box>
      {rows.length > 20 && <Typography variant="body2">{translate('app.invite.andMore', { smart_count: rows.length - 20 })}</Typography>}
    </Alert>
  );
}

export function Chosen({ candidates, onRemove, disabled, error }: { candidates: CandidateInput[]; onRemove: (email: string) => void; disabled: boolean; error?: string }) {
  const translate = useTranslate();
  const [shown, setShown] = useState(50);
  return (
    <Box component="section" aria-label={translate('app.invite.list')}>
      <Typography variant="subtitle2" component="h3">
        {translate('app.invite.list')} ({candidates.length})
      </Typography>
      {error && (
        <Typography color="error" variant="body2">
          {translateMessage(translate, error)}
        </Typography>
      )}
      {candidates.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          {translate('app.invite.emptyList')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.candidates.fields.name')}</TableCell>
                <TableCell>{translate('resources.candidates.fields.email')}</TableCell>
                <TableCell>{translate('resources.candidates.fields.phone')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {candidates.slice(0, shown).map((c) => (
                <TableRow key={c.email}>
                  <TableCell>{c.name}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.email}</TableCell>
                  <TableCell>{c.phone ?? ''}</TableCell>
                  <TableCell padding="checkbox">
                    <RowButton label={`${translate('app.assessmentWizard.remove')}: ${c.email}`} onClick={() => onRemove(c.email)} disabled={disabled}>
                      <DeleteOutlineIcon fontSize="small" />
                    </RowButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {candidates.length > shown && <Button onClick={() => setShown(candidates.length)}>{translate('app.invite.showAll', { smart_count: candidates.length })}</Button>}
        </Box>
      )}
    </Box>
  );
}
