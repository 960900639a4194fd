/**
 * Competencies: primary skills (test types, per category) with their secondary skills, band
 * thresholds, and report content per band and language.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Chip, IconButton, MenuItem, Paper, Stack, Tab, Tabs, TextField as MuiTextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  Create,
  Edit,
  Form,
  FunctionField,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Title,
  useCanAccess,
  useGetList,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { useFormat } from '../../i18n/useFormat';
import type { reportContentsSchema, skillRowSchema } from '../../domain/skillAnswers';
import type { NameTranslation } from '../../domain/language';
import { CATEGORY_OF_KIND, DEFAULT_THRESHOLDS, QUESTION_CATEGORIES, RATING_BANDS, TEST_TYPE_KINDS, type BandThresholds, type RatingBand } from '../../domain/content';
import { TEST_TYPE_NAME_LIMITS, testTypeSchema } from '../../domain/contentSchemas';
import { useApi } from '../../providers/useApi';
import { MAX_PAGE_SIZE } from '../../domain/constants';
import { translateMessage } from '../../i18n/messages';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { zodValidate } from '../shared/validation';
import { ContentEditor } from '../shared/ContentEditor';
import { NameTranslationsInput, useOtherLanguages, writtenTranslations } from '../shared/NameTranslations';

const categoryChoices = QUESTION_CATEGORIES.map((id) => ({ id, name: `app.enums.category.${id}` }));

/** A row of GET /api/skills: a primary skill with its sub-skills. */
export type Skill = z.input<typeof skillRowSchema>;

export function SkillList() {
  const translate = useTranslate();
  return (
    <ResponsiveList
      filters={[<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="category" source="category" choices={categoryChoices} />]}
      sort={{ field: 'label', order: 'ASC' }}
      actions={<ListActions />}
    >
      <ResponsiveDatagrid<Skill>
        rowClick={(id) => `/sub-skills/${id}`}
        bulkActionButtons={false}
        phone={{
          primaryText: (r) => r.label,
          secondaryText: (r) => [translate(`app.enums.category.${r.category}`), translate(`app.enums.kind.${r.kind}`), r.subSkills.map((s) => s.label).join(', ')].filter(Boolean).join(' · '),
        }}
      >
        <TextField source="label" />
        <FunctionField source="category" render={(r: Skill) => translate(`app.enums.category.${r.category}`)} />
        <FunctionField source="kind" render={(r: Skill) => translate(`app.enums.kind.${r.kind}`)} />
        <FunctionField
          source="subSkills"
          sortable={false}
          render={(r: Skill) => (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {r.subSkills.map((s) => (
                <Chip key={s.id} size="small" label={s.label} />
              ))}
            </Stack>
          )}
        />
      </ResponsiveDatagrid>
    </ResponsiveList>
  );
}

/** The kinds of test offered for the chosen category. */
function KindInput() {
  const category = useWatch({ name: 'category' }) as string | undefined;
  const kinds = TEST_TYPE_KINDS.filter((k) => !category || CATEGORY_OF_KIND[k] === category);
  return <SelectInput source="kind" choices={kinds.map((id) => ({ id, name: `app.enums.kind.${id}` }))} />;
}

/** The primary skill as it is checked and sent: only the other languages' names that were written. */
const sent = (values: Record<string, unknown>) => ({ ...values, translations: writtenTranslations((values.translations as NameTranslation[] | undefined) ?? []) });
const validateSkill = zodValidate(testTypeSchema);
const validate = (values: Record<string, unknown>) => validateSkill(sent(values));
const SkillForm = () => (
  <SimpleForm validate={validate} noValidate defaultValues={{ category: 'COMPETENCY', kind: 'COMPETENCY', position: 0, translations: [] }}>
    <TextInput source="label" fullWidth />
    <SelectInput source="category" choices={categoryChoices} />
    <KindInput />
    <TextInput source="description" multiline minRows={2} fullWidth />
    <NameTranslationsInput limits={TEST_TYPE_NAME_LIMITS} />
    <NumberInput source="position" min={0} step={1} />
  </SimpleForm>
);

export const SkillCreate = () => (
  <Create transform={sent} redirect={(_resource, id) => `sub-skills/${id}`}>
    <SkillForm />
  </Create>
);

