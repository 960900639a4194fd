/**
 * `/assessment/invite-candidate` (`?assessmentId=` preselects): invite candidates to an active
 * Invited assessment, one by one or from a CSV file (name, email, phone), with a validity and
 * extra time for all of them. Sent in chunks of 50 with a progress bar; then a report of every
 * row (invited, already invited, failed and why), which can be downloaded.
 */
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { BUSINESS_MESSAGES } from '../../domain/business';
import { DEFAULT_INVITATION_DAYS, isInvitable, type CandidateInput } from '../../domain/assessment';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { ASSESSMENT_PATHS, type AssessmentRecord } from '../assessments/api';
import { AssessmentPicker, type AssessmentChoice } from '../assessments/AssessmentPicker';
import { useAssessment } from '../assessments/useAssessment';
import { InviteCreditNotice } from '../licences/CreditNotice';
import { CANDIDATE_PATHS } from './api';
import { Chosen, CsvUpload, OneCandidate, Rejected } from './CandidateInputs';
import { InviteReport } from './InviteReport';
import { ExtraTimeInput, NO_EXTRA_TIME, parseExtraTime, type ExtraTimeValue } from './ExtraTimeInput';
import { chunked, chunkReport, failedRows, reportCounts, type RejectedRow, type ReportRow } from './inviteRows';

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
  const api = useApi();
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
        const answer = await api.invite({ assessmentId, candidates: group, expiresAt: expiryOf(validUntil), extraTime: parsed.extraTime });
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
