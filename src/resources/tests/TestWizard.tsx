/**
 * The create/edit-test wizard (`/create-test/:category`, `/edit-test/:id`): details → questions
 * (picked from the published questions of the primary skill, or drawn at random) → settings →
 * review. Steps begin at 0 with no upper bound (specification section 2); each step is checked
 * with the shared testSchema before the next one opens.
 */
import AddIcon from '@mui/icons-material/Add';
import CasinoIcon from '@mui/icons-material/Casino';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Divider,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Step,
  StepButton,
  StepLabel,
  Stepper,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Title, useNotify, useTranslate, type HttpError } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { COMPLEXITIES, MAX_TAGS, QUESTION_CATEGORIES, QUESTION_TYPES, RESPONSE_TYPES_BY_KIND, TEST_DURATION, type QuestionCategory, type TestTypeKind } from '../../domain/content';
import { TEST_NAME_LIMITS, testSchema } from '../../domain/contentSchemas';
import { can } from '../../domain/permissions';
import type { NameTranslation } from '../../domain/language';
import { fieldErrors } from '../../domain/schemas';
import { AccessDenied } from '../../custom/pages/AccessDenied';
import { Spinner } from '../../custom/layout/Spinner';
import { useProfile } from '../../custom/layout/useProfile';
import { translateMessage } from '../../i18n/messages';
import { useFormat } from '../../i18n/useFormat';
import { request } from '../../providers/httpClient';
import { SummaryList } from '../shared/SummaryList';
import { LeaveConfirm } from '../shared/LeaveConfirm';
import { NameTranslations, useOtherLanguages, writtenTranslations } from '../shared/NameTranslations';
import { ReorderButtons } from '../shared/ReorderButtons';
import { useSettled } from '../shared/useSettled';
import { testTypesUrl, useDropdown } from '../shared/useDropdown';

/** A question as the wizard lists it. */
export interface QuestionSummary {
  id: string;
  title: string;
  questionType: string;
  complexity: string | null;
}

export interface TestDraft {
  name: string;
  description: string;
  /** The name and description in other languages, as typed (empty ones are left out when sent). */
  translations: NameTranslation[];
  category: QuestionCategory;
  primarySkill: string;
  durationSeconds: number;
  tags: string[];
  shuffle: boolean;
  drawCount: number | null;
  questions: QuestionSummary[];
}

/** GET /api/tests/:id */
interface StoredTest extends Omit<TestDraft, 'description' | 'questions'> {
  id: string;
  description: string | null;
  questions: QuestionSummary[];
}

type Field = 'name' | 'description' | 'translations' | 'category' | 'primarySkill' | 'questionIds' | 'durationSeconds' | 'tags' | 'shuffle' | 'drawCount';

/** The wizard's steps and the fields each one answers for. More steps may be added: nothing caps the index. */
const STEPS: { key: string; fields: Field[] }[] = [
  { key: 'details', fields: ['name', 'description', 'translations', 'category', 'primarySkill'] },
  { key: 'questions', fields: ['questionIds'] },
  { key: 'settings', fields: ['durationSeconds', 'tags', 'shuffle', 'drawCount'] },
  { key: 'review', fields: [] },
];

const DEFAULT_DURATION_SECONDS = 10 * 60;
const DURATION_CHOICES = Array.from(
  { length: (TEST_DURATION.maxSeconds - TEST_DURATION.minSeconds) / TEST_DURATION.stepSeconds + 1 },
  (_, i) => TEST_DURATION.minSeconds + i * TEST_DURATION.stepSeconds,
);
const POOL_PAGE = 20;
const MAX_TAG_LENGTH = 40;

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
type Errors = Partial<Record<string, string>>;

/** The shared schema's messages for the given fields and the paths under them (English; shown through `useMessage`). */
function validate(draft: TestDraft, fields: readonly Field[]): Errors {
  const result = testSchema.safeParse(testBody(draft));
  if (result.success) return {};
  const all = fieldErrors(result.error);
  return Object.fromEntries(Object.entries(all).filter(([path]) => fields.includes(path.split('.')[0] as Field)));
}

