/**
 * The question form (v2), specification section 2: a top bar (breadcrumb, Cancel, Save, Save as
 * draft, Next), the question step (title, type, detail per language with the language switcher,
 * skills, complexity, media) and the answers step (answers, answer title, shuffle; coding settings
 * for coding questions). Validation runs the shared zod schema, the same the server runs.
 */
import { Alert, Box, Breadcrumbs, Button, Link as MuiLink, Paper, Stack, Step, StepButton, Stepper, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, HttpError, Title, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { type QuestionType } from '../../domain/content';
import { categoryFromParam, defaultQuestionValues, FORM_STEPS, questionTypeFromParam, stepOfField, toFormValues, toPayload, topBarButtons, type ApiQuestion, type QuestionFormMode, type QuestionFormValues } from '../../domain/questionForm';
import { questionDraftSchema, questionSchema } from '../../domain/questionSchema';
import { mayEditQuestion } from '../../domain/questionWorkflow';
import { fieldErrors } from '../../domain/schemas';
import { AccessDenied } from '../../custom/pages/AccessDenied';
import { Spinner } from '../../custom/layout/Spinner';
import { useProfile } from '../../custom/layout/useProfile';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { retryUnlessAnswered } from '../../providers/queryClient';
import { ASSESSMENT_PATHS, CUSTOM_QUESTION_PARAMS } from '../assessments/api';
import { BusyButton } from '../shared/BusyButton';
import { LeaveConfirm } from '../shared/LeaveConfirm';
import { QueryState } from '../shared/QueryState';
import { AnswersStep } from './form/AnswersStep';
import { QuestionStep } from './form/QuestionStep';
import { DeleteQuestionButton } from './QuestionButtons';

/** Where the form was opened from: the question bank, or a custom question for an assessment. */
export type QuestionOrigin = 'bank' | 'custom';

/** An address of this app (a custom question's `returnTo`), never another site's. */
const appPath = (value: string | null) => (value && /^\/(?![/\\])/.test(value) ? value : null);

type SaveKind = 'save' | 'draft' | 'update';

const noSubmit = () => undefined;

export default function QuestionFormPage({ mode, origin = 'bank' }: { mode: QuestionFormMode; origin?: QuestionOrigin }) {
  const { id, category, type } = useParams();
  const [search] = useSearchParams();
  const profile = useProfile();
  const translate = useTranslate();
  const fresh = useMemo(
    () => defaultQuestionValues({ category: categoryFromParam(category), questionType: questionTypeFromParam(type), isQualifying: search.get('qualifying') === 'true' }),
    [category, type, search],
  );
  if (!profile) return <Spinner />;
  if (mode !== 'create') return <StoredQuestionForm key={`${mode}-${id}`} id={id ?? ''} mode={mode} origin={origin} />;
  if (category && !categoryFromParam(category)) return <Alert severity="error">{translate('app.questionForm.unknownCategory', { category })}</Alert>;
  return <QuestionFormFor key="create-new" mode={mode} origin={origin} defaults={fresh} />;
}

/** Editing or cloning: the stored question, read first. */
function StoredQuestionForm({ id, mode, origin }: { id: string; mode: QuestionFormMode; origin: QuestionOrigin }) {
  const api = useApi();
  const existing = useQuery({ queryKey: ['question', id], enabled: !!id, queryFn: () => api.getQuestion(id), retry: retryUnlessAnswered });
  const defaults = useMemo(() => existing.data && toFormValues(existing.data), [existing.data]);
  return <QueryState query={existing}>{(question) => <QuestionFormFor mode={mode} origin={origin} question={question} defaults={defaults ?? toFormValues(question)} />}</QueryState>;
}

/** The form, once its values are known, for whoever may write this question. */
function QuestionFormFor({ mode, origin, question, defaults }: { mode: QuestionFormMode; origin: QuestionOrigin; question?: ApiQuestion; defaults: QuestionFormValues }) {
  const profile = useProfile()!;
  // A client writes custom questions for its own assessments: the assessment rights decide, not the bank's.
  // The question read, whether this one is theirs to edit.
  const allowed = origin === 'custom' || !question || mode === 'clone' || mayEditQuestion(profile, question);
  if (!allowed) return <AccessDenied />;
  return (
    <Form defaultValues={defaults} onSubmit={noSubmit} noValidate>
      <QuestionFormBody mode={mode} origin={origin} question={question} />
    </Form>
  );
}

function QuestionFormBody({ mode, origin, question }: { mode: QuestionFormMode; origin: QuestionOrigin; question?: ApiQuestion }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const profile = useProfile()!;
  const form = useFormContext<QuestionFormValues>();
  const { isDirty } = useFormState({ control: form.control });
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // Set by a Next or Save refused for a missing detail: from then on the form names the empty languages.
  const [detailChecked, setDetailChecked] = useState(false);
  const validatedAs = useRef<SaveKind | null>(null);
  const questionType = useWatch({ name: 'questionType' }) as QuestionType;
  const custom = origin === 'custom';
  const rules = topBarButtons({ mode, status: question?.status, step, loading: saving || uploading });
  // A custom question is the client's own, published as saved: no draft, no moderation.
  const buttons = custom ? { ...rules, saveAsDraft: false } : rules;
  const [search] = useSearchParams();
  const returnTo = appPath(search.get(CUSTOM_QUESTION_PARAMS.returnTo));
  // Provider staff writing for a client's assessment (the server ignores it from a client's own users).
  const forClient = custom ? search.get(CUSTOM_QUESTION_PARAMS.clientId) : null;
  const newAssessmentPath = profile.clientId ? ASSESSMENT_PATHS.createForClient : ASSESSMENT_PATHS.createInLibrary;
  const listPath = custom ? (returnTo ?? newAssessmentPath) : '/questions';
  const listLabel = translate(custom ? 'app.nav.assessments' : profile.role === 'USER' ? 'app.nav.myQuestions' : 'app.nav.questionBank');

  /** Runs the schema of a save (full or draft) and shows its messages on the fields; true when valid. */
  function validate(kind: SaveKind, moveToError: boolean): Record<string, unknown> | null {
    const payload = toPayload(form.getValues());
    const result = (kind === 'draft' ? questionDraftSchema : questionSchema).safeParse(payload);
    form.clearErrors();
    if (result.success) return payload;
    const errors = fieldErrors(result.error);
    if (hasDetailError(errors)) setDetailChecked(true);
    showErrors(form, errors, translate, moveToError ? setStep : undefined);
    return null;
  }

  // After a failed save, messages follow the edits until the form is valid again.
  const validateLatest = useRef(validate);
  validateLatest.current = validate;
  useEffect(() => {
    const subscription = form.watch(() => {
      if (validatedAs.current && validateLatest.current(validatedAs.current, false)) validatedAs.current = null;
    });
    return () => subscription.unsubscribe();
  }, [form]);

  async function save(kind: SaveKind) {
    validatedAs.current = kind;
    const payload = validate(kind, true);
    if (!payload) {
      notify('app.questionForm.fixErrors', { type: 'error' });
      return;
    }
    validatedAs.current = null;
    setSaving(true);
    try {
      const existingId = mode === 'clone' ? undefined : question?.id;
      const saved = custom
        ? await api.createCustomQuestion({ ...payload, ...(forClient && { clientId: forClient }) })
        : kind === 'update'
          ? await api.updateQuestion(existingId!, payload)
          : await api.saveQuestion(kind, { ...payload, id: existingId });
      queryClient.setQueryData(['question', saved.id], saved);
      await queryClient.invalidateQueries({ queryKey: ['questions'] });
      form.reset(form.getValues());
      notify(kind === 'draft' ? 'app.questionForm.draftSaved' : 'app.questionForm.saved', { type: 'success' });
      // Back to the assessment wizard that asked for it, with the question picked.
      if (custom) return navigate(withParam(listPath, CUSTOM_QUESTION_PARAMS.saved, saved.id), { replace: true });
      navigate(kind === 'draft' ? `/new-questionV2/${saved.id}` : `/questions/${saved.id}/show`, { replace: kind === 'draft' });
    } catch (e) {
      const errors = e instanceof HttpError ? (e.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
      if (errors && Object.keys(errors).length) showErrors(form, errors, translate, setStep);
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  function next() {
    // Moving on checks only what this step holds; everything is checked again on save.
    const result = questionSchema.safeParse(toPayload(form.getValues()));
    const here = result.success ? {} : Object.fromEntries(Object.entries(fieldErrors(result.error)).filter(([path]) => stepOfField(path) === step));
    form.clearErrors();
    if (Object.keys(here).length) {
      if (hasDetailError(here)) setDetailChecked(true);
      showErrors(form, here, translate);
      return;
    }
    setStep(step + 1);
  }

  function cancel() {
    if (isDirty) setConfirmCancel(true);
    else leave();
  }
  // Back where the user came from, unless the form was the first page opened (then the list).
  const leave = () => (location.key !== 'default' ? navigate(-1) : navigate(listPath));

  const typeLabel = translate(`app.enums.questionType.${questionType}`);
  const title = translate(`app.questionForm.title.${mode}`);
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Title title={title} />
      <Paper sx={{ p: 1.5, mb: 2, position: { md: 'sticky' }, top: { md: 72 }, zIndex: 2 }} elevation={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
          <Breadcrumbs aria-label={translate('app.questionForm.breadcrumb')}>
            <MuiLink component={Link} to={listPath} underline="hover" color="inherit">
              {listLabel}
            </MuiLink>
            {origin === 'custom' && <Typography color="text.secondary">{translate('app.questionForm.custom')}</Typography>}
            <Typography color="text.primary">{typeLabel}</Typography>
          </Breadcrumbs>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, justifyContent: { xs: 'flex-start', md: 'flex-end' } }}>
            <Button onClick={cancel} disabled={buttons.disabled}>
              {translate('ra.action.cancel')}
            </Button>
            {question && mode !== 'clone' && <DeleteQuestionButton question={question} disabled={buttons.disabled} />}
            {buttons.back && (
              <BusyButton variant="outlined" busy={false} disabled={buttons.disabled} onClick={() => setStep(step - 1)}>
                {translate('app.questionForm.back')}
              </BusyButton>
            )}
            {buttons.saveAsDraft && (
              <BusyButton variant="outlined" busy={saving} disabled={buttons.disabled} onClick={() => save('draft')}>
                {translate('app.questionForm.saveAsDraft')}
              </BusyButton>
            )}
            {buttons.save && (
              <BusyButton variant="contained" busy={saving} disabled={buttons.disabled} onClick={() => save('save')}>
                {translate('ra.action.save')}
              </BusyButton>
            )}
            {buttons.next && (
              <BusyButton variant={buttons.save ? 'outlined' : 'contained'} busy={false} disabled={buttons.disabled} onClick={next}>
                {translate('app.questionForm.next')}
              </BusyButton>
            )}
            {buttons.update && (
              <BusyButton variant="contained" busy={saving} disabled={buttons.disabled} onClick={() => save('update')}>
                {translate('app.questionForm.update')}
              </BusyButton>
            )}
          </Stack>
        </Stack>
      </Paper>
      {question?.status === 'REJECTED' && mode !== 'clone' && question.rejectionReason && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.questions.rejectedBecause', { reason: question.rejectionReason })}
        </Alert>
      )}
      <Stepper nonLinear activeStep={step} sx={{ mb: 2 }}>
        {FORM_STEPS.map((name, index) => (
          <Step key={name} completed={false}>
            <StepButton color="inherit" disabled={buttons.disabled} onClick={() => (index < step ? setStep(index) : index > step ? next() : undefined)}>
              {translate(`app.questionForm.steps.${name}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Paper sx={{ p: { xs: 2, md: 3 } }}>{step === 0 ? <QuestionStep locked={!!question && mode !== 'clone' && question.status !== 'DRAFTED'} detailChecked={detailChecked} onUploading={setUploading} custom={custom} questionId={mode === 'clone' ? undefined : question?.id} forClient={forClient} /> : <AnswersStep questionType={questionType} />}</Paper>
      <LeaveConfirm
        isOpen={confirmCancel}
        onLeave={() => {
          setConfirmCancel(false);
          leave();
        }}
        onStay={() => setConfirmCancel(false)}
      />
    </Box>
  );
}

/** An address of this app with one more query parameter. */
function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/** A button that shows a spinner while its action runs. */

/** Shows field messages (server's or schema's) and, when asked, moves to the step of the first. */
function showErrors(form: UseFormReturn<QuestionFormValues> | UseFormReturn<FieldValues>, errors: Record<string, string>, translate: ReturnType<typeof useTranslate>, setStep?: (step: number) => void) {
  const paths = Object.keys(errors);
  for (const path of paths) {
    // An error on a whole list and on its items: the list's message is shown.
    if (paths.some((other) => other !== path && path.startsWith(`${other}.`))) continue;
    (form as UseFormReturn<FieldValues>).setError(path === '_' ? 'root' : path, { type: 'manual', message: translateMessage(translate, errors[path]) });
  }
  const first = paths.find((p) => p !== '_');
  if (setStep && first) setStep(stepOfField(first));
}

/** Whether a language lacks its detail (or the question has no language at all). */
const hasDetailError = (errors: Record<string, string>) => Object.keys(errors).some((path) => path.startsWith('detail') && !path.endsWith('.guidance'));

