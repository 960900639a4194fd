/**
 * `/campaign/:campaignId`: one campaign: its assessment, dates and state, the live funnel (invited,
 * started, completed, average score), its invitations with their status and reminders, and, while
 * it has not ended, editing the mail and reminders, adding candidates and cancelling it.
 */
import AddIcon from '@mui/icons-material/PersonAddAlt';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FunctionField, Title, useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { campaignEditSchema } from '../../domain/campaigns';
import { fieldErrors } from '../../domain/schemas';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { DateField } from '../shared/fields';
import { QueryState } from '../shared/QueryState';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { CANDIDATE_PATHS } from '../invitations/api';
import { InvitationStatusChip, statusKey } from '../invitations/InvitationStatus';
import type { ReportRow } from '../invitations/inviteRows';
import { campaignInvitationsResource, type CampaignInvitationRow, type CampaignRow } from './api';
import { CandidatesInput, CandidatesReport, draftSize, EMPTY_DRAFT, sendCandidates, SendingProgress, type CandidateDraft } from './CampaignCandidates';
import { CampaignFunnel } from './CampaignFunnel';
import { CampaignStatusChip } from './CampaignStatus';
import { templatePayload, TemplateFields, type TemplateValue } from './TemplateFields';

/** How often a running campaign's figures are asked again. */
const LIVE_MS = 30_000;
const errorsOf = (e: unknown) => ({ ...((e as { body?: { errors?: Record<string, string> } }).body?.errors ?? {}), _: (e as Error).message });

export default function CampaignPage() {
  const api = useApi();
  const { campaignId = '' } = useParams();
  const translate = useTranslate();
  // Live figures: asked again every half minute while the campaign runs.
  const campaign = useQuery({
    queryKey: ['campaign', campaignId],
    queryFn: () => api.getCampaign(campaignId),
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? LIVE_MS : false),
  });
  return (
    <QueryState query={campaign} title={translate('app.campaigns.title')}>
      {(c) => <CampaignView c={c} />}
    </QueryState>
  );
}

