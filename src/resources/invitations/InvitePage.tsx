/**
 * `/assessment/invite-candidate` (`?assessmentId=` preselects): invite candidates to an active
 * Invited assessment, one by one or from a CSV file (name, email, phone), with a validity and
 * extra time for all of them. Sent in chunks of 50 with a progress bar; then a report of every
 * row (invited, already invited, failed and why), which can be downloaded.
 */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import SendIcon from '@mui/icons-material/Send';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { BUSINESS_MESSAGES } from '../../domain/business';
import { DEFAULT_INVITATION_DAYS, isInvitable, MAX_INVITES_PER_REQUEST, type CandidateInput, type InviteRowResult } from '../../domain/assessment';
import { translateMessage } from '../../i18n/messages';
import { request } from '../../providers/httpClient';
import { ASSESSMENT_PATHS, type AssessmentRecord } from '../assessments/api';
import { AssessmentPicker, type AssessmentChoice } from '../assessments/AssessmentPicker';
import { useAssessment } from '../assessments/useAssessment';
import { InviteCreditNotice } from '../licences/CreditNotice';
import { saveCsv } from '../shared/csv';
import { RowButton } from '../shared/RowButton';
import { CANDIDATE_PATHS, INVITATIONS_URL } from './api';
import { InviteReport } from './InviteReport';
import { ExtraTimeInput, NO_EXTRA_TIME, parseExtraTime, type ExtraTimeValue } from './ExtraTimeInput';
import { candidatesFromCsv, checkCandidate, chunked, chunkReport, failedRows, reportCounts, TEMPLATE_ROWS, type RejectedRow, type ReportRow } from './inviteRows';