/** A schema or server message in the user's language. */
function useMessage() {
  const translate = useTranslate();
  return (message: string | undefined) => (message ? translateMessage(translate, message) : undefined);
}

const categoryOf = (raw: string | undefined): QuestionCategory | undefined =>
  QUESTION_CATEGORIES.find((c) => c === raw?.toUpperCase());

/** The page behind both routes: guard, then a new test of the route's category or the stored test. */
export default function TestWizard() {
  const { category, id } = useParams();
  const profile = useProfile();
  if (!profile) return <Spinner />;
  if (!can(profile, 'TESTS', id ? 'edit' : 'create')) return <AccessDenied />;
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
  const translate = useTranslate();
  const { data: test, error } = useQuery({ queryKey: ['test', id], queryFn: () => request<StoredTest>({ url: `/api/tests/${id}` }) });
  if (error)
    return (
      <Alert severity="error" role="alert">
        {translateMessage(translate, error.message)}
      </Alert>
    );
  if (!test) return <Spinner />;
  const draft: TestDraft = {
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
  return <Wizard key={test.id} testId={test.id} initial={draft} />;
}

function Wizard({ initial, testId }: { initial: TestDraft; testId?: string }) {
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
  const primarySkills = useDropdown<{ kind: TestTypeKind }>(testTypesUrl(draft.category));
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
      const saved = await request<{ id: string }>({ url: testId ? `/api/tests/${testId}` : '/api/tests', method: testId ? 'PUT' : 'POST', data: testBody(draft) });
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

// ---------------------------------------------------------------------------------------------
// Step 1: questions

interface PoolFilters {
  q: string;
  complexity: string;
  secondarySkill: string;
  questionType: string;
}
const NO_FILTERS: PoolFilters = { q: '', complexity: '', secondarySkill: '', questionType: '' };

function QuestionsStep({ draft, onChange, error }: { draft: TestDraft; onChange: (questions: QuestionSummary[]) => void; error?: string }) {
  const translate = useTranslate();
  const [filters, setFilters] = useState<PoolFilters>(NO_FILTERS);
  const search = useSettled(filters.q);
  const secondarySkills = useDropdown(draft.primarySkill ? `/api/types/questiontype/dropdown?testtype=${draft.primarySkill}` : null);
  // Only the response types the primary skill takes (specification section 5) are worth filtering by.
  const kind = useDropdown<{ kind: TestTypeKind }>(testTypesUrl(draft.category)).choices.find((c) => c.id === draft.primarySkill)?.kind;
  const questionTypes = kind ? RESPONSE_TYPES_BY_KIND[kind] : QUESTION_TYPES;
  const picked = new Set(draft.questions.map((q) => q.id));

  const toggle = (question: QuestionSummary) =>
    onChange(picked.has(question.id) ? draft.questions.filter((q) => q.id !== question.id) : [...draft.questions, question]);
  const setFilter = (patch: Partial<PoolFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const select = (key: keyof PoolFilters, label: string, choices: { id: string; name: string }[]) => (
    <TextField select size="small" label={label} value={filters[key]} onChange={(e) => setFilter({ [key]: e.target.value })} sx={{ minWidth: 150, flex: '1 1 150px' }}>
      <MenuItem value="">{translate('app.testWizard.all')}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={translate('app.testWizard.search')}
          value={filters.q}
          onChange={(e) => setFilter({ q: e.target.value })}
          sx={{ minWidth: 180, flex: '2 1 200px' }}
        />
        {select('complexity', translate('app.testWizard.complexity'), COMPLEXITIES.map((id) => ({ id, name: id })))}
        {select('secondarySkill', translate('app.testWizard.secondarySkill'), secondarySkills.choices)}
        {select('questionType', translate('app.testWizard.questionType'), questionTypes.map((id) => ({ id, name: translate(`app.enums.questionType.${id}`) })))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <QuestionPool primarySkill={draft.primarySkill} filters={{ ...filters, q: search }} picked={picked} onToggle={toggle} />
          <RandomDraw primarySkill={draft.primarySkill} filters={filters} picked={draft.questions} onAdd={(drawn) => onChange([...draft.questions, ...drawn])} />
        </Stack>
        <Box component="section" aria-label={translate('app.testWizard.chosen')} sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {translate('app.testWizard.chosen')} ({draft.questions.length})
          </Typography>
          {error && (
            <Alert severity="error" sx={{ my: 1 }}>
              {error}
            </Alert>
          )}
          {draft.questions.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {translate('app.testWizard.noneChosen')}
            </Typography>
          ) : (
            <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
              {draft.questions.map((q, index) => (
                <Paper component="li" key={q.id} variant="outlined" sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography component="span" sx={{ minWidth: 24, textAlign: 'right', color: 'text.secondary' }}>
                    {index + 1}.
                  </Typography>
                  <QuestionText question={q} />
                  <ReorderButtons items={draft.questions} index={index} name={q.title} onChange={onChange} />
                </Paper>
              ))}
            </Stack>
          )}
        </Box>
      </Box>
    </Stack>
  );
}

/** A question's title with its type and complexity underneath. */
function QuestionText({ question }: { question: QuestionSummary }) {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{question.title}</Typography>
      <Typography variant="caption" color="text.secondary">
        {[translate(`app.enums.questionType.${question.questionType}`), question.complexity].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

/** The simple-rest query of the published questions of a primary skill. */
function poolUrl(primarySkill: string, filters: PoolFilters, rows: number) {
  const filter: Record<string, string> = { status: 'PUBLISHED', primarySkill };
  for (const [key, value] of Object.entries(filters)) if (value.trim()) filter[key] = value.trim();
  const params = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([0, rows - 1]), sort: JSON.stringify(['title', 'ASC']) });
  return `/api/questions?${params}`;
}

function QuestionPool({ primarySkill, filters, picked, onToggle }: { primarySkill: string; filters: PoolFilters; picked: Set<string>; onToggle: (q: QuestionSummary) => void }) {
  const translate = useTranslate();
  // "Show more" counts for the filters it was pressed under; new filters start at one page.
  const filtersKey = JSON.stringify([primarySkill, filters]);
  const [more, setMore] = useState({ filtersKey, shown: POOL_PAGE });
  const shown = more.filtersKey === filtersKey ? more.shown : POOL_PAGE;
  // One row more than shown tells whether there is more.
  const url = poolUrl(primarySkill, filters, shown + 1);
  const { data, isPending, isError } = useQuery({
    queryKey: ['test-wizard-pool', url],
    queryFn: () => request<QuestionSummary[]>({ url }),
    placeholderData: keepPreviousData,
  });
  const rows = (data ?? []).slice(0, shown);
  return (
    <Box component="section" aria-label={translate('app.testWizard.pool')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.testWizard.pool')}
      </Typography>
      {isPending ? (
        <CircularProgress size={24} sx={{ m: 2 }} />
      ) : isError ? (
        <Alert severity="error">{translate('app.auth.somethingWrong')}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.testWizard.noQuestions')}
        </Typography>
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: { md: 420 }, overflowY: { md: 'auto' } }}>
          {rows.map((q) => (
            <Box component="li" key={q.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
              <FormControlLabel
                sx={{ m: 0, py: 0.5, width: '100%', alignItems: 'flex-start' }}
                control={<Checkbox checked={picked.has(q.id)} onChange={() => onToggle({ id: q.id, title: q.title, questionType: q.questionType, complexity: q.complexity })} sx={{ mt: -0.5 }} />}
                label={<QuestionText question={q} />}
                slotProps={{ typography: { component: 'div' } }}
              />
            </Box>
          ))}
        </Stack>
      )}
      {(data?.length ?? 0) > shown && (
        <Button size="small" onClick={() => setMore({ filtersKey, shown: shown + POOL_PAGE })} sx={{ mt: 1 }}>
          {translate('app.testWizard.showMore')}
        </Button>
      )}
    </Box>
  );
}

interface DrawResult {
  questions: QuestionSummary[];
  requested: number;
  drawn: number;
}

/** N random published questions from the filtered pool, previewed before they join the test. */
function RandomDraw({ primarySkill, filters, picked, onAdd }: { primarySkill: string; filters: PoolFilters; picked: QuestionSummary[]; onAdd: (q: QuestionSummary[]) => void }) {
  const translate = useTranslate();
  const message = useMessage();
  const notify = useNotify();
  const [count, setCount] = useState('5');
  const [result, setResult] = useState<DrawResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function draw() {
    setBusy(true);
    try {
      const body = {
        primarySkill,
        count: Number(count),
        ...(filters.complexity && { complexity: [filters.complexity] }),
        ...(filters.secondarySkill && { secondarySkills: [filters.secondarySkill] }),
        ...(filters.questionType && { questionTypes: [filters.questionType] }),
        ...(filters.q.trim() && { q: filters.q.trim() }),
        ...(picked.length > 0 && { exclude: picked.map((q) => q.id) }),
      };
      setResult(await request<DrawResult>({ url: '/api/tests/draw', method: 'POST', data: body }));
    } catch (e) {
      const error = e as HttpError;
      const errors = (error.body as { errors?: Record<string, string> } | undefined)?.errors;
      notify(message(errors?.count ?? error.message)!, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-label={translate('app.testWizard.randomDraw')} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.testWizard.randomDraw')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.testWizard.drawHelp')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="number"
          label={translate('app.testWizard.drawHowMany')}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 200, step: 1 } }}
          sx={{ width: 130 }}
        />
        <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} /> : <CasinoIcon />} disabled={busy || !(Number(count) >= 1)} onClick={draw}>
          {translate('app.testWizard.draw')}
        </Button>
      </Box>
      {result && (
        <Box sx={{ mt: 2 }} role="region" aria-label={translate('app.testWizard.drawnTitle')}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('app.testWizard.drawnTitle')}
          </Typography>
          {result.drawn < result.requested && (
            <Alert severity={result.drawn ? 'info' : 'warning'} sx={{ my: 1 }}>
              {result.drawn ? translate('app.testWizard.drawnFewer', { drawn: result.drawn, requested: result.requested }) : translate('app.testWizard.noQuestions')}
            </Alert>
          )}
          <Stack component="ol" spacing={0.5} sx={{ pl: 3, my: 1 }}>
            {result.questions.map((q) => (
              <li key={q.id}>
                <QuestionText question={q} />
              </li>
            ))}
          </Stack>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              size="small"
              startIcon={<AddIcon />}
              disabled={!result.drawn}
              onClick={() => {
                onAdd(result.questions.filter((q) => !picked.some((p) => p.id === q.id)).map(({ id, title, questionType, complexity }) => ({ id, title, questionType, complexity })));
                setResult(null);
              }}
            >
              {translate('app.testWizard.addDrawn', { smart_count: result.drawn })}
            </Button>
            <Button size="small" onClick={draw} disabled={busy}>
              {translate('app.testWizard.drawAgain')}
            </Button>
            <Button size="small" color="inherit" onClick={() => setResult(null)}>
              {translate('app.testWizard.discardDrawn')}
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 2: settings

function SettingsStep({ draft, change, errors }: { draft: TestDraft; change: (patch: Partial<TestDraft>) => void; errors: Errors }) {
  const translate = useTranslate();
  const message = useMessage();
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string | undefined>();

  function addTag() {
    const value = tag.trim();
    if (!value) return;
    if (draft.tags.includes(value)) return setTag('');
    const tags = [...draft.tags, value];
    const checked = testSchema.shape.tags.safeParse(tags);
    if (!checked.success) return setTagError(checked.error.issues[0]?.message);
    setTagError(undefined);
    setTag('');
    change({ tags });
  }
  const onTagKey = (e: KeyboardEvent) => {
    // Enter also confirms an input method's suggestion (most Hindi typing): that is not a tag yet.
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      addTag();
    }
  };
  const tagMessage = message(tagError ?? errors.tags);

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <TextField
        select
        label={translate('app.testWizard.duration')}
        value={draft.durationSeconds}
        onChange={(e) => change({ durationSeconds: Number(e.target.value) })}
        error={!!errors.durationSeconds}
        helperText={message(errors.durationSeconds)}
        sx={{ maxWidth: 240 }}
      >
        {DURATION_CHOICES.map((seconds) => (
          <MenuItem key={seconds} value={seconds}>
            {translate('app.tests.minutes', { smart_count: seconds / 60 })}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={translate('app.testWizard.tags')}
            value={tag}
            onChange={(e) => {
              setTag(e.target.value);
              setTagError(undefined);
            }}
            onKeyDown={onTagKey}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: MAX_TAG_LENGTH } }}
            error={!!tagMessage}
            helperText={tagMessage ?? translate('app.testWizard.tagHelp', { max: MAX_TAGS, count: draft.tags.length })}
          />
          <Button variant="outlined" onClick={addTag} sx={{ flexShrink: 0, mt: 0.25 }}>
            {translate('app.testWizard.addTag')}
          </Button>
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }} aria-label={translate('app.testWizard.tags')} role="list">
          {draft.tags.map((t) => (
            // The chip keeps its own button role (it can be deleted); the list item wraps it.
            <Box component="span" role="listitem" key={t}>
              <Chip
                label={t}
                onDelete={() => {
                  setTagError(undefined);
                  change({ tags: draft.tags.filter((x) => x !== t) });
                }}
              />
            </Box>
          ))}
        </Box>
      </Box>
      <FormControlLabel control={<Switch checked={draft.shuffle} onChange={(e) => change({ shuffle: e.target.checked })} />} label={translate('app.testWizard.shuffle')} />
      <TextField
        type="number"
        label={translate('app.testWizard.candidateDraw')}
        value={draft.drawCount ?? ''}
        onChange={(e) => change({ drawCount: e.target.value === '' ? null : Number(e.target.value) })}
        slotProps={{ htmlInput: { min: 1, max: draft.questions.length || undefined, step: 1 } }}
        error={!!errors.drawCount}
        helperText={message(errors.drawCount) ?? translate('app.testWizard.candidateDrawHelp', { smart_count: draft.questions.length })}
        sx={{ maxWidth: 320 }}
      />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 3: review

