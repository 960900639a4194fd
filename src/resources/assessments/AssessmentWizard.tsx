/**
 * The create/edit-assessment wizard (`/assessment/create-assessment`, `/new-assessment`,
 * `/editAssessment/:id`): details → content → settings and review. Steps 0 to 2 (forward stops at
 * 2, back stops at 0); each step is checked with the shared `assessmentSchema` before the next
 * opens, and the server's field messages land on their fields and move to their step. An
 * assessment with attempts keeps its content: the wizard shows it read-only and offers a copy.
 */
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditNoteIcon from '@mui/icons-material/EditNote';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepButton,
  StepLabel,
  Stepper,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Title, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ASSESSMENT_LIMITS, ASSESSMENT_TYPES, SNAPSHOT_INTERVAL, VIDEO_ANSWER, estimatedMinutes, missingLanguageMessage, type ProctoringSettings } from '../../domain/assessment';
import { QUESTION_CATEGORIES, TOTAL_TIME } from '../../domain/content';
import { Spinner } from '../../custom/layout/Spinner';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { request } from '../../providers/httpClient';
import { LeaveConfirm } from '../shared/LeaveConfirm';
import { NameTranslations } from '../shared/NameTranslations';
import { ReorderButtons } from '../shared/ReorderButtons';
import { RowButton } from '../shared/RowButton';
import { testTypesUrl, useDropdown } from '../shared/useDropdown';
import { SummaryList } from '../shared/SummaryList';
import { useSettled } from '../shared/useSettled';
import { ASSESSMENT_PATHS, ASSESSMENTS_URL, CUSTOM_QUESTION_PARAMS, CUSTOM_QUESTIONS_URL, LIBRARY_TESTS_URL, QUALIFYING_QUESTIONS_URL, assessmentUrl, CHECK_LANGUAGES_URL, type AssessmentRecord, type LanguageCheck, type QuestionTitle, type TestSummary } from './api';
import {
  assessmentBody,
  contentOf,
  draftErrors,
  draftOf,
  emptyDraft,
  firstFailingStep,
  LAST_STEP,
  newVideoQuestion,
  nextStep,
  previousStep,
  sentTranslations,
  WIZARD_STEPS,
  type AssessmentDraft,
  type VideoQuestionDraft,
} from './assessmentDraft';
import { useAssessment } from './useAssessment';
import { useCopyAssessment } from './useCopyAssessment';

type Errors = Record<string, string>;
/** Whose assessment it is (null: the provider's library), and whether the user is provider staff rather than the client. */
interface Owner {
  clientId: string | null;
  staff: boolean;
}
type Change = (patch: Partial<AssessmentDraft>) => void;

// ---------------------------------------------------------------------------------------------
// Leaving for the custom-question form and coming back

const RESUME = 'resume';
const STASH_KEY = 'skillgauge.assessmentWizard';

interface Stash {
  path: string;
  draft: AssessmentDraft;
  step: number;
}

function readStash(path: string): Stash | null {
  try {
    const stash = JSON.parse(sessionStorage.getItem(STASH_KEY) ?? 'null') as Stash | null;
    return stash?.path === path ? stash : null;
  } catch {
    return null;
  }
}
const writeStash = (stash: Stash) => sessionStorage.setItem(STASH_KEY, JSON.stringify(stash));
const clearStash = () => sessionStorage.removeItem(STASH_KEY);

// ---------------------------------------------------------------------------------------------
// The page

export default function AssessmentWizardPage() {
  // The route's RequireAccess has decided who may create or edit.
  const { id } = useParams();
  return id ? <EditAssessment id={id} /> : <Restored />;
}

function EditAssessment({ id }: { id: string }) {
  const translate = useTranslate();
  const { data: record, error } = useAssessment(id);
  if (error)
    return (
      <Alert severity="error" role="alert">
        {translateMessage(translate, error.message)}
      </Alert>
    );
  if (!record) return <Spinner />;
  return <Restored key={record.id} record={record} />;
}

/** The wizard, with the draft it left behind when it opened the custom-question form, if it is coming back. */
function Restored({ record }: { record?: AssessmentRecord }) {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  // Read once: the stash is the draft as it was when the wizard left.
  const [stash] = useState(() => (search.get(RESUME) ? readStash(pathname) : null));
  const initial = useMemo(() => (record ? draftOf(record) : emptyDraft()), [record]);
  return <Wizard initial={initial} draft0={stash?.draft ?? initial} step0={stash?.step ?? 0} record={record} />;
}

