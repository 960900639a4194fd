/** Languages of question content, and each language's content record (key → text). */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Paper, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  BooleanField,
  BooleanInput,
  Create,
  Edit,
  FunctionField,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  Title,
  useNotify,
  useTranslate,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { languageSchema } from '../../domain/contentSchemas';
import { useApi } from '../../providers/useApi';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { LanguageIcon } from '../shared/LanguageSwitcher';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { zodValidate } from '../shared/validation';

interface Language {
  id: string;
  code: string;
  label: string;
  isActive: boolean;
}

/** The language's icon and its name in the interface language (the stored name for codes Intl does not know). */
function LanguageNameField(_props: { source: string }) {
  const record = useRecordContext<Language>();
  const { languageName } = useFormat();
  if (!record) return null;
  const name = languageName(record.code, record.label);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <LanguageIcon option={{ _id: record.code, label: name }} />
      <span>{name}</span>
      {name !== record.label && (
        <Typography component="span" variant="body2" color="text.secondary">
          ({record.label})
        </Typography>
      )}
    </Stack>
  );
}

export function LanguageList() {
  const translate = useTranslate();
  const { languageName } = useFormat();
  return (
    <ResponsiveList filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'createdAt', order: 'ASC' }} actions={<ListActions />}>
      {/* The language as the question form shows it: its icon and its name; code and icon name on demand. */}
      <ResponsiveDatagrid<Language>
        rowClick="edit"
        bulkActionButtons={false}
        omit={['code', 'iconName']}
        phone={{
          primaryText: (r) => languageName(r.code, r.label),
          secondaryText: (r) => `${r.code} · ${translate('resources.languages.fields.isActive')}: ${translate(r.isActive ? 'ra.boolean.true' : 'ra.boolean.false')}`,
        }}
      >
        <LanguageNameField source="label" />
        <TextField source="code" />
        <TextField source="iconName" />
        <BooleanField source="isActive" />
        <FunctionField
          source="content"
          sortable={false}
          render={(record: { id: string }) => (
            <Button component={Link} to={`/languages/languageContent/${record.id}`} size="small" onClick={(e) => e.stopPropagation()}>
              {translate('app.content.languageContent')}
            </Button>
          )}
        />
      </ResponsiveDatagrid>
    </ResponsiveList>
  );
}

const validate = zodValidate(languageSchema);
const LanguageForm = () => (
  <SimpleForm validate={validate} noValidate defaultValues={{ isActive: true }}>
    <TextInput source="code" />
    <TextInput source="label" />
    <TextInput source="iconName" />
    <BooleanInput source="isActive" />
  </SimpleForm>
);

export const LanguageCreate = () => (
  <Create redirect="list">
    <LanguageForm />
  </Create>
);

/** The way to a language's content from its page too (phone rows have no room for the list's button). */
function LanguageEditActions() {
  const record = useRecordContext<Language>();
  const translate = useTranslate();
  return (
    <TopToolbar>
      {record && (
        <Button component={Link} to={`/languages/languageContent/${record.id}`} size="small">
          {translate('app.content.languageContent')}
        </Button>
      )}
    </TopToolbar>
  );
}

export const LanguageEdit = () => (
  <Edit mutationMode="pessimistic" actions={<LanguageEditActions />}>
    <LanguageForm />
  </Edit>
);

interface ContentRow {
  key: string;
  text: string;
}

/** `/languages/languageContent/:languageId`: the texts shown to candidates in this language. */
export function LanguageContentPage() {
  const { languageId } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const { languageName } = useFormat();
  const api = useApi();
  const [language, setLanguage] = useState<{ label: string; code: string } | null>(null);
  const [rows, setRows] = useState<ContentRow[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api
      .getLanguageContent(languageId ?? '')
      .then((answer) => {
        setLanguage(answer);
        setRows(Object.entries(answer.content).map(([key, text]) => ({ key, text })));
      })
      .catch((error) => notify(translateMessage(translate, (error as Error).message), { type: 'error' }));
  }, [api, languageId, notify, translate]);

  const update = (index: number, change: Partial<ContentRow>) => setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));

  async function save() {
    setSaving(true);
    try {
      const content = Object.fromEntries(rows.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.text]));
      await api.saveLanguageContent(languageId ?? '', content);
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
    } catch (error) {
      notify(translateMessage(translate, (error as Error).message), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <Title title={language ? `${translate('app.content.languageContent')}: ${languageName(language.code, language.label)}` : translate('app.content.languageContent')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.content.languageContentHelp')}
      </Typography>
      <Stack spacing={1.5}>
        {rows.map((row, index) => (
          <Box key={index} sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'flex-start' } }}>
            <MuiTextField label={translate('app.content.key')} value={row.key} onChange={(e) => update(index, { key: e.target.value })} sx={{ width: { sm: 240 } }} size="small" />
            <MuiTextField label={translate('app.content.text')} value={row.text} onChange={(e) => update(index, { text: e.target.value })} multiline minRows={1} fullWidth size="small" lang={language?.code} />
            <IconButton aria-label={translate('ra.action.delete')} onClick={() => setRows((all) => all.filter((_, i) => i !== index))}>
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button startIcon={<AddIcon />} onClick={() => setRows((all) => [...all, { key: '', text: '' }])}>
          {translate('ra.action.add')}
        </Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