export const SkillEdit = () => (
  <Edit transform={sent} mutationMode="pessimistic" redirect={(_resource, id) => `sub-skills/${id}`}>
    <SkillForm />
  </Edit>
);

/** `/sub-skills/:primarySkillId`: the secondary skills of one primary skill. */
export function SubSkillsPage() {
  const { primarySkillId } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess: canEdit } = useCanAccess({ resource: 'skills', action: 'edit' });
  const api = useApi();
  const { data: skill, refetch, error } = useGetOne<Skill>('skills', { id: primarySkillId ?? '' });
  const [newLabel, setNewLabel] = useState('');
  // Sub-skills are named in every other active language too (reports and dashboards read them).
  const otherLanguages = useOtherLanguages();

  useEffect(() => {
    if (error) notify(translateMessage(translate, (error as Error).message), { type: 'error' });
  }, [error, notify, translate]);

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      await refetch();
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    }
  };

  if (!skill) return null;
  return (
    <Stack spacing={2}>
      <Title title={`${translate('app.nav.competencies')}: ${skill.label}`} />
      <Paper sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip label={`${translate('resources.skills.fields.category')}: ${translate(`app.enums.category.${skill.category}`)}`} color="primary" variant="outlined" />
        <Chip label={`${translate('resources.skills.fields.kind')}: ${translate(`app.enums.kind.${skill.kind}`)}`} variant="outlined" />
        <Box sx={{ flex: 1 }} />
        {canEdit && (
          <Button component={Link} to={`/skills/${skill.id}`}>
            {translate('ra.action.edit')}
          </Button>
        )}
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.content.subSkills')}
        </Typography>
        {skill.subSkills.length === 0 && <Typography color="text.secondary">{translate('app.content.noSubSkills')}</Typography>}
        <Stack spacing={1.5}>
          {skill.subSkills.map((sub) => (
            <SubSkillRow key={sub.id} primarySkillId={skill.id} subSkill={sub} languages={otherLanguages} editable={!!canEdit} onChange={(call) => run(call)} />
          ))}
        </Stack>
        {canEdit && (
          <Box component="form" sx={{ display: 'flex', gap: 1, mt: 2 }} onSubmit={(e) => {
            e.preventDefault();
            if (!newLabel.trim()) return;
            run(() => api.addSubSkill(skill.id, newLabel.trim())).then(() => setNewLabel(''));
          }}>
            <MuiTextField size="small" label={translate('app.content.newSubSkill')} value={newLabel} onChange={(e) => setNewLabel(e.target.value)} />
            <Button type="submit" startIcon={<AddIcon />}>
              {translate('ra.action.add')}
            </Button>
          </Box>
        )}
      </Paper>
    </Stack>
  );
}

const THRESHOLD_KEYS: (keyof BandThresholds)[] = ['high', 'moderateHigh', 'moderate', 'lowModerate'];