/** A campaign's summary and actions, its funnel and its invitations. */
function CampaignView({ c }: { c: CampaignRow }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const queryClient = useQueryClient();
  const refreshList = useRefresh();
  const { canAccess: canEdit } = useCanAccess({ resource: 'campaigns', action: 'edit' });
  const { canAccess: canAdd } = useCanAccess({ resource: 'campaigns', action: 'create' });
  const [dialog, setDialog] = useState<'edit' | 'add' | 'cancel' | null>(null);
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['campaign', c.id] });
    refreshList();
  };
  const open = c.status === 'SCHEDULED' || c.status === 'RUNNING';
  const reminders =
    c.reminderEveryDays && c.maxReminders ? translate('app.campaigns.remindersRule', { days: c.reminderEveryDays, smart_count: c.maxReminders }) : translate('app.campaigns.noReminders');

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Title title={c.name} />
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {c.name}
              </Typography>
              <CampaignStatusChip status={c.status} />
            </Stack>
            {c.description && (
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {c.description}
              </Typography>
            )}
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('app.campaigns.summary', { assessment: c.assessmentName, client: c.clientName ?? translate('app.campaigns.provider'), from: dateTime(c.startsAt), to: dateTime(c.endsAt) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {reminders} · {translate('app.campaigns.remindersSent', { smart_count: c.reminderCount })}
            </Typography>
          </Box>
          {open && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              {canAdd && (
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('add')}>
                  {translate('app.campaigns.addCandidates')}
                </Button>
              )}
              {canEdit && (
                <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
                  {translate('app.campaigns.editMail')}
                </Button>
              )}
              {canEdit && (
                <Button color="error" startIcon={<BlockIcon />} onClick={() => setDialog('cancel')}>
                  {translate('app.campaigns.cancel')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
        {c.status === 'SCHEDULED' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('app.campaigns.scheduledNote', { date: dateTime(c.startsAt), smart_count: c.invitedCount })}
          </Alert>
        )}
      </Paper>

      <CampaignFunnel campaign={c} />

      <Box component="section" aria-label={translate('app.campaigns.invitations')}>
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {translate('app.campaigns.invitations')}
        </Typography>
        <CampaignInvitations campaignId={c.id} />
      </Box>

      {dialog === 'edit' && <EditDialog campaign={c} onClose={() => setDialog(null)} onDone={reload} />}
      {dialog === 'add' && <AddDialog campaign={c} onClose={() => setDialog(null)} onDone={reload} />}
      {dialog === 'cancel' && <CancelDialog campaign={c} onClose={() => setDialog(null)} onDone={reload} />}
    </Stack>
  );
}

function CampaignInvitations({ campaignId }: { campaignId: string }) {
  const translate = useTranslate();
  const { date, number } = useFormat();
  return (
    <ResponsiveList
      resource={campaignInvitationsResource(campaignId)}
      disableSyncWithLocation
      // The page is already behind the campaigns access check; this resource name is only an address.
      disableAuthentication
      storeKey={false}
      title={false as unknown as string}
      sort={{ field: 'candidateName', order: 'ASC' }}
      perPage={20}
      actions={false}
      empty={<Typography sx={{ p: 2 }} color="text.secondary">{translate('app.campaigns.noInvitations')}</Typography>}
    >
      <ResponsiveDatagrid<CampaignInvitationRow>
        rowClick={(id) => CANDIDATE_PATHS.attempt(String(id))}
        bulkActionButtons={false}
        phone={{
          primaryText: (r) => r.candidateName,
          secondaryText: (r) => [translate(statusKey(r)), translate('app.invitations.invitedOn', { date: date(r.invitedAt) }), translate('app.campaigns.remindersSent', { smart_count: r.reminderCount })].join(' · '),
          tertiaryText: (r) => (r.percent === null ? '' : `${number(r.percent)}%`),
        }}
      >
        <FunctionField source="candidateName" label="resources.campaigns.fields.candidateName" render={(r: CampaignInvitationRow) => r.candidateName} />
        <FunctionField source="candidateEmail" label="resources.campaigns.fields.candidateEmail" render={(r: CampaignInvitationRow) => r.candidateEmail} />
        <FunctionField source="status" label="resources.campaigns.fields.status" render={(r: CampaignInvitationRow) => <InvitationStatusChip row={r} />} />
        <DateField source="invitedAt" label="resources.campaigns.fields.invitedAt" showTime />
        <DateField source="startedAt" label="resources.campaigns.fields.startedAt" showTime emptyText="—" />
        <DateField source="completedAt" label="resources.campaigns.fields.completedAt" showTime emptyText="—" />
        <FunctionField source="percent" label="resources.campaigns.fields.percent" textAlign="right" render={(r: CampaignInvitationRow) => (r.percent === null ? '—' : `${number(r.percent)}%`)} />
        <FunctionField source="reminderCount" label="resources.campaigns.fields.reminderCount" sortable={false} textAlign="right" render={(r: CampaignInvitationRow) => number(r.reminderCount)} />
      </ResponsiveDatagrid>
    </ResponsiveList>
  );
}

function EditDialog({ campaign, onClose, onDone }: { campaign: CampaignRow; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState(campaign.name);
  const [description, setDescription] = useState(campaign.description ?? '');
  const [template, setTemplate] = useState<TemplateValue>({
    mailSubject: campaign.mailSubject,
    mailBody: campaign.mailBody,
    reminderEveryDays: campaign.reminderEveryDays ? String(campaign.reminderEveryDays) : '',
    maxReminders: String(campaign.maxReminders),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  async function save() {
    const payload = { name, description: description || null, ...templatePayload(template) };
    const checked = campaignEditSchema.safeParse(payload);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setSaving(true);
    try {
      await api.saveCampaign(campaign.id, payload);
      notify('app.campaigns.saved', { type: 'success' });
      onDone();
      onClose();
    } catch (e) {
      setErrors(errorsOf(e));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="campaign-edit-title">
      <DialogTitle id="campaign-edit-title">{translate('app.campaigns.editMail')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {errors._ && <Alert severity="error">{translateMessage(translate, errors._)}</Alert>}
          <TextField label={translate('resources.campaigns.fields.name')} value={name} onChange={(e) => setName(e.target.value)} required error={!!errors.name} helperText={errors.name && translateMessage(translate, errors.name)} fullWidth />
          <TextField label={translate('resources.campaigns.fields.description')} value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={2} fullWidth />
          <TemplateFields value={template} onChange={setTemplate} errors={errors} sample={{ assessment: campaign.assessmentName, company: campaign.clientName ?? translate('app.campaigns.providerCompany'), endsAt: campaign.endsAt }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AddDialog({ campaign, onClose, onDone }: { campaign: CampaignRow; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const [draft, setDraft] = useState<CandidateDraft>(EMPTY_DRAFT);
  const [sending, setSending] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ReportRow[] | null>(null);
  const [error, setError] = useState('');
  async function send() {
    const total = draftSize(draft);
    if (!total) return setError('Add at least one candidate');
    setSending({ done: 0, total });
    const rows = await sendCandidates(api, campaign.id, draft, (done) => setSending({ done, total }));
    setSending(null);
    setReport(rows);
    onDone();
  }
  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="campaign-add-title">
      <DialogTitle id="campaign-add-title">{translate('app.campaigns.addCandidates')}</DialogTitle>
      <DialogContent>
        {report ? (
          <CandidatesReport rows={report} />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <CandidatesInput clientId={campaign.clientId} value={draft} onChange={(d) => { setDraft(d); setError(''); }} disabled={!!sending} error={error} />
            {sending && <SendingProgress {...sending} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={!!sending}>
          {translate(report ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        {!report && (
          <Button variant="contained" onClick={send} disabled={!!sending}>
            {translate('app.invite.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function CancelDialog({ campaign, onClose, onDone }: { campaign: CampaignRow; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      const answer = await api.cancelCampaign(campaign.id);
      notify('app.campaigns.cancelledNote', { type: 'success', messageArgs: { smart_count: answer.withdrawn } });
      onDone();
      onClose();
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
      setBusy(false);
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="campaign-cancel-title">
      <DialogTitle id="campaign-cancel-title">{translate('app.campaigns.cancelTitle', { name: campaign.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.campaigns.cancelBody')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.campaigns.keep')}</Button>
        <Button color="error" variant="contained" onClick={cancel} disabled={busy}>
          {translate('app.campaigns.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
