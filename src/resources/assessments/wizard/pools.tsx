/** The assessment wizard's pickers: a searchable pool beside the ordered list of what was picked. */
import { Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { z } from 'zod';
import type { libraryTestRowSchema } from '../../../domain/assessmentAnswers';
import { QUESTION_CATEGORIES, type QuestionType } from '../../../domain/content';
import { useFormat } from '../../../i18n/useFormat';
import { PickList, usePickPool } from '../../shared/PickList';
import { ReorderButtons } from '../../shared/ReorderButtons';
import { useDropdown } from '../../shared/useDropdown';
import { useSettled } from '../../shared/useSettled';
import type { QuestionTitle, TestSummary } from '../api';

interface PoolProps<T> {
  picked: Set<string>;
  onToggle: (item: T) => void;
}

/** A list to pick from (beside) and the ordered list of what was picked, with move up/down and remove. */
export function Picker<T extends { id: string; title?: string; name?: string }>({
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

/** A row of GET /api/library-tests. */
type TestRow = z.input<typeof libraryTestRowSchema>;

/** The test library (its tests hold published questions only), by category, skill and search. */
export function TestPool({ picked, onToggle }: PoolProps<TestSummary>) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.assessmentWizard.${key}`);
  const { number, languageName } = useFormat();
  const [category, setCategory] = useState('');
  const [primarySkill, setPrimarySkill] = useState('');
  const [q, setQ] = useState('');
  const search = useSettled(q.trim());
  const skills = useDropdown(category ? 'skills' : null, category);
  const filter = { ...(category && { category }), ...(primarySkill && { primarySkill }), ...(search && { q: search }) };
  const pool = usePickPool<TestRow>('library-tests', filter, 'name');
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
      <PickList<TestRow>
        label={t('testLibrary')}
        pool={pool}
        picked={picked}
        onToggle={(row) => onToggle({ id: row.id, name: row.name, category: row.category, durationSeconds: row.durationSeconds, questionCount: row.questionCount })}
        renderRow={(row) => (
          <PoolRow
            primary={row.name}
            secondary={[
              row.primarySkillLabel ?? translate(`app.enums.category.${row.category}`),
              translate('app.tests.questions', { smart_count: row.questionCount }),
              translate('app.tests.minutes', { smart_count: number(row.durationSeconds / 60) }),
              (row.languages ?? []).map((l) => languageName(l)).join(', '),
            ]}
          />
        )}
        empty={t('noTests')}
      />
    </Stack>
  );
}

interface QuestionRow {
  id: string;
  title: string;
  questionType: QuestionType;
  primarySkillLabel?: string | null;
}

/** Questions to pick (qualifying questions of the bank, or the client's own custom questions), searchable. */
export function QuestionPool({ picked, onToggle, resource, filter, label, empty }: PoolProps<QuestionTitle> & { resource: 'qualifying-questions' | 'custom-questions'; filter: Record<string, unknown>; label: string; empty: string }) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const search = useSettled(q.trim());
  const pool = usePickPool<QuestionRow>(resource, { ...filter, ...(search && { q: search }) }, 'title');
  return (
    <Stack spacing={1}>
      <TextField size="small" type="search" label={`${translate('app.assessmentWizard.search')}: ${label}`} value={q} onChange={(e) => setQ(e.target.value)} />
      <PickList<QuestionRow>
        label={label}
        pool={pool}
        picked={picked}
        onToggle={(row) => onToggle({ id: row.id, title: row.title, questionType: row.questionType })}
        renderRow={(row) => <PoolRow primary={row.title} secondary={[translate(`app.enums.questionType.${row.questionType}`), row.primarySkillLabel]} />}
        empty={empty}
      />
    </Stack>
  );
}

/** A row to pick: its name, and what tells it apart underneath. */
function PoolRow({ primary, secondary }: { primary: string; secondary: (string | null | undefined)[] }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{primary}</Typography>
      <Typography variant="caption" color="text.secondary">
        {secondary.filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}