function SubSkillRow({
  primarySkillId,
  subSkill,
  languages,
  editable,
  onChange,
}: {
  primarySkillId: string;
  subSkill: Skill['subSkills'][number];
  /** The other languages it may be named in. */
  languages: string[];
  editable: boolean;
  onChange: (call: () => Promise<unknown>) => void;
}) {
  const api = useApi();
  const translate = useTranslate();
  const { languageName } = useFormat();
  const [label, setLabel] = useState(subSkill.label);
  const [names, setNames] = useState<Record<string, string>>(() => Object.fromEntries((subSkill.translations ?? []).map((t) => [t.language, t.name])));
  const translations = Object.entries(names)
    .filter(([, name]) => name.trim())
    .map(([language, name]) => ({ language, name: name.trim(), description: null }));
  const [thresholds, setThresholds] = useState<BandThresholds>(subSkill.thresholds ?? DEFAULT_THRESHOLDS);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
      <MuiTextField size="small" label={translate('resources.skills.fields.label')} value={label} onChange={(e) => setLabel(e.target.value)} disabled={!editable} sx={{ minWidth: 200, flex: 1 }} />
      {languages.map((language) => (
        <MuiTextField
          key={language}
          size="small"
          label={translate('app.nameTranslations.name', { language: languageName(language) })}
          value={names[language] ?? ''}
          onChange={(e) => setNames((n) => ({ ...n, [language]: e.target.value }))}
          disabled={!editable}
          slotProps={{ htmlInput: { lang: language, maxLength: 120 } }}
          sx={{ minWidth: 160, flex: 1 }}
        />
      ))}
      {/* The four thresholds two by two on phones, in a row from sm up. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, 120px)' }, gap: 1, flexBasis: { xs: '100%', sm: 'auto' } }}>
        {THRESHOLD_KEYS.map((key) => (
          <MuiTextField
            key={key}
            size="small"
            type="number"
            label={translate(`app.enums.band.${bandOfThreshold[key]}`)}
            value={thresholds[key]}
            onChange={(e) => setThresholds((t) => ({ ...t, [key]: Number(e.target.value) }))}
            disabled={!editable}
            sx={{ m: 0 }}
            slotProps={{ htmlInput: { min: 0, max: 100 } }}
          />
        ))}
      </Box>
      {editable && (
        <IconButton aria-label={translate('ra.action.save')} onClick={() => onChange(() => api.saveSubSkill(subSkill.id, { label, thresholds, translations }))}>
          <SaveIcon />
        </IconButton>
      )}
      <Button component={Link} to={`/sub-skills/addReportContent/${primarySkillId}/${subSkill.id}`} startIcon={<DescriptionIcon />} size="small">
        {translate('app.content.reportContent')}
      </Button>
      {editable && (
        <IconButton aria-label={translate('ra.action.delete')} onClick={() => window.confirm(translate('app.content.confirmDelete')) && onChange(() => api.deleteSubSkill(primarySkillId, subSkill.id))}>
          <DeleteIcon />
        </IconButton>
      )}
    </Box>
  );
}

const bandOfThreshold: Record<keyof BandThresholds, RatingBand> = { high: 'HIGH', moderateHigh: 'MODERATE_HIGH', moderate: 'MODERATE', lowModerate: 'LOW_MODERATE' };

/** GET .../report-content: the sub-skill and its texts per band and language. */
export type ReportContents = z.input<typeof reportContentsSchema>;

/** `/sub-skills/addReportContent/:primarySkillId/:secondarySkillId`: report text per band and language. */
export function ReportContentPage() {
  const { primarySkillId, secondarySkillId } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const { languageName } = useFormat();
  const api = useApi();
  const [data, setData] = useState<ReportContents | null>(null);
  const { data: languages = [] } = useGetList<{ id: string; label: string; code: string }>('languages', { pagination: { page: 1, perPage: MAX_PAGE_SIZE } });
  const [band, setBand] = useState<RatingBand>('HIGH');
  const [chosenLanguage, setLanguageId] = useState('');
  const languageId = chosenLanguage || languages[0]?.id || '';
  const skillId = primarySkillId ?? '';
  const subSkillId = secondarySkillId ?? '';

  useEffect(() => {
    api
      .getReportContent(skillId, subSkillId)
      .then(setData)
      .catch((e: Error) => notify(translateMessage(translate, e.message), { type: 'error' }));
  }, [api, skillId, subSkillId, notify, translate]);

  if (!data || !languageId) return null;
  const current = data.contents.find((c) => c.band === band && c.languageId === languageId)?.content ?? '';

  async function save(values: { content?: string }) {
    try {
      const saved = await api.saveReportContent(skillId, subSkillId, { band, languageId, content: values.content ?? '' });
      setData((d) => d && { ...d, contents: [...d.contents.filter((c) => !(c.band === band && c.languageId === languageId)), saved] });
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <Title title={`${translate('app.content.reportContent')}: ${data.subSkill.label}`} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <MuiTextField select size="small" label={translate('app.nav.language')} value={languageId} onChange={(e) => setLanguageId(e.target.value)} sx={{ minWidth: 180 }}>
          {languages.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {languageName(l.code, l.label)}
            </MenuItem>
          ))}
        </MuiTextField>
      </Box>
      <Tabs value={band} onChange={(_e, value) => setBand(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {RATING_BANDS.map((b) => (
          <Tab key={b} value={b} label={translate(`app.enums.band.${b}`)} />
        ))}
      </Tabs>
      {/* Keyed so that each band and language gets its own editor state. */}
      <Form key={`${band}-${languageId}`} defaultValues={{ content: current }} onSubmit={save}>
        <ContentEditor source="content" label={false} />
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} sx={{ mt: 2 }}>
          {translate('ra.action.save')}
        </Button>
      </Form>
    </Paper>
  );
}
