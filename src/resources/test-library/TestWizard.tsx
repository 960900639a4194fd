/**
 * The create/edit-test wizard (`/create-test/:category`, `/edit-test/:id`): details → questions
 * (picked from the published questions of the primary skill, or drawn at random) → settings →
 * review. Steps begin at 0 with no upper bound (specification section 2); each step is checked
 * with the shared testSchema before the next one opens.
 */
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, Step, StepButton, StepLabel, Stepper, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify, useTranslate, type HttpError } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { QUESTION_CATEGORIES, type QuestionCategory, type TestTypeKind } from '../../domain/content';
import type { z } from 'zod';
import { TEST_NAME_LIMITS, testSchema } from '../../domain/contentSchemas';
import type { testRecordSchema } from '../../domain/testLibraryAnswers';
import { fieldErrors } from '../../domain/schemas';
import { Spinner } from '../../custom/layout/Spinner';
import { useProfile } from '../../custom/layout/useProfile';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { LeaveConfirm } from '../shared/LeaveConfirm';
import { QueryState } from '../shared/QueryState';
import { NameTranslations, useOtherLanguages, writtenTranslations } from '../shared/NameTranslations';
import { useDropdown } from '../shared/useDropdown';
import { QuestionsStep } from './wizard/QuestionsStep';
import { Review } from './wizard/Review';
import { DEFAULT_DURATION_SECONDS, SettingsStep } from './wizard/SettingsStep';
import { useMessage, type Errors, type TestDraft } from './wizard/shared';

/** GET /api/tests/:id */
/** GET /api/tests/:id (and what saving one answers). */
export type StoredTest = z.input<typeof testRecordSchema>;

type Field = 'name' | 'description' | 'translations' | 'category' | 'primarySkill' | 'questionIds' | 'durationSeconds' | 'tags' | 'shuffle' | 'drawCount';

/** The wizard's steps and the fields each one answers for. More steps may be added: nothing caps the index. */
const STEPS: { key: string; fields: Field[] }[] = [
  { key: 'details', fields: ['name', 'description', 'translations', 'category', 'primarySkill'] },
  { key: 'questions', fields: ['questionIds'] },
  { key: 'settings', fields: ['durationSeconds', 'tags', 'shuffle', 'drawCount'] },
  { key: 'review', fields: [] },
];

const emptyDraft = (category: QuestionCategory): TestDraft => ({
  name: '',
  description: '',
  translations: [],
  category,
  primarySkill: '',
  durationSeconds: DEFAULT_DURATION_SECONDS,
  tags: [],
  shuffle: false,
  drawCount: null,
  questions: [],
});

/** The body of POST /api/tests and PUT /api/tests/:id. */
export function testBody(draft: TestDraft) {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    translations: writtenTranslations(draft.translations),
    category: draft.category,
    primarySkill: draft.primarySkill,
    durationSeconds: draft.durationSeconds,
    tags: draft.tags,
    shuffle: draft.shuffle,
    drawCount: draft.drawCount,
    questionIds: draft.questions.map((q) => q.id),
  };
}

/** Messages by field path ('name', 'translations.0.name'). */
/** The shared schema's messages for the given fields and the paths under them (English; shown through `useMessage`). */
function validate(draft: TestDraft, fields: readonly Field[]): Errors {
  const result = testSchema.safeParse(testBody(draft));
  if (result.success) return {};
  const all = fieldErrors(result.error);
  return Object.fromEntries(Object.entries(all).filter(([path]) => fields.includes(path.split('.')[0] as Field)));
}

/** A schema or server message in the user's language. */
const categoryOf = (raw: string | undefined): QuestionCategory | undefined =>
  QUESTION_CATEGORIES.find((c) => c === raw?.toUpperCase());

/** The page behind both routes: guard, then a new test of the route's category or the stored test. */
export default function TestWizard() {
  const { category, id } = useParams();
  const profile = useProfile();
  if (!profile) return <Spinner />;
  if (id) return <EditTest id={id} />;
  const known = categoryOf(category);
  if (!known) return <UnknownCategory value={category ?? ''} />;
  return <Wizard key={known} initial={emptyDraft(known)} />;
}

