/** The assessment wizard's pickers: a searchable pool beside the ordered list of what was picked. */
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { QUESTION_CATEGORIES } from '../../../domain/content';
import { useFormat } from '../../../i18n/useFormat';
import { request } from '../../../providers/httpClient';
import { ReorderButtons } from '../../shared/ReorderButtons';
import { useDropdown } from '../../shared/useDropdown';
import { useSettled } from '../../shared/useSettled';
import { LIBRARY_TESTS_URL, type QuestionTitle, type TestSummary } from '../api';

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
export function QuestionPool({ picked, onToggle, url, filter, label, empty }: PoolProps<QuestionTitle> & { url: string; filter: Record<string, unknown>; label: string; empty: string }) {
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
