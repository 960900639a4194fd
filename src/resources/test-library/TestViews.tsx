/**
 * The test library: tests of published questions of one test type, and a test's page that
 * previews it as a candidate would see it (in any of its languages, without points) and, on its
 * Statistics tab, shows how candidates scored and how well each question works.
 */
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button as MuiButton, Chip, Menu, MenuItem, Paper, Stack, Tab, Tabs, TextField as MuiTextField, Typography } from '@mui/material';
import { Suspense, useEffect, useState } from 'react';
import { lazy } from '../../lazy';
import {
  AutocompleteInput,
  Button,
  FunctionField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Title,
  useNotify,
  useTranslate,
} from 'react-admin';
import { DateField, NumberField } from '../shared/fields';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { QUESTION_CATEGORIES } from '../../domain/content';
import type { testPreviewSchema } from '../../domain/testLibraryAnswers';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { useApi } from '../../providers/useApi';
import { translateMessage } from '../../i18n/messages';
import { inLanguage } from '../../domain/language';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { useContentLanguageChoices } from '../shared/LanguageSwitcher';
import { Spinner } from '../../custom/layout/Spinner';

// The statistics bring the chart library: loaded when the tab opens.
const TestStatisticsPanel = lazy(() => import('./TestStatistics'));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="category" source="category" choices={QUESTION_CATEGORIES.map((id) => ({ id, name: `app.enums.category.${id}` }))} />,
  <ReferenceInput key="primarySkill" source="primarySkill" reference="skills" perPage={100} sort={{ field: 'label', order: 'ASC' }}>
    <AutocompleteInput optionText="label" />
  </ReferenceInput>,
];

/** "Create test": the category first, then the wizard at /create-test/<category>. */
function CreateTestButton() {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button label="app.testWizard.createTest" aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <AddIcon />
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem disabled divider>
          {translate('app.testWizard.chooseCategory')}
        </MenuItem>
        {QUESTION_CATEGORIES.map((category) => (
          <MenuItem key={category} component={Link} to={`/create-test/${category}`} onClick={() => setAnchor(null)}>
            {translate(`app.enums.category.${category}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function TestListActions() {
  const profile = useProfile();
  return (
    <ListActions>{can(profile, 'TESTS', 'create') && <CreateTestButton />}</ListActions>
  );
}

interface TestRow {
  id: string;
  name: string;
  category: string;
  primarySkillLabel: string | null;
  questionCount: number;
  durationSeconds: number;
}

export function TestList() {
  const translate = useTranslate();
  return (
    <ResponsiveList filters={filters} sort={{ field: 'updatedAt', order: 'DESC' }} actions={<TestListActions />}>
      <ResponsiveDatagrid<TestRow>
        rowClick="show"
        bulkActionButtons={false}
        phone={{
          primaryText: (r) => r.name,
          secondaryText: (r) =>
            [
              translate(`app.enums.category.${r.category}`),
              r.primarySkillLabel,
              translate('app.tests.questions', { smart_count: r.questionCount }),
              translate('app.tests.minutes', { smart_count: r.durationSeconds / 60 }),
            ]
              .filter(Boolean)
              .join(' · '),
        }}
      >
        <FunctionField source="name" render={(r: { name: string }) => r.name} />
        <FunctionField source="category" render={(r: { category: string }) => translate(`app.enums.category.${r.category}`)} />
        <FunctionField source="primarySkillLabel" sortable={false} render={(r: { primarySkillLabel: string }) => r.primarySkillLabel} />
        <NumberField source="questionCount" sortable={false} />
        <FunctionField source="durationSeconds" render={(r: { durationSeconds: number }) => translate('app.tests.minutes', { smart_count: r.durationSeconds / 60 })} />
        <FunctionField
          source="tags"
          sortable={false}
          render={(r: { tags: string[] }) => (
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
              {r.tags.map((t) => (
                <Chip key={t} size="small" label={t} />
              ))}
            </Stack>
          )}
        />
        <DateField source="updatedAt" showTime />
      </ResponsiveDatagrid>
    </ResponsiveList>
  );
}

/** GET /api/tests/:id/preview */
export type Preview = z.input<typeof testPreviewSchema>;

/** `/tests/:id/show`: the test as a candidate would see it; `?tab=statistics` opens its statistics. */
export function TestPreview() {
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'statistics' ? 'statistics' : 'preview';
  const translate = useTranslate();
  const notify = useNotify();
  const profile = useProfile();
  const languages = useContentLanguageChoices();
  const api = useApi();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [language, setLanguage] = useState('en');

  useEffect(() => {
    api
      .previewTest(id ?? '')
      .then(setPreview)
      .catch((e: Error) => notify(translateMessage(translate, (e as Error).message), { type: 'error' }));
  }, [api, id, notify, translate]);

  if (!preview) return null;
  return (
    <Stack spacing={2}>
      <Title title={`${translate('app.tests.preview')}: ${preview.name}`} />
      <Paper sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip label={translate('app.tests.minutes', { smart_count: preview.durationSeconds / 60 })} />
        <Chip label={translate('app.tests.questions', { smart_count: preview.drawCount ?? preview.questionCount })} />
        <Box sx={{ flex: 1 }} />
        {can(profile, 'TESTS', 'edit') && (
          <MuiButton component={Link} to={`/edit-test/${id}`} variant="outlined" startIcon={<EditIcon />}>
            {translate('ra.action.edit')}
          </MuiButton>
        )}
        <MuiTextField select size="small" label={translate('app.nav.language')} value={language} onChange={(e) => setLanguage(e.target.value)} sx={{ minWidth: 160 }}>
          {languages.choices.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </MuiTextField>
      </Paper>
      <Tabs value={tab} onChange={(_, value: string) => setSearch(value === 'statistics' ? { tab: value } : {}, { replace: true })}>
        <Tab value="preview" label={translate('app.tests.preview')} />
        <Tab value="statistics" label={translate('app.testStatistics.tab')} />
      </Tabs>
      {tab === 'statistics' && (
        <Suspense fallback={<Spinner />}>
          <TestStatisticsPanel testId={id!} />
        </Suspense>
      )}
      {tab === 'preview' && preview.description && <Typography color="text.secondary">{preview.description}</Typography>}
      {tab === 'preview' && preview.questions.map((q, n) => (
        <Paper key={q.id} sx={{ p: 2 }} lang={language}>
          <Typography variant="overline">{translate('app.tests.questionNumber', { n: n + 1, total: preview.questions.length })}</Typography>
          {/* Rich text was cleaned by the server's allow-list when it was saved. */}
          <Box sx={{ '& img': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: inLanguage(q.langWiseDetail, language)?.detail ?? '' }} />
          {q.mediaUrl && q.mediaType === 'IMAGE' && <Box component="img" src={q.mediaUrl} alt="" sx={{ maxWidth: '100%', maxHeight: 320 }} />}
          {q.answerTitle && q.answers.length > 0 && <Typography sx={{ mt: 1, fontWeight: 500 }}>{q.answerTitle}</Typography>}
          <Stack component="ol" spacing={0.5} sx={{ pl: 3, mb: 0 }}>
            {q.answers.map((a) => (
              <li key={a.index}>{inLanguage(a.langWiseAnswer, language)?.text}</li>
            ))}
          </Stack>
          {q.coding && q.coding.examples.length > 0 && (
            <Box component="pre" sx={{ bgcolor: 'grey.100', p: 1, borderRadius: 1, overflowX: 'auto' }}>
              {q.coding.examples.map((e) => `${e.input} → ${e.expectedOutput}`).join('\n')}
            </Box>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