function UnknownCategory({ value }: { value: string }) {
  const translate = useTranslate();
  return (
    <Paper role="alert" sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
      <Title title={translate('app.testWizard.createTest')} />
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.testWizard.unknownCategory', { category: value })}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate('app.testWizard.chooseCategory')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
        {QUESTION_CATEGORIES.map((c) => (
          <Button key={c} component={Link} to={`/create-test/${c}`} variant="outlined">
            {translate(`app.enums.category.${c}`)}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}

function EditTest({ id }: { id: string }) {
  const api = useApi();
  const test = useQuery({ queryKey: ['test', id], queryFn: () => api.getTest(id) });
  return <QueryState query={test}>{(record) => <Wizard key={record.id} testId={record.id} initial={draftOf(record)} />}</QueryState>;
}

/** The wizard's draft of a stored test. */
function draftOf(test: StoredTest): TestDraft {
  return {
    name: test.name,
    description: test.description ?? '',
    translations: test.translations ?? [],
    category: test.category,
    primarySkill: test.primarySkill,
    durationSeconds: test.durationSeconds,
    tags: test.tags ?? [],
    shuffle: test.shuffle,
    drawCount: test.drawCount ?? null,
    questions: test.questions.map(({ id: questionId, title, questionType, complexity }) => ({ id: questionId, title, questionType, complexity })),
  };
}

function Wizard({ initial, testId }: { initial: TestDraft; testId?: string }) {
  const api = useApi();
  const translate = useTranslate();
  const message = useMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<TestDraft>(initial);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const primarySkills = useDropdown<{ kind: TestTypeKind }>('skills', draft.category);
  const otherLanguages = useOtherLanguages();
  const skillLabel = primarySkills.choices.find((c) => c.id === draft.primarySkill)?.name ?? '';
  const last = step === STEPS.length - 1;
  // Cancel asks first when something was changed, as the question form does.
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);
  const [leaving, setLeaving] = useState(false);
  const leave = () => navigate(testId ? `/tests/${testId}/show` : '/tests');

  /** Changes fields and forgets their messages. */
  function change(patch: Partial<TestDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    const touched = Object.keys(patch).map((k) => (k === 'questions' ? 'questionIds' : k));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !touched.includes(k.split('.')[0]))));
  }

  function changePrimarySkill(primarySkill: string) {
    if (primarySkill === draft.primarySkill) return;
    const hadQuestions = draft.questions.length > 0;
    change({ primarySkill, questions: [] });
    if (hadQuestions) notify('app.testWizard.questionsCleared', { type: 'warning' });
  }

  /** The first step (up to `upTo`) whose fields have messages, with them shown; -1 when all pass. */
  function check(upTo: number): number {
    for (let s = 0; s <= upTo; s++) {
      const found = validate(draft, STEPS[s].fields);
      if (Object.keys(found).length) {
        setErrors(found);
        return s;
      }
    }
    setErrors({});
    return -1;
  }

  function next() {
    const failing = check(step);
    if (failing >= 0) setStep(failing);
    else setStep((s) => s + 1);
  }

  async function save() {
    const failing = check(step);
    if (failing >= 0) return setStep(failing);
    setSaving(true);
    try {
      const saved = await api.saveTest(testId, testBody(draft));
      notify('app.testWizard.saved', { type: 'success' });
      navigate(`/tests/${saved.id}/show`);
    } catch (e) {
      const error = e as HttpError;
      const byField = ((error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) as Errors;
      setErrors(byField);
      const where = STEPS.findIndex((s) => s.fields.some((f) => byField[f]));
      if (where >= 0) setStep(where);
      notify(translateMessage(translate, error.message), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const stepTitle = (key: string) => translate(`app.testWizard.steps.${key}`);
  const title = testId
    ? translate('app.testWizard.editTitle', { name: initial.name })
    : translate('app.testWizard.createTitle', { category: translate(`app.enums.category.${draft.category}`) });

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Title title={title} />
      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <Stepper activeStep={step} alternativeLabel={narrow} aria-label={translate('app.testWizard.progress')}>
          {STEPS.map((s, index) => (
            <Step key={s.key} completed={index < step}>
              {index < step ? (
                <StepButton onClick={() => setStep(index)}>{stepTitle(s.key)}</StepButton>
              ) : (
                <StepLabel>{stepTitle(s.key)}</StepLabel>
              )}
            </Step>
          ))}
        </Stepper>
      </Paper>
      <Paper component="section" aria-labelledby="test-wizard-step" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="test-wizard-step" variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate('app.testWizard.stepOf', { n: step + 1, total: STEPS.length })}: {stepTitle(STEPS[step].key)}
        </Typography>
        {STEPS[step].key === 'details' && (
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <TextField
              label={translate('app.testWizard.name')}
              value={draft.name}
              onChange={(e) => change({ name: e.target.value })}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 120 } }}
              error={!!errors.name}
              helperText={message(errors.name)}
            />
            <TextField
              label={translate('app.testWizard.description')}
              value={draft.description}
              onChange={(e) => change({ description: e.target.value })}
              fullWidth
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
              error={!!errors.description}
              helperText={message(errors.description)}
            />
            <TextField label={translate('app.testWizard.category')} value={translate(`app.enums.category.${draft.category}`)} fullWidth disabled />
            <TextField
              select
              label={translate('app.testWizard.primarySkill')}
              value={primarySkills.isPending ? '' : draft.primarySkill}
              onChange={(e) => changePrimarySkill(e.target.value)}
              required
              fullWidth
              error={!!errors.primarySkill || errors.category !== undefined}
              helperText={message(errors.primarySkill ?? errors.category) ?? (!primarySkills.isPending && !primarySkills.choices.length ? translate('app.testWizard.noPrimarySkills') : undefined)}
            >
              {primarySkills.choices.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            {draft.questions.length > 0 && <Alert severity="info">{translate('app.testWizard.primarySkillHelp', { smart_count: draft.questions.length })}</Alert>}
            {otherLanguages.length > 0 && (
              <NameTranslations
                languages={otherLanguages}
                translations={draft.translations}
                onChange={(translations) => change({ translations })}
                limits={TEST_NAME_LIMITS}
                errorOf={(language, field) => {
                  const index = writtenTranslations(draft.translations).findIndex((t) => t.language === language);
                  return index < 0 ? undefined : message(errors[`translations.${index}.${field}`]);
                }}
              />
            )}
          </Stack>
        )}
        {STEPS[step].key === 'questions' && (
          <QuestionsStep draft={draft} onChange={(questions) => change({ questions })} error={message(errors.questionIds)} />
        )}
        {STEPS[step].key === 'settings' && <SettingsStep draft={draft} change={change} errors={errors} />}
        {STEPS[step].key === 'review' && <Review draft={draft} skillLabel={skillLabel} />}
      </Paper>
      <Paper sx={{ p: { xs: 1, sm: 2 }, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', position: 'sticky', bottom: 0, zIndex: 1 }}>
        <Button color="inherit" onClick={() => (changed ? setLeaving(true) : leave())}>
          {translate('app.testWizard.cancel')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" disabled={step === 0 || saving} onClick={() => setStep((s) => Math.max(0, s - 1))}>
          {translate('app.testWizard.back')}
        </Button>
        {last ? (
          <Button variant="contained" onClick={save} disabled={saving} startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}>
            {translate('app.testWizard.save')}
          </Button>
        ) : (
          <Button variant="contained" onClick={next}>
            {translate('app.testWizard.next')}
          </Button>
        )}
      </Paper>
      <LeaveConfirm isOpen={leaving} onLeave={leave} onStay={() => setLeaving(false)} />
    </Stack>
  );
}