const invitable = (a: Pick<AssessmentRecord, 'status' | 'type'>) => isInvitable(a);

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A date field's value (YYYY-MM-DD) `days` from today, in the browser's time zone. */
export function dateInDays(days: number, from = new Date()): string {
  const d = new Date(from.getTime() + days * DAY_MS);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** The end of a date field's day, as the invitation's expiry. */
export const expiryOf = (day: string) => new Date(`${day}T23:59:59`).toISOString();

export default function InvitePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const preselected = search.get('assessmentId');
  const [chosen, setChosen] = useState<AssessmentChoice | null>(null);
  const [candidates, setCandidates] = useState<CandidateInput[]>([]);
  const [rejected, setRejected] = useState<RejectedRow[]>([]);
  const [validUntil, setValidUntil] = useState(() => dateInDays(DEFAULT_INVITATION_DAYS));
  const [extra, setExtra] = useState<ExtraTimeValue>(NO_EXTRA_TIME);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ReportRow[] | null>(null);
  // The assessment the page was opened for, if it can take invitations.
  const opened = useAssessment(preselected);
  useEffect(() => {
    if (opened.data && invitable(opened.data)) setChosen((current) => current ?? opened.data);
  }, [opened.data]);
  const assessmentId = chosen?.id ?? '';

  function add(list: CandidateInput[]) {
    // The same email twice in one list is one candidate: the later row wins.
    setCandidates((current) => {
      const byEmail = new Map(current.map((c) => [c.email, c]));
      for (const c of list) byEmail.set(c.email, c);
      return [...byEmail.values()];
    });
    setErrors((e) => ({ ...e, candidates: '' }));
  }

  async function send() {
    const found: Record<string, string> = {};
    if (!chosen) found.assessmentId = 'Choose an assessment';
    if (candidates.length === 0) found.candidates = 'Add at least one candidate';
    if (!validUntil || Date.parse(expiryOf(validUntil)) <= Date.now()) found.validUntil = 'The new expiry must be in the future.';
    const parsed = parseExtraTime(extra);
    if ('message' in parsed) found.extraTime = parsed.message;
    setErrors(found);
    if (Object.keys(found).length || 'message' in parsed) return;
    const groups = chunked(candidates);
    const rows: ReportRow[] = [];
    setSending({ done: 0, total: candidates.length });
    for (const [n, group] of groups.entries()) {
      const offset = n * groups[0].length;
      try {
        const answer = await request<{ rows: InviteRowResult[] }>({
          url: INVITATIONS_URL,
          method: 'POST',
          data: { assessmentId, candidates: group, expiresAt: expiryOf(validUntil), extraTime: parsed.extraTime },
        });
        rows.push(...chunkReport(group, offset, answer.rows));
      } catch (e) {
        // Refused as a whole (the assessment closed meanwhile, the network went): the rest is not sent.
        rows.push(...failedRows(candidates.slice(offset), offset, (e as Error).message));
        break;
      }
      setSending({ done: offset + group.length, total: candidates.length });
    }
    setSending(null);
    // Credits ran out on the way: say so at once (the report marks each row), and show the balance anew.
    if (rows.some((r) => r.message === BUSINESS_MESSAGES.noCredits)) notify('app.licences.noCreditsToast', { type: 'error' });
    void queryClient.invalidateQueries({ queryKey: ['licence-balance'] });
    setReport(rows);
    setCandidates([]);
    setRejected([]);
  }

  if (report)
    return (
<Report rows={report} assessment={chosen} onAgain={() => setReport(null)} />
    );

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Title title={translate('app.invite.title')} />
      <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="invite-assessment">
        <Typography id="invite-assessment" variant="h6" component="h2" gutterBottom>
          {translate('app.invite.assessmentStep')}
        </Typography>
        <AssessmentPicker
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setErrors((x) => ({ ...x, assessmentId: '' }));
          }}
          disabled={!!sending}
          error={errors.assessmentId}
        />
        {opened.data && !invitable(opened.data) && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate('app.invite.notInvitable')}
          </Alert>
        )}
        {chosen && (
          <Box sx={{ mt: 1 }}>
            <InviteCreditNotice assessmentId={chosen.id} clientId={chosen.clientId} />
          </Box>
        )}
      </Paper>

      <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="invite-candidates">
        <Typography id="invite-candidates" variant="h6" component="h2" gutterBottom>
          {translate('app.invite.candidatesStep')}
        </Typography>
        <Stack spacing={3}>
          <OneCandidate onAdd={(c) => add([c])} disabled={!!sending} />
          <CsvUpload
            disabled={!!sending}
            onRead={(parsed) => {
              add(parsed.candidates);
              setRejected(parsed.rejected);
            }}
          />
          {rejected.length > 0 && <Rejected rows={rejected} />}
          <Chosen candidates={candidates} onRemove={(email) => setCandidates((list) => list.filter((c) => c.email !== email))} disabled={!!sending} error={errors.candidates} />
        </Stack>
      </Paper>

      <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="invite-settings">
        <Typography id="invite-settings" variant="h6" component="h2" gutterBottom>
          {translate('app.invite.settingsStep')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            type="date"
            label={translate('app.invite.validUntil')}
            value={validUntil}
            onChange={(e) => {
              setValidUntil(e.target.value);
              setErrors((x) => ({ ...x, validUntil: '' }));
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dateInDays(0) } }}
            error={!!errors.validUntil}
            helperText={errors.validUntil ? translateMessage(translate, errors.validUntil) : translate('app.invite.validUntilHelp', { days: DEFAULT_INVITATION_DAYS })}
            sx={{ maxWidth: 280 }}
            disabled={!!sending}
          />
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {translate('app.invitations.extraTime.label')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.invitations.extraTime.help')}
            </Typography>
            <ExtraTimeInput
              value={extra}
              onChange={(value) => {
                setExtra(value);
                setErrors((x) => ({ ...x, extraTime: '' }));
              }}
              error={errors.extraTime || undefined}
            />
          </Box>
        </Stack>
      </Paper>

      <Paper sx={{ p: { xs: 2, md: 3 }, position: 'sticky', bottom: 0, zIndex: 1 }}>
        {sending ? (
          <Box role="status" aria-live="polite">
            <Typography variant="body2" gutterBottom>
              {translate('app.invite.sending', { done: sending.done, total: sending.total })}
            </Typography>
            <LinearProgress variant="determinate" value={(100 * sending.done) / sending.total} aria-label={translate('app.invite.progress')} />
          </Box>
        ) : (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ flex: 1 }}>{translate('app.invite.ready', { smart_count: candidates.length })}</Typography>
            {chosen && (
              <Button component={Link} to={ASSESSMENT_PATHS.view(chosen.id)} color="inherit">
                {translate('ra.action.cancel')}
              </Button>
            )}
            <Button variant="contained" startIcon={<SendIcon />} onClick={send}>
              {translate('app.invite.send')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

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

function Report({ rows, assessment, onAgain }: { rows: ReportRow[]; assessment: AssessmentChoice | null; onAgain: () => void }) {
  const translate = useTranslate();
  const invited = reportCounts(rows).invited;
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Title title={translate('app.invite.reportTitle')} />
      <InviteReport
        rows={rows}
        title={`${translate('app.invite.reportTitle')}${assessment ? `: ${assessment.name}` : ''}`}
        fileName="invitation-report.csv"
        nameLink={(r) => (r.invitationId ? CANDIDATE_PATHS.attempt(r.invitationId) : undefined)}
        actions={
          <>
            <Button onClick={onAgain}>{translate('app.invite.again')}</Button>
            {assessment && (
              <Button component={Link} to={ASSESSMENT_PATHS.candidates(assessment.id)}>
                {translate('app.assessments.seeCandidates', { smart_count: invited })}
              </Button>
            )}
          </>
        }
      />
    </Stack>
  );
}
