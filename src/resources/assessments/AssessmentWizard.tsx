/**
 * The create/edit-assessment wizard (`/assessment/create-assessment`, `/new-assessment`,
 * `/editAssessment/:id`): details → content → settings and review. Steps 0 to 2 (forward stops at
 * 2, back stops at 0); each step is checked with the shared `assessmentSchema` before the next
 * opens, and the server's field messages land on their fields and move to their step. An
 * assessment with attempts keeps its content: the wizard shows it read-only and offers a copy.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Paper, Stack, Step, StepButton, StepLabel, Stepper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Title, useNotify, useTranslate, type HttpError } from 'react-admin';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useProfile } from '../../custom/layout/useProfile';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { BusyButton } from '../shared/BusyButton';
import { LeaveConfirm } from '../shared/LeaveConfirm';
import { ASSESSMENT_PATHS, CUSTOM_QUESTION_PARAMS, type AssessmentRecord } from './api';
import { assessmentBody, draftErrors, draftOf, emptyDraft, firstFailingStep, LAST_STEP, nextStep, previousStep, WIZARD_STEPS, type AssessmentDraft } from './assessmentDraft';
import { useAssessment } from './useAssessment';
import { useCopyAssessment } from './useCopyAssessment';
import { ContentStep } from './wizard/ContentStep';
import { DetailsStep } from './wizard/DetailsStep';
import { SettingsStep } from './wizard/SettingsStep';
import type { Change, Errors, Owner } from './wizard/types';
import { QueryState } from '../shared/QueryState';

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
  const assessment = useAssessment(id);
  return <QueryState query={assessment}>{(record) => <Restored key={record.id} record={record} />}</QueryState>;
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
  const api = useApi();
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
    api
      .getCustomQuestion(picked)
      .then((q) => setDraft((d) => (d.custom.some((c) => c.id === q.id) ? d : { ...d, custom: [...d.custom, { id: q.id, title: q.title, questionType: q.questionType }] })))
      .catch((e: Error) => notify(translateMessage(translate, e.message), { type: 'error' }));
  }, [api, search, picked, pathname, navigate, notify, translate]);

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
      const saved = await api.saveAssessment(record?.id, assessmentBody(draft));
      clearStash();
      let note = 'app.assessmentWizard.saved';
      if (activate && saved.status !== 'ACTIVE') {
        try {
          await api.moveAssessment(saved.id, 'ACTIVE');
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
