/** Step 1 of the test wizard: the primary skill's published questions to pick, one by one or drawn at random. */
import AddIcon from '@mui/icons-material/Add';
import CasinoIcon from '@mui/icons-material/Casino';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate, type HttpError } from 'react-admin';
import type { z } from 'zod';
import { COMPLEXITIES, QUESTION_TYPES, RESPONSE_TYPES_BY_KIND, type TestTypeKind } from '../../../domain/content';
import type { drawResultSchema } from '../../../domain/testLibraryAnswers';
import { useApi } from '../../../providers/useApi';
import { PickList, usePickPool } from '../../shared/PickList';
import { ReorderButtons } from '../../shared/ReorderButtons';
import { useSettled } from '../../shared/useSettled';
import { useDropdown } from '../../shared/useDropdown';
import { useMessage, type QuestionSummary, type TestDraft } from './shared';

interface PoolFilters {
  q: string;
  complexity: string;
  secondarySkill: string;
  questionType: string;
}
const NO_FILTERS: PoolFilters = { q: '', complexity: '', secondarySkill: '', questionType: '' };

export function QuestionsStep({ draft, onChange, error }: { draft: TestDraft; onChange: (questions: QuestionSummary[]) => void; error?: string }) {
  const translate = useTranslate();
  const [filters, setFilters] = useState<PoolFilters>(NO_FILTERS);
  const search = useSettled(filters.q);
  const secondarySkills = useDropdown(draft.primarySkill ? 'subSkills' : null, draft.primarySkill);
  // Only the response types the primary skill takes (specification section 5) are worth filtering by.
  const kind = useDropdown<{ kind: TestTypeKind }>('skills', draft.category).choices.find((c) => c.id === draft.primarySkill)?.kind;
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
export function QuestionText({ question }: { question: QuestionSummary }) {
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

/** The published questions of a primary skill, narrowed by the pool's filters. */
function QuestionPool({ primarySkill, filters, picked, onToggle }: { primarySkill: string; filters: PoolFilters; picked: Set<string>; onToggle: (q: QuestionSummary) => void }) {
  const translate = useTranslate();
  const filter: Record<string, string> = { status: 'PUBLISHED', primarySkill };
  for (const [key, value] of Object.entries(filters)) if (value.trim()) filter[key] = value.trim();
  const pool = usePickPool<QuestionSummary>('questions', filter, 'title');
  return (
    <Box component="section" aria-label={translate('app.testWizard.pool')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('app.testWizard.pool')}
      </Typography>
      <PickList<QuestionSummary>
        label={translate('app.testWizard.pool')}
        pool={pool}
        picked={picked}
        onToggle={(q) => onToggle({ id: q.id, title: q.title, questionType: q.questionType, complexity: q.complexity })}
        renderRow={(q) => <QuestionText question={q} />}
        empty={translate('app.testWizard.noQuestions')}
        maxHeight={420}
      />
    </Box>
  );
}

/** POST /api/tests/draw */
export type DrawResult = z.input<typeof drawResultSchema>;

/** N random published questions from the filtered pool, previewed before they join the test. */
function RandomDraw({ primarySkill, filters, picked, onAdd }: { primarySkill: string; filters: PoolFilters; picked: QuestionSummary[]; onAdd: (q: QuestionSummary[]) => void }) {
  const api = useApi();
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
      setResult(await api.drawQuestions(body));
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