function Wizard({ initial, draft0, step0, record }: { initial: AssessmentDraft; draft0: AssessmentDraft; step0: number; record?: AssessmentRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<AssessmentDraft>(draft0);
  const [step, setStep] = useState(step0);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const locked = !!record?.locked;
  const profile = useProfile();
  const owner: Owner = { clientId: record ? record.clientId : (profile?.clientId ?? null), staff: !profile?.clientId };
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);
  const message = (path: string) => (errors[path] ? translateMessage(translate, errors[path]) : undefined);

  /** Changes fields and forgets their messages. */
  const change: Change = (patch) => {
    setDraft((d) => ({ ...d, ...patch }));
    const touched = Object.keys(patch).map((k) => ({ tests: 'testIds', qualifying: 'qualifyingQuestionIds', custom: 'customQuestionIds' })[k] ?? k);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => !touched.includes(path.split('.')[0]))));
  };

  // Back from the custom-question form with a new question: it joins the assessment.
  const picked = search.get(CUSTOM_QUESTION_PARAMS.saved);
  const pickedDone = useRef(false);
  useEffect(() => {
    if (!search.get(RESUME) || pickedDone.current) return;
    pickedDone.current = true;
    clearStash();
    navigate(pathname, { replace: true });
    if (!picked) return;
    request<QuestionTitle>({ url: `${CUSTOM_QUESTIONS_URL}/${encodeURIComponent(picked)}` })
      .then((q) => setDraft((d) => (d.custom.some((c) => c.id === q.id) ? d : { ...d, custom: [...d.custom, { id: q.id, title: q.title, questionType: q.questionType }] })))
      .catch((e: Error) => notify(translateMessage(translate, e.message), { type: 'error' }));
  }, [search, picked, pathname, navigate, notify, translate]);

  function writeCustomQuestion() {
    writeStash({ path: pathname, draft, step });
    const back = `${pathname}?${RESUME}=1`;
    // The wizard's own entry comes back to the draft, whether the form saves or is cancelled.
    navigate(back, { replace: true });
    const params = new URLSearchParams({ [CUSTOM_QUESTION_PARAMS.returnTo]: back });
    // Provider staff write a client's assessment's custom question for that client.
    if (owner.staff && owner.clientId) params.set(CUSTOM_QUESTION_PARAMS.clientId, owner.clientId);
    navigate(`/new-question/custom?${params}`);
  }

  function next() {
    const found = draftErrors(draft, step);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(nextStep);
  }

  const leave = () => {
    clearStash();
    navigate(record ? ASSESSMENT_PATHS.view(record.id) : pathname === ASSESSMENT_PATHS.createInLibrary ? ASSESSMENT_PATHS.library : ASSESSMENT_PATHS.mine);
  };

  async function save(activate: boolean) {
    const found = draftErrors(draft);
    if (Object.keys(found).length) {
      setErrors(found);
      setStep(firstFailingStep(found));
      notify('app.assessmentWizard.fixErrors', { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const saved = await request<AssessmentRecord>({ url: record ? assessmentUrl(record.id) : ASSESSMENTS_URL, method: record ? 'PUT' : 'POST', data: assessmentBody(draft) });
      clearStash();
      let note = 'app.assessmentWizard.saved';
      if (activate && saved.status !== 'ACTIVE') {
        try {
          await request({ url: `${assessmentUrl(saved.id)}/status`, method: 'PUT', data: { status: 'ACTIVE' } });
          note = 'app.assessmentWizard.activated';
        } catch (e) {
          // Saved all the same: the page of the assessment says it is a draft, and why it stayed one.
          note = '';
          notify('app.assessmentWizard.savedNotActivated', { type: 'warning', messageArgs: { reason: translateMessage(translate, (e as Error).message) } });
        }
      }
      if (note) notify(note, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['assessment', saved.id] });
      navigate(ASSESSMENT_PATHS.view(saved.id));
    } catch (e) {
      const error = e as HttpError;
      const byField = (error.body as { errors?: Errors } | undefined)?.errors ?? {};
      setErrors(byField);
      const where = firstFailingStep(byField);
      if (where >= 0) setStep(where);
      notify(translateMessage(translate, error.message), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const stepTitle = (key: string) => translate(`app.assessmentWizard.steps.${key}`);
  const title = record ? translate('app.assessmentWizard.editTitle', { name: initial.name }) : translate('app.assessmentWizard.createTitle');
  const last = step === LAST_STEP;
  const activeOrClosed = record && record.status !== 'DRAFT';

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Title title={title} />
      {locked && record && <LockedNotice record={record} />}
      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <Stepper activeStep={step} alternativeLabel={narrow} aria-label={translate('app.assessmentWizard.progress')}>
          {WIZARD_STEPS.map((key, index) => (
            <Step key={key} completed={index < step}>
              {index < step ? <StepButton onClick={() => setStep(index)}>{stepTitle(key)}</StepButton> : <StepLabel>{stepTitle(key)}</StepLabel>}
            </Step>
          ))}
        </Stepper>
      </Paper>
      <Paper component="section" aria-labelledby="assessment-wizard-step" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="assessment-wizard-step" variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate('app.assessmentWizard.stepOf', { n: step + 1, total: WIZARD_STEPS.length })}: {stepTitle(WIZARD_STEPS[step])}
        </Typography>
        {WIZARD_STEPS[step] === 'details' && <DetailsStep draft={draft} change={change} message={message} locked={locked} forClient={owner.clientId !== null} />}
        {WIZARD_STEPS[step] === 'content' && <ContentStep draft={draft} change={change} errors={errors} message={message} locked={locked} owner={owner} onWriteCustom={writeCustomQuestion} />}
        {WIZARD_STEPS[step] === 'settings' && <SettingsStep draft={draft} change={change} message={message} locked={locked} />}
      </Paper>
      <Paper sx={{ p: { xs: 1, sm: 2 }, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', position: 'sticky', bottom: 0, zIndex: 1 }}>
        <Button color="inherit" onClick={() => (changed ? setLeaving(true) : leave())}>
          {translate('app.assessmentWizard.cancel')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" disabled={step === 0 || saving} onClick={() => setStep(previousStep)}>
          {translate('app.assessmentWizard.back')}
        </Button>
        {!last && (
          <Button variant="contained" onClick={next}>
            {translate('app.assessmentWizard.next')}
          </Button>
        )}
        {last && activeOrClosed && (
          <BusyButton variant="contained" busy={saving} onClick={() => save(false)}>
            {translate('app.assessmentWizard.save')}
          </BusyButton>
        )}
        {last && !activeOrClosed && (
          <>
            <BusyButton variant="outlined" busy={saving} onClick={() => save(false)}>
              {translate('app.assessmentWizard.saveDraft')}
            </BusyButton>
            <BusyButton variant="contained" busy={saving} onClick={() => save(true)}>
              {translate('app.assessmentWizard.saveActivate')}
            </BusyButton>
          </>
        )}
      </Paper>
      <LeaveConfirm isOpen={leaving} onLeave={leave} onStay={() => setLeaving(false)} />
    </Stack>
  );
}

function BusyButton({ busy, children, ...props }: { busy: boolean } & React.ComponentProps<typeof Button>) {
  return (
    <Button {...props} disabled={busy || props.disabled} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : props.startIcon}>
      {children}
    </Button>
  );
}

/** Why the content cannot change, and the way out: a copy, which starts as a draft. */
function LockedNotice({ record }: { record: AssessmentRecord }) {
  const translate = useTranslate();
  const copy = useCopyAssessment();
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" startIcon={<ContentCopyIcon />} onClick={() => copy(record.id)}>
          {translate('app.assessments.copy')}
        </Button>
      }
    >
      {translate('app.assessmentWizard.locked', { smart_count: record.attemptCount })}
    </Alert>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 0: details

function DetailsStep({ draft, change, message, locked, forClient }: { draft: AssessmentDraft; change: Change; message: (path: string) => string | undefined; locked: boolean; forClient: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const seconds = Number(draft.totalTimeSeconds);
  const totalHelp =
    draft.totalTimeSeconds.trim() && Number.isInteger(seconds) && seconds > 0
      ? t('totalTimeIs', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })
      : t('totalTimeHelp', { min: TOTAL_TIME.minSeconds, max: TOTAL_TIME.maxSeconds });
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <TextField
        label={t('name')}
        value={draft.name}
        onChange={(e) => change({ name: e.target.value })}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: ASSESSMENT_LIMITS.nameMax } }}
        error={!!message('name')}
        helperText={message('name')}
      />
      <TextField
        label={t('description')}
        value={draft.description}
        onChange={(e) => change({ description: e.target.value })}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: ASSESSMENT_LIMITS.descriptionMax } }}
        error={!!message('description')}
        helperText={message('description') ?? t('descriptionHelp')}
      />
      <FormControl error={!!message('type')} disabled={locked}>
        <FormLabel id="assessment-type">{t('type')}</FormLabel>
        <RadioGroup aria-labelledby="assessment-type" value={draft.type} onChange={(e) => change({ type: e.target.value as AssessmentDraft['type'] })}>
          {ASSESSMENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              value={type}
              control={<Radio />}
              label={
                <Box>
                  <Typography>{translate(`app.enums.assessmentType.${type}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`typeHelp.${type === 'SELF' && forClient ? 'SELF_CLIENT' : type}`)}
                  </Typography>
                </Box>
              }
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.75 } }}
            />
          ))}
        </RadioGroup>
        {message('type') && <FormHelperText>{message('type')}</FormHelperText>}
      </FormControl>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="datetime-local"
          label={t('validFrom')}
          value={draft.validFrom}
          onChange={(e) => change({ validFrom: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!message('validFrom')}
          helperText={message('validFrom') ?? t('validFromHelp')}
          fullWidth
        />
        <TextField
          type="datetime-local"
          label={t('validUntil')}
          value={draft.validUntil}
          onChange={(e) => change({ validUntil: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!message('validUntil')}
          helperText={message('validUntil') ?? t('validUntilHelp')}
          fullWidth
        />
      </Stack>
      <TextField
        type="number"
        label={t('totalTime')}
        value={draft.totalTimeSeconds}
        onChange={(e) => change({ totalTimeSeconds: e.target.value })}
        disabled={locked}
        slotProps={{ htmlInput: { min: TOTAL_TIME.minSeconds, max: TOTAL_TIME.maxSeconds, step: 1 } }}
        error={!!message('totalTimeSeconds')}
        helperText={message('totalTimeSeconds') ?? totalHelp}
        sx={{ maxWidth: 320 }}
      />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 1: content

interface ContentProps {
  draft: AssessmentDraft;
  change: Change;
  errors: Errors;
  message: (path: string) => string | undefined;
  locked: boolean;
  owner: Owner;
  onWriteCustom: () => void;
}

function ContentStep({ draft, change, errors, message, locked, owner, onWriteCustom }: ContentProps) {
  const translate = useTranslate();
  // Custom questions are the assessment owner's: provider staff see every client's, so they are narrowed to the owner.
  const customFilter = owner.staff ? { clientId: owner.clientId } : {};
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const { number } = useFormat();
  return (
    <Stack spacing={3}>
      <Section title={t('tests')} help={t('testsHelp')}>
        <Picker<TestSummary>
          label={t('tests')}
          chosen={draft.tests}
          onChange={(tests) => change({ tests })}
          locked={locked}
          error={message('testIds')}
          describe={(test) => [translate(`app.enums.category.${test.category}`), translate('app.tests.questions', { smart_count: test.questionCount }), translate('app.tests.minutes', { smart_count: number(test.durationSeconds / 60) })]}
          pool={(props) => <TestPool {...props} />}
        />
      </Section>
      <Divider />
      <Section title={t('qualifying')} help={t('qualifyingHelp')}>
        <Picker<QuestionTitle>
          label={t('qualifying')}
          chosen={draft.qualifying}
          onChange={(qualifying) => change({ qualifying })}
          locked={locked}
          error={message('qualifyingQuestionIds')}
          describe={() => []}
          pool={(props) => <QuestionPool {...props} url={QUALIFYING_QUESTIONS_URL} filter={{}} label={t('qualifyingPool')} empty={t('noQualifying')} />}
        />
      </Section>
      <Divider />
      <Section title={t('custom')} help={t('customHelp')}>
        <Picker<QuestionTitle>
          label={t('custom')}
          chosen={draft.custom}
          onChange={(custom) => change({ custom })}
          locked={locked}
          error={message('customQuestionIds')}
          describe={(q) => (q.questionType ? [translate(`app.enums.questionType.${q.questionType}`)] : [])}
          pool={(props) => (
            <Stack spacing={1}>
              <QuestionPool {...props} url={CUSTOM_QUESTIONS_URL} filter={customFilter} label={t('customPool')} empty={t('noCustom')} />
              <Box>
                <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={onWriteCustom}>
                  {t('writeCustom')}
                </Button>
              </Box>
            </Stack>
          )}
        />
      </Section>
      <Divider />
      <Section title={t('video')} help={t('videoHelp')}>
        <VideoQuestions items={draft.videoQuestions} languages={draft.languages} onChange={(videoQuestions) => change({ videoQuestions })} errors={errors} locked={locked} />
      </Section>
    </Stack>
  );
}

function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {help}
      </Typography>
      {children}
    </Box>
  );
}

interface PoolProps<T> {
  picked: Set<string>;
  onToggle: (item: T) => void;
}

/** A list to pick from (beside) and the ordered list of what was picked, with move up/down and remove. */
function Picker<T extends { id: string; title?: string; name?: string }>({
  label,
  chosen,
  onChange,
  locked,
  error,
  describe,
  pool,
}: {
  label: string;
  chosen: T[];
  onChange: (items: T[]) => void;
  locked: boolean;
  error?: string;
  describe: (item: T) => string[];
  pool: (props: PoolProps<T>) => ReactNode;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.assessmentWizard.${key}`);
  const picked = new Set(chosen.map((item) => item.id));
  const toggle = (item: T) => onChange(picked.has(item.id) ? chosen.filter((c) => c.id !== item.id) : [...chosen, item]);
  const nameOf = (item: T) => item.name ?? item.title ?? '';
  const list = (
    <Box component="section" aria-label={`${t('chosen')}: ${label}`} sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('chosen')} ({chosen.length})
      </Typography>
      {error && (
        <Typography variant="body2" color="error" sx={{ my: 0.5 }}>
          {error}
        </Typography>
      )}
      {chosen.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          {t('noneChosen')}
        </Typography>
      ) : (
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {chosen.map((item, index) => (
            <Paper component="li" key={item.id} variant="outlined" sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography component="span" sx={{ minWidth: 24, textAlign: 'right', color: 'text.secondary' }}>
                {index + 1}.
              </Typography>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{nameOf(item)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {describe(item).join(' · ')}
                </Typography>
              </Box>
              {!locked && (
                <ReorderButtons items={chosen} index={index} name={nameOf(item)} onChange={onChange} />
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
  if (locked) return list;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Box sx={{ minWidth: 0 }}>{pool({ picked, onToggle: toggle })}</Box>
      {list}
    </Box>
  );
}

const POOL_PAGE = 20;

/** A simple-rest list query: one row more than shown tells whether there is more. */
function listUrl(url: string, filter: Record<string, unknown>, sortField: string, rows: number) {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([0, rows]), sort: JSON.stringify([sortField, 'ASC']) });
  return `${url}?${params}`;
}

/** Rows of a list call, with "Show more"; the count shown starts again when the filter changes. */
function usePool<R>(url: string, filter: Record<string, unknown>, sortField: string) {
  const key = JSON.stringify([url, filter]);
  const [more, setMore] = useState({ key, shown: POOL_PAGE });
  const shown = more.key === key ? more.shown : POOL_PAGE;
  const address = listUrl(url, filter, sortField, shown);
  const query = useQuery({ queryKey: ['assessment-wizard-pool', address], queryFn: () => request<R[]>({ url: address }), placeholderData: keepPreviousData });
  return {
    rows: (query.data ?? []).slice(0, shown),
    hasMore: (query.data?.length ?? 0) > shown,
    showMore: () => setMore({ key, shown: shown + POOL_PAGE }),
    isPending: query.isPending,
    isError: query.isError,
  };
}

function PoolRows<R extends { id: string }>({
  label,
  pool,
  picked,
  onToggle,
  primary,
  secondary,
  empty,
}: {
  label: string;
  pool: ReturnType<typeof usePool<R>>;
  picked: Set<string>;
  onToggle: (row: R) => void;
  primary: (row: R) => string;
  secondary: (row: R) => string;
  empty: string;
}) {
  const translate = useTranslate();
  if (pool.isPending) return <CircularProgress size={24} sx={{ m: 2 }} />;
  if (pool.isError) return <Alert severity="error">{translate('app.auth.somethingWrong')}</Alert>;
  if (pool.rows.length === 0)
    return (
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
        {empty}
      </Typography>
    );
  return (
    <>
      <Stack component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: { md: 360 }, overflowY: { md: 'auto' } }}>
        {pool.rows.map((row) => (
          <Box component="li" key={row.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <FormControlLabel
              sx={{ m: 0, py: 0.5, width: '100%', alignItems: 'flex-start' }}
              control={<Checkbox checked={picked.has(row.id)} onChange={() => onToggle(row)} sx={{ mt: -0.5 }} />}
              label={
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{primary(row)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {secondary(row)}
                  </Typography>
                </Box>
              }
              slotProps={{ typography: { component: 'div' } }}
            />
          </Box>
        ))}
      </Stack>
      {pool.hasMore && (
        <Button size="small" onClick={pool.showMore} sx={{ mt: 1 }}>
          {translate('app.assessmentWizard.showMore')}
        </Button>
      )}
    </>
  );
}

/** A row of GET /api/library-tests. */
interface TestRow {
  id: string;
  name: string;
  category: string;
  primarySkillLabel: string | null;
  questionCount: number;
  durationSeconds: number;
  /** The languages every question of the test has. */
  languages: string[];
}

/** The test library (its tests hold published questions only), by category, skill and search. */
function TestPool({ picked, onToggle }: PoolProps<TestSummary>) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.assessmentWizard.${key}`);
  const { number, languageName } = useFormat();
  const [category, setCategory] = useState('');
  const [primarySkill, setPrimarySkill] = useState('');
  const [q, setQ] = useState('');
  const search = useSettled(q.trim());
  const skills = useDropdown(category ? testTypesUrl(category) : null);
  const filter = { ...(category && { category }), ...(primarySkill && { primarySkill }), ...(search && { q: search }) };
  const pool = usePool<TestRow>(LIBRARY_TESTS_URL, filter, 'name');
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField size="small" type="search" label={t('search')} value={q} onChange={(e) => setQ(e.target.value)} sx={{ flex: '2 1 180px' }} />
        <TextField
          select
          size="small"
          label={t('category')}
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setPrimarySkill('');
          }}
          sx={{ flex: '1 1 140px' }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {QUESTION_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`app.enums.category.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        {/* The skills of a category, where the user may read them (clients may not: then no skill filter). */}
        {skills.choices.length > 0 && (
          <TextField select size="small" label={t('primarySkill')} value={primarySkill} onChange={(e) => setPrimarySkill(e.target.value)} sx={{ flex: '1 1 140px' }}>
            <MenuItem value="">{t('all')}</MenuItem>
            {skills.choices.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <PoolRows<TestRow>
        label={t('testLibrary')}
        pool={pool}
        picked={picked}
        onToggle={(row) => onToggle({ id: row.id, name: row.name, category: row.category, durationSeconds: row.durationSeconds, questionCount: row.questionCount })}
        primary={(row) => row.name}
        secondary={(row) =>
          [
            row.primarySkillLabel ?? translate(`app.enums.category.${row.category}`),
            translate('app.tests.questions', { smart_count: row.questionCount }),
            translate('app.tests.minutes', { smart_count: number(row.durationSeconds / 60) }),
            (row.languages ?? []).map((l) => languageName(l)).join(', '),
          ]
            .filter(Boolean)
            .join(' · ')
        }
        empty={t('noTests')}
      />
    </Stack>
  );
}

interface QuestionRow {
  id: string;
  title: string;
  questionType: string;
  primarySkillLabel?: string | null;
}

/** Questions to pick (qualifying questions of the bank, or the client's own custom questions), searchable. */
function QuestionPool({ picked, onToggle, url, filter, label, empty }: PoolProps<QuestionTitle> & { url: string; filter: Record<string, unknown>; label: string; empty: string }) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const search = useSettled(q.trim());
  const pool = usePool<QuestionRow>(url, { ...filter, ...(search && { q: search }) }, 'title');
  return (
    <Stack spacing={1}>
      <TextField size="small" type="search" label={`${translate('app.assessmentWizard.search')}: ${label}`} value={q} onChange={(e) => setQ(e.target.value)} />
      <PoolRows<QuestionRow>
        label={label}
        pool={pool}
        picked={picked}
        onToggle={(row) => onToggle({ id: row.id, title: row.title, questionType: row.questionType })}
        primary={(row) => row.title}
        secondary={(row) => [translate(`app.enums.questionType.${row.questionType}`), row.primarySkillLabel].filter(Boolean).join(' · ')}
        empty={empty}
      />
    </Stack>
  );
}

/** The languages a video question's prompt is written in: English, the languages offered, and any it already has. */
function promptLanguages(item: VideoQuestionDraft, offered: readonly string[]): string[] {
  return [...new Set(['en', ...offered, ...item.prompt.map((p) => p.language)])];
}

function VideoQuestions({ items, languages, onChange, errors, locked }: { items: VideoQuestionDraft[]; languages: string[]; onChange: (items: VideoQuestionDraft[]) => void; errors: Errors; locked: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const { languageName } = useFormat();
  const update = (index: number, patch: Partial<VideoQuestionDraft>) => onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const errorOf = (index: number, field: string) => {
    const path = Object.keys(errors).find((p) => p === `videoQuestions.${index}.${field}` || p.startsWith(`videoQuestions.${index}.${field}.`));
    return path ? translateMessage(translate, errors[path]) : undefined;
  };
  return (
    <Stack spacing={2}>
      {errors.videoQuestions && <Alert severity="error">{translateMessage(translate, errors.videoQuestions)}</Alert>}
      {items.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          {t('noVideo')}
        </Typography>
      )}
      {items.map((item, index) => {
        const promptError = errorOf(index, 'prompt');
        return (
          <Paper key={item.key} variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }} aria-label={t('videoNumber', { n: index + 1 })}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography component="legend" sx={{ fontWeight: 600, flex: 1, float: 'left' }}>
                {t('videoNumber', { n: index + 1 })}
              </Typography>
              {!locked && (
                <RowButton label={`${translate('app.order.remove')}: ${t('videoNumber', { n: index + 1 })}`} onClick={() => onChange(items.filter((_, i) => i !== index))}>
                  <DeleteOutlineIcon fontSize="small" />
                </RowButton>
              )}
            </Stack>
            <Stack spacing={2}>
              {promptLanguages(item, languages).map((language, n) => {
                const detail = item.prompt.find((p) => p.language === language)?.detail ?? '';
                return (
                  <TextField
                    key={language}
                    label={t('videoPrompt', { language: languageName(language) })}
                    value={detail}
                    lang={language}
                    disabled={locked}
                    onChange={(e) =>
                      update(index, {
                        prompt: [...item.prompt.filter((p) => p.language !== language), { language, detail: e.target.value }].sort(
                          (a, b) => promptLanguages(item, languages).indexOf(a.language) - promptLanguages(item, languages).indexOf(b.language),
                        ),
                      })
                    }
                    multiline
                    minRows={2}
                    fullWidth
                    required={language === 'en'}
                    slotProps={{ htmlInput: { maxLength: 1000 } }}
                    error={n === 0 && !!promptError}
                    helperText={n === 0 ? promptError : undefined}
                  />
                );
              })}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="number"
                  label={t('videoMaxSeconds')}
                  value={Number.isNaN(item.maxSeconds) ? '' : item.maxSeconds}
                  disabled={locked}
                  onChange={(e) => update(index, { maxSeconds: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                  slotProps={{ htmlInput: { min: VIDEO_ANSWER.minSeconds, max: VIDEO_ANSWER.maxSeconds, step: 1 } }}
                  error={!!errorOf(index, 'maxSeconds')}
                  helperText={errorOf(index, 'maxSeconds') ?? t('videoMaxHelp', { min: VIDEO_ANSWER.minSeconds, max: VIDEO_ANSWER.maxSeconds })}
                  sx={{ maxWidth: 260 }}
                />
                <TextField select label={t('videoRetakes')} value={item.retakes} disabled={locked} onChange={(e) => update(index, { retakes: Number(e.target.value) })} sx={{ minWidth: 180 }} error={!!errorOf(index, 'retakes')} helperText={errorOf(index, 'retakes')}>
                  {Array.from({ length: VIDEO_ANSWER.maxRetakes + 1 }, (_, n) => (
                    <MenuItem key={n} value={n}>
                      {t('retakes', { smart_count: n })}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      {!locked && (
        <Box>
          <Button variant="outlined" startIcon={<AddIcon />} disabled={items.length >= ASSESSMENT_LIMITS.maxVideo} onClick={() => onChange([...items, newVideoQuestion(languages)])}>
            {t('addVideo')}
          </Button>
          {items.length >= ASSESSMENT_LIMITS.maxVideo && <FormHelperText>{t('videoLimit', { max: ASSESSMENT_LIMITS.maxVideo })}</FormHelperText>}
        </Box>
      )}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 2: settings and review

/** POST /api/assessments/check-languages for the draft's content. */
export function useLanguageCheck(draft: AssessmentDraft) {
  const content = contentOf(draft);
  const key = JSON.stringify(content);
  return useQuery({ queryKey: ['assessment-languages', key], queryFn: () => request<LanguageCheck>({ url: CHECK_LANGUAGES_URL, method: 'POST', data: content }) });
}

/** The languages to list: every language the server knows of, English first. */
export const languagesOf = (check: LanguageCheck) =>
  [...new Set([...check.available, ...check.missing.map((m) => m.language)])].sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : 0));

function SettingsStep({ draft, change, message, locked }: { draft: AssessmentDraft; change: Change; message: (path: string) => string | undefined; locked: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const { languageName } = useFormat();
  const check = useLanguageCheck(draft);
  const available = check.data?.available;
  // The shared sentence (the server's too), naming the language as the checkbox does rather than by its code.
  const missingText = (missing: LanguageCheck['missing'][number]) => {
    const { code, params } = missingLanguageMessage(missing);
    return translate(`app.messages.${code}`, { ...params, language: languageName(missing.language) });
  };

  // A language the content no longer has cannot stay offered.
  useEffect(() => {
    if (!available || locked) return;
    const kept = draft.languages.filter((l) => available.includes(l));
    if (kept.length !== draft.languages.length) change({ languages: kept });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [available]);

  const toggleLanguage = (language: string, on: boolean) => {
    const languages = on ? [...draft.languages, language] : draft.languages.filter((l) => l !== language);
    change({ languages });
  };
  const proctoring = draft.proctoring;
  const setProctoring = (patch: Partial<ProctoringSettings>) => change({ proctoring: { ...proctoring, ...patch } });
  const flag = (field: 'cameraRequired' | 'microphoneRequired' | 'fullScreenRequired' | 'pasteAllowed') => (
    <FormControlLabel control={<Checkbox checked={proctoring[field]} onChange={(e) => setProctoring({ [field]: e.target.checked })} />} label={t(`proctoring.${field}`)} />
  );

  return (
    <Stack spacing={3}>
      <FormControl component="fieldset" error={!!message('languages')}>
        <FormLabel component="legend">{t('languages')}</FormLabel>
        <FormHelperText sx={{ mx: 0 }}>{locked ? t('languagesLocked') : t('languagesHelp')}</FormHelperText>
        {check.isPending ? (
          <CircularProgress size={24} sx={{ m: 1 }} />
        ) : check.isError ? (
          <Alert severity="error">{translateMessage(translate, check.error.message)}</Alert>
        ) : (
          <FormGroup>
            {languagesOf(check.data).map((language) => {
              const missing = check.data.missing.find((m) => m.language === language);
              const id = `language-${language}-missing`;
              return (
                <Box key={language}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={draft.languages.includes(language)}
                        disabled={locked || !!missing}
                        onChange={(e) => toggleLanguage(language, e.target.checked)}
                        slotProps={{ input: missing ? { 'aria-describedby': id } : undefined }}
                      />
                    }
                    label={languageName(language)}
                  />
                  {missing && (
                    <Typography id={id} variant="body2" color="text.secondary" sx={{ ml: 4, mt: -0.5, mb: 0.5 }}>
                      {missingText(missing)}
                    </Typography>
                  )}
                </Box>
              );
            })}
          </FormGroup>
        )}
        {message('languages') && <FormHelperText>{message('languages')}</FormHelperText>}
      </FormControl>
      <NameTranslations
        languages={draft.languages}
        translations={draft.translations}
        onChange={(translations) => change({ translations })}
        limits={ASSESSMENT_LIMITS}
        errorOf={(language, field) => {
          const index = sentTranslations(draft).findIndex((t) => t.language === language);
          return index < 0 ? undefined : message(`translations.${index}.${field}`);
        }}
      />
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('proctoringTitle')}</FormLabel>
        <FormHelperText sx={{ mx: 0 }}>{t('proctoringHelp')}</FormHelperText>
        <FormGroup>
          {flag('cameraRequired')}
          {flag('microphoneRequired')}
          {flag('fullScreenRequired')}
          {flag('pasteAllowed')}
          <FormControlLabel
            control={
              <Checkbox
                checked={proctoring.snapshotIntervalSeconds !== null}
                onChange={(e) => setProctoring({ snapshotIntervalSeconds: e.target.checked ? SNAPSHOT_INTERVAL.defaultSeconds : null })}
              />
            }
            label={t('proctoring.snapshots')}
          />
        </FormGroup>
        {proctoring.snapshotIntervalSeconds !== null && (
          <TextField
            type="number"
            size="small"
            label={t('proctoring.snapshotInterval')}
            value={Number.isNaN(proctoring.snapshotIntervalSeconds) ? '' : proctoring.snapshotIntervalSeconds}
            onChange={(e) => setProctoring({ snapshotIntervalSeconds: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
            slotProps={{ htmlInput: { min: SNAPSHOT_INTERVAL.minSeconds, max: SNAPSHOT_INTERVAL.maxSeconds, step: 1 } }}
            error={!!message('proctoring.snapshotIntervalSeconds')}
            helperText={message('proctoring.snapshotIntervalSeconds') ?? t('proctoring.snapshotHelp', { min: SNAPSHOT_INTERVAL.minSeconds, max: SNAPSHOT_INTERVAL.maxSeconds })}
            sx={{ maxWidth: 320, mt: 1, ml: { xs: 0, sm: 4 } }}
          />
        )}
      </FormControl>
      <Divider />
      <Review draft={draft} />
    </Stack>
  );
}

function Review({ draft }: { draft: AssessmentDraft }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.assessmentWizard.${key}`, options);
  const { dateTime, languageName, number } = useFormat();
  const body = assessmentBody(draft);
  const when = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? dateTime(iso) : '—');
  const minutes = draft.tests.reduce((sum, test) => sum + test.durationSeconds, 0) / 60;
  const estimate = estimatedMinutes(
    draft.tests.map((test) => test.durationSeconds),
    draft.qualifying.length + draft.custom.length + draft.videoQuestions.length,
  );
  const p = draft.proctoring;
  const yes = (on: boolean) => translate(on ? 'ra.boolean.true' : 'ra.boolean.false');
  const rows: [string, ReactNode][] = [
    [t('name'), body.name || '—'],
    [t('type'), translate(`app.enums.assessmentType.${draft.type}`)],
    [t('validFrom'), when(body.validFrom)],
    [t('validUntil'), when(body.validUntil)],
    [t('totalTime'), body.totalTimeSeconds ? t('totalTimeIs', { minutes: Math.floor(body.totalTimeSeconds / 60), seconds: body.totalTimeSeconds % 60 }) : t('noTotalTime')],
    [t('tests'), draft.tests.length ? `${draft.tests.map((test) => test.name).join(', ')} (${translate('app.tests.minutes', { smart_count: number(minutes) })})` : '—'],
    [t('qualifying'), translate('app.tests.questions', { smart_count: draft.qualifying.length })],
    [t('custom'), translate('app.tests.questions', { smart_count: draft.custom.length })],
    [t('video'), translate('app.tests.questions', { smart_count: draft.videoQuestions.length })],
    [t('estimated'), translate('app.tests.minutes', { smart_count: estimate })],
    [t('languages'), draft.languages.map((l) => languageName(l)).join(', ') || '—'],
    ...draft.languages
      .filter((l) => l !== 'en')
      .map((l): [string, ReactNode] => [
        translate('app.nameTranslations.name', { language: languageName(l) }),
        body.translations.find((tr) => tr.language === l)?.name ?? translate('app.nameTranslations.missing'),
      ]),
    [t('proctoring.cameraRequired'), yes(p.cameraRequired)],
    [t('proctoring.microphoneRequired'), yes(p.microphoneRequired)],
    [t('proctoring.fullScreenRequired'), yes(p.fullScreenRequired)],
    [t('proctoring.pasteAllowed'), yes(p.pasteAllowed)],
    [t('proctoring.snapshots'), p.snapshotIntervalSeconds === null ? yes(false) : t('everySeconds', { smart_count: p.snapshotIntervalSeconds })],
  ];
  return (
    <Box component="section" aria-labelledby="assessment-review">
      <Typography id="assessment-review" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('review')}
      </Typography>
      <SummaryList rows={rows} />
    </Box>
  );
}
