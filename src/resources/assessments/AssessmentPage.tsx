/**
 * `/assessment/view-assessment/:id`: an assessment's page. What it holds (tests, questions, video
 * questions, languages, proctoring), its status with the moves it may make (Activate, Close,
 * Reopen), Edit, Copy and Delete, the public link to share, and its candidates by status.
 */
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import StopIcon from '@mui/icons-material/Stop';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, InputAdornment, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isInvitable, type AssessmentStatus } from '../../domain/assessment';
import { INVITATION_STATUSES } from '../../domain/attempt';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { mayPlaceOrders } from '../orders/api';
import { ORDER_PATHS } from '../../domain/printing';
import { SummaryList } from '../shared/SummaryList';
import { ASSESSMENT_PATHS, type AssessmentRecord } from './api';
import { AssessmentStatusChip, AssessmentTypeChip } from './AssessmentChips';
import { useAssessment } from './useAssessment';
import { useCopyAssessment } from './useCopyAssessment';
import { QueryState } from '../shared/QueryState';

/** The status moves the page offers from each status (the server checks them again). */
export const STATUS_ACTIONS: Record<AssessmentStatus, { action: 'activate' | 'close' | 'reopen'; to: AssessmentStatus }[]> = {
  DRAFT: [{ action: 'activate', to: 'ACTIVE' }],
  ACTIVE: [{ action: 'close', to: 'CLOSED' }],
  CLOSED: [{ action: 'reopen', to: 'ACTIVE' }],
};

/** Only a draft that nobody was invited to may be deleted. */
export const mayDelete = (record: Pick<AssessmentRecord, 'status' | 'invitationCounts'>) =>
  record.status === 'DRAFT' && Object.values(record.invitationCounts ?? {}).every((n) => !n);

export default function AssessmentPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const assessment = useAssessment(id);
  return (
    <QueryState query={assessment} title={translate('app.nav.assessments')}>
      {(record) => <AssessmentView record={record} />}
    </QueryState>
  );
}

