/**
 * `/campaign/addCampaign`: a new campaign in one page: the assessment (an active Invited one the
 * user may invite to), its name and dates, the mail with a live preview and the reminders, and the
 * candidates (CSV, one by one, or picked). The campaign is created, then its candidates are sent in
 * chunks; a report of every row follows, with the way to the campaign.
 */
import SendIcon from '@mui/icons-material/Send';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { campaignSchema, DEFAULT_MAIL, withDefaultMailIn } from '../../domain/campaigns';
import { toUiLanguage } from '../../domain/language';
import { fieldErrors } from '../../domain/schemas';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { AssessmentPicker, type AssessmentChoice } from '../assessments/AssessmentPicker';
import type { ReportRow } from '../invitations/inviteRows';
import { CAMPAIGN_PATHS, type CampaignRow } from './api';
import { CandidatesInput, CandidatesReport, draftSize, EMPTY_DRAFT, sendCandidates, SendingProgress, type CandidateDraft } from './CampaignCandidates';
import { templatePayload, TemplateFields, type TemplateValue } from './TemplateFields';

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local field's value for a moment, in the browser's time zone. */
export const localInput = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
const isoOf = (local: string) => (local && !Number.isNaN(new Date(local).getTime()) ? new Date(local).toISOString() : local);

export default function CampaignCreate() {
  const api = useApi();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [assessment, setAssessment] = useState<AssessmentChoice | null>(null);
  const [details, setDetails] = useState(() => ({ name: '', description: '', startsAt: localInput(new Date()), endsAt: localInput(new Date(Date.now() + 14 * DAY)) }));
  const [locale] = useLocaleState();
  const [template, setTemplate] = useState<TemplateValue>(() => ({ mailSubject: DEFAULT_MAIL[toUiLanguage(locale) ?? 'en'].subject, mailBody: DEFAULT_MAIL[toUiLanguage(locale) ?? 'en'].body, reminderEveryDays: '3', maxReminders: '2' }));
  // The language menu used before any word was changed: the default text follows it.
  useEffect(() => setTemplate((current) => withDefaultMailIn(current, locale)), [locale]);
  const [draft, setDraft] = useState<CandidateDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ campaign: CampaignRow; rows: ReportRow[] } | null>(null);
  const set = (field: keyof typeof details) => (e: React.ChangeEvent<HTMLInputElement>) => setDetails((d) => ({ ...d, [field]: e.target.value }));
  const helper = (field: string, help?: string) => (errors[field] ? translateMessage(translate, errors[field]) : help);

  async function submit() {
    const payload = { assessmentId: assessment?.id ?? '', name: details.name, description: details.description || null, startsAt: isoOf(details.startsAt), endsAt: isoOf(details.endsAt), ...templatePayload(template) };
    const checked = campaignSchema.safeParse(payload);
    const found = checked.success ? {} : fieldErrors(checked.error);
    if (!assessment) found.assessmentId = 'Choose an assessment';
    if (draftSize(draft) === 0) found.candidates = 'Add at least one candidate';
    setErrors(found);
    if (Object.keys(found).length) return;
    let campaign: CampaignRow;
    try {
      campaign = await api.createCampaign(payload);
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      setErrors({ ...(body?.errors ?? {}), _: (e as Error).message });
      return;
    }
    const total = draftSize(draft);
    setSending({ done: 0, total });
    const rows = await sendCandidates(api, campaign.id, draft, (done) => setSending({ done, total }));
    setSending(null);
    setResult({ campaign, rows });
  }

  if (result)
    return (
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <Title title={translate('app.campaigns.created', { name: result.campaign.name })} />
        <Typography variant="h5" component="h2">
          {translate('app.campaigns.created', { name: result.campaign.name })}
        </Typography>
        <CandidatesReport
          rows={result.rows}
          actions={
            <Button variant="contained" component={Link} to={CAMPAIGN_PATHS.view(result.campaign.id)}>
              {translate('app.campaigns.open')}
            </Button>
          }
        />
      </Stack>
    );

  const busy = !!sending;
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }} component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Title title={translate('app.campaigns.newTitle')} />
      <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="campaign-what">
        <Typography id="campaign-what" variant="h6" component="h2" gutterBottom>
          {translate('app.campaigns.whatStep')}
        </Typography>
        <Stack spacing={2}>
          <AssessmentPicker value={assessment} onChange={(a) => { setAssessment(a); setDraft((d) => ({ ...d, picked: [] })); }} disabled={busy} error={errors.assessmentId} />
          <TextField label={translate('resources.campaigns.fields.name')} value={details.name} onChange={set('name')} required error={!!errors.name} helperText={helper('name')} disabled={busy} fullWidth />
          <TextField label={translate('resources.campaigns.fields.description')} value={details.description} onChange={set('description')} multiline minRows={2} error={!!errors.description} helperText={helper('description')} disabled={busy} fullWidth />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField type="datetime-local" label={translate('resources.campaigns.fields.startsAt')} value={details.startsAt} onChange={set('startsAt')} required error={!!errors.startsAt} helperText={helper('startsAt', translate('app.campaigns.startHelp'))} disabled={busy} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1 }} />
            <TextField type="datetime-local" label={translate('resources.campaigns.fields.endsAt')} value={details.endsAt} onChange={set('endsAt')} required error={!!errors.endsAt} helperText={helper('endsAt', translate('app.campaigns.endHelp'))} disabled={busy} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1 }} />
          </Stack>
        </Stack>
      </Paper>

      <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="campaign-mail">
        <Typography id="campaign-mail" variant="h6" component="h2" gutterBottom>
          {translate('app.campaigns.mailStep')}
        </Typography>
        <TemplateFields value={template} onChange={setTemplate} errors={errors} disabled={busy} sample={{ assessment: assessment?.name ?? '', company: assessment?.clientName ?? translate('app.campaigns.providerCompany'), endsAt: isoOf(details.endsAt) || null }} />
      </Paper>

      <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="campaign-candidates">
        <Typography id="campaign-candidates" variant="h6" component="h2" gutterBottom>
          {translate('app.campaigns.candidatesStep')}
        </Typography>
        <CandidatesInput clientId={assessment?.clientId ?? null} value={draft} onChange={(d) => { setDraft(d); setErrors((x) => ({ ...x, candidates: '' })); }} disabled={busy} error={errors.candidates} />
      </Paper>

      <Paper sx={{ p: { xs: 2, md: 3 }, position: 'sticky', bottom: 0, zIndex: 1 }}>
        {sending ? (
          <SendingProgress {...sending} />
        ) : (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ flex: 1 }} color={errors._ ? 'error' : undefined} role={errors._ ? 'alert' : undefined}>
              {errors._ ? translateMessage(translate, errors._) : translate('app.invite.ready', { smart_count: draftSize(draft) })}
            </Typography>
            <Button color="inherit" onClick={() => navigate(CAMPAIGN_PATHS.list)}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" variant="contained" startIcon={<SendIcon />}>
              {translate('app.campaigns.create')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