function Review({ draft, skillLabel }: { draft: TestDraft; skillLabel: string }) {
  const translate = useTranslate();
  const { languageName } = useFormat();
  const t = (key: string) => translate(`app.testWizard.${key}`);
  const rows: [string, ReactNode][] = [
    [t('name'), draft.name.trim()],
    [t('description'), draft.description.trim() || '—'],
    ...writtenTranslations(draft.translations).map((tr): [string, ReactNode] => [translate('app.nameTranslations.name', { language: languageName(tr.language) }), tr.name]),
    [t('category'), translate(`app.enums.category.${draft.category}`)],
    [t('primarySkill'), skillLabel],
    [t('duration'), translate('app.tests.minutes', { smart_count: draft.durationSeconds / 60 })],
    [
      t('tags'),
      draft.tags.length ? (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {draft.tags.map((tag) => (
            <Chip key={tag} size="small" label={tag} />
          ))}
        </Box>
      ) : (
        '—'
      ),
    ],
    [t('shuffle'), translate(draft.shuffle ? 'ra.boolean.true' : 'ra.boolean.false')],
    [t('candidateDraw'), draft.drawCount ? translate('app.tests.questions', { smart_count: draft.drawCount }) : t('allQuestions')],
  ];
  return (
    <Stack spacing={2}>
      <SummaryList rows={rows} />
      <Divider />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.testWizard.chosen')} ({draft.questions.length})
      </Typography>
      <Stack component="ol" spacing={0.5} sx={{ pl: 3, m: 0 }}>
        {draft.questions.map((q) => (
          <li key={q.id}>
            <QuestionText question={q} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