function AssessmentView({ record }: { record: AssessmentRecord }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessments.${key}`, options);
  const { dateTime, languageName } = useFormat();
  const totalInvitations = Object.values(record.invitationCounts ?? {}).reduce((a, b) => a + b, 0);
  const rows: [string, ReactNode][] = [
    [t('fields.type'), <AssessmentTypeChip key="type" type={record.type} />],
    [t('fields.description'), record.description || '—'],
    [t('fields.owner'), record.clientName ?? t('library')],
    [t('fields.validFrom'), record.validFrom ? dateTime(record.validFrom) : t('always')],
    [t('fields.validUntil'), record.validUntil ? dateTime(record.validUntil) : t('always')],
    [
      t('fields.totalTime'),
      record.totalTimeSeconds
        ? translate('app.assessmentWizard.totalTimeIs', { minutes: Math.floor(record.totalTimeSeconds / 60), seconds: record.totalTimeSeconds % 60 })
        : translate('app.assessmentWizard.noTotalTime'),
    ],
    [t('fields.estimated'), translate('app.tests.minutes', { smart_count: record.estimatedMinutes })],
    [t('fields.languages'), record.languages.map((l) => languageName(l)).join(', ')],
    [t('fields.createdAt'), dateTime(record.createdAt)],
    [t('fields.updatedAt'), dateTime(record.updatedAt)],
  ];
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Title title={record.name} />
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }} aria-label={t('fields.status')}>
              <AssessmentStatusChip status={record.status} />
              <AssessmentTypeChip type={record.type} />
              {record.locked && <Chip size="small" icon={<LockIcon />} label={t('lockedChip')} />}
            </Stack>
          </Box>
          <Actions record={record} />
        </Stack>
        {record.locked && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('app.assessmentWizard.locked', { smart_count: record.attemptCount })}
          </Alert>
        )}
        {record.hasCoding && record.status === 'DRAFT' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('hasCoding')}
          </Alert>
        )}
      </Paper>
      {record.type === 'PUBLIC_LINK' && record.publicLink && <PublicLink link={record.publicLink} active={record.status === 'ACTIVE'} />}
      <Paper component="section" aria-labelledby="assessment-candidates" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="assessment-candidates" variant="h6" component="h2" gutterBottom>
          {t('candidates')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }} aria-label={t('byStatus')}>
          {INVITATION_STATUSES.map((status) => (
            <Chip key={status} variant="outlined" label={`${translate(`app.enums.invitationStatus.${status}`)}: ${record.invitationCounts?.[status] ?? 0}`} />
          ))}
        </Stack>
        <Button component={Link} to={ASSESSMENT_PATHS.candidates(record.id)} variant="outlined" startIcon={<GroupIcon />}>
          {t('seeCandidates', { smart_count: totalInvitations })}
        </Button>
      </Paper>
      <Paper component="section" aria-labelledby="assessment-details" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="assessment-details" variant="h6" component="h2" gutterBottom>
          {t('details')}
        </Typography>
        <SummaryList rows={rows} />
      </Paper>
      <Content record={record} />
      <Proctoring record={record} />
    </Stack>
  );
}

function Actions({ record }: { record: AssessmentRecord }) {
  const api = useApi();
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessments.${key}`, options);
  const profile = useProfile();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const copy = useCopyAssessment();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (!profile) return null;
  // A library assessment given to the reader's client is theirs to use, not to change or copy.
  const owned = !profile.clientId || record.clientId === profile.clientId;
  const may = (action: 'create' | 'edit' | 'delete') => owned && can(profile, 'ASSESSMENT', action);
  const mayEdit = may('edit');

  async function run(key: string, call: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await call();
      notify(done, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['assessment', record.id] });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setConfirmDelete(false);
    setBusy('delete');
    try {
      await api.deleteAssessment(record.id);
      notify('app.assessments.deleted', { type: 'success' });
      queryClient.removeQueries({ queryKey: ['assessment', record.id] });
      navigate(record.clientId ? ASSESSMENT_PATHS.mine : ASSESSMENT_PATHS.library);
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
      setBusy(null);
    }
  }

  const icon = (key: string, fallback: ReactNode) => (busy === key ? <CircularProgress size={16} color="inherit" /> : fallback);
  const STATUS_ICONS = { activate: <PlayArrowIcon />, close: <StopIcon />, reopen: <PlayArrowIcon /> };
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
      {mayEdit &&
        STATUS_ACTIONS[record.status].map(({ action, to }) => (
          <Button
            key={action}
            variant={action === 'activate' ? 'contained' : 'outlined'}
            disabled={!!busy}
            startIcon={icon(action, STATUS_ICONS[action])}
            onClick={() => run(action, () => api.moveAssessment(record.id, to), `app.assessments.moved.${action}`)}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      {isInvitable(record) && can(profile, 'CANDIDATES', 'create') && (
        <Button component={Link} to={ASSESSMENT_PATHS.invite(record.id)} variant="contained" startIcon={<PersonAddIcon />}>
          {t('invite')}
        </Button>
      )}
      {mayPlaceOrders(profile) && (
        <Button component={Link} to={ORDER_PATHS.place(record.id)} variant="outlined" startIcon={<ShoppingCartIcon />}>
          {translate('app.orders.place.buyCredits')}
        </Button>
      )}
      {mayEdit && (
        <Button component={Link} to={ASSESSMENT_PATHS.edit(record.id)} variant="outlined" startIcon={<EditIcon />} disabled={!!busy}>
          {translate('ra.action.edit')}
        </Button>
      )}
      {may('create') && (
        <Button variant="outlined" startIcon={icon('copy', <ContentCopyIcon />)} disabled={!!busy} onClick={async () => {
            setBusy('copy');
            await copy(record.id);
            setBusy(null);
          }}
        >
          {t('copy')}
        </Button>
      )}
      {may('delete') && mayDelete(record) && (
        <Button color="error" variant="outlined" startIcon={icon('delete', <DeleteOutlineIcon />)} disabled={!!busy} onClick={() => setConfirmDelete(true)}>
          {translate('ra.action.delete')}
        </Button>
      )}
      <Confirm
        isOpen={confirmDelete}
        title="app.content.confirmDelete"
        content="app.questionForm.deleteBody"
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}

/** The shareable address of a Public Link assessment, with a copy button. */
function PublicLink({ link, active }: { link: string; active: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.assessments.${key}`);
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure page, a refused permission): the field is selected to copy by hand.
      document.querySelector<HTMLInputElement>('#public-link')?.select();
    }
  }
  return (
    <Paper component="section" aria-labelledby="public-link-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="public-link-title" variant="h6" component="h2" gutterBottom>
        {t('publicLink')}
      </Typography>
      <TextField
        id="public-link"
        value={link}
        fullWidth
        label={t('publicLinkLabel')}
        slotProps={{
          htmlInput: { readOnly: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={copied ? t('copiedLink') : t('copyLink')}>
                  <IconButton aria-label={t('copyLink')} onClick={copy} edge="end">
                    {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
        helperText={active ? t('publicLinkHelp') : t('publicLinkInactive')}
      />
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {copied ? t('copiedLink') : ''}
      </Box>
    </Paper>
  );
}

function Content({ record }: { record: AssessmentRecord }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const { languageName, number } = useFormat();
  const list = (items: { id: string; primary: string; secondary?: string }[]) =>
    items.length === 0 ? (
      <Typography color="text.secondary" variant="body2">
        {translate('app.assessments.none')}
      </Typography>
    ) : (
      <Stack component="ol" spacing={0.5} sx={{ pl: 3, m: 0 }}>
        {items.map((item) => (
          <li key={item.id}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{item.primary}</Typography>
            {item.secondary && (
              <Typography variant="caption" color="text.secondary">
                {item.secondary}
              </Typography>
            )}
          </li>
        ))}
      </Stack>
    );
  const block = (title: string, body: ReactNode) => (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {body}
    </Box>
  );
  return (
    <Paper component="section" aria-labelledby="assessment-content" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="assessment-content" variant="h6" component="h2" gutterBottom>
        {t('steps.content')}
      </Typography>
      <Stack spacing={2}>
        {block(
          t('tests'),
          list(
            record.tests.map((test) => ({
              id: test.id,
              primary: test.name,
              secondary: [
                translate(`app.enums.category.${test.category}`),
                translate('app.tests.questions', { smart_count: test.questionCount }),
                translate('app.tests.minutes', { smart_count: number(test.durationSeconds / 60) }),
              ].join(' · '),
            })),
          ),
        )}
        {block(t('qualifying'), list(record.qualifyingQuestions.map((q) => ({ id: q.id, primary: q.title }))))}
        {block(
          t('custom'),
          list(record.customQuestions.map((q) => ({ id: q.id, primary: q.title, secondary: q.questionType ? translate(`app.enums.questionType.${q.questionType}`) : undefined }))),
        )}
        {block(
          t('video'),
          record.videoQuestions.length === 0 ? (
            list([])
          ) : (
            <Stack component="ol" spacing={1} sx={{ pl: 3, m: 0 }}>
              {record.videoQuestions.map((v, n) => (
                <li key={v.id || n}>
                  {v.prompt.map((p) => (
                    <Typography key={p.language} lang={p.language} sx={{ overflowWrap: 'anywhere' }}>
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {languageName(p.language)}:
                      </Box>{' '}
                      {p.detail}
                    </Typography>
                  ))}
                  <Typography variant="caption" color="text.secondary">
                    {[t('videoUpTo', { smart_count: v.maxSeconds }), t('retakes', { smart_count: v.retakes })].join(' · ')}
                  </Typography>
                </li>
              ))}
            </Stack>
          ),
        )}
      </Stack>
    </Paper>
  );
}

function Proctoring({ record }: { record: AssessmentRecord }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const p = record.proctoring;
  const yes = (on: boolean) => translate(on ? 'ra.boolean.true' : 'ra.boolean.false');
  return (
    <Paper component="section" aria-labelledby="assessment-proctoring" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="assessment-proctoring" variant="h6" component="h2" gutterBottom>
        {t('proctoringTitle')}
      </Typography>
      <SummaryList
        rows={[
          [t('proctoring.cameraRequired'), yes(p.cameraRequired)],
          [t('proctoring.microphoneRequired'), yes(p.microphoneRequired)],
          [t('proctoring.fullScreenRequired'), yes(p.fullScreenRequired)],
          [t('proctoring.pasteAllowed'), yes(p.pasteAllowed)],
          [t('proctoring.snapshots'), p.snapshotIntervalSeconds === null ? yes(false) : t('everySeconds', { smart_count: p.snapshotIntervalSeconds })],
        ]}
      />
    </Paper>
  );
}
