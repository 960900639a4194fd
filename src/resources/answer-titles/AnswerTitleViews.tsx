import { Chip } from '@mui/material';
import { Create, Edit, SearchInput, SimpleForm, TextField, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { DateField } from '../shared/fields';
import { answerTitleSchema } from '../../domain/contentSchemas';
import { ListActions } from '../shared/named';
import { ResponsiveDatagrid, ResponsiveList } from '../shared/ResponsiveList';
import { zodValidate } from '../shared/validation';

function DefaultChip(_props: { source?: string; label?: string }) {
  const record = useRecordContext<{ isDefault: boolean }>();
  const translate = useTranslate();
  return record?.isDefault ? <Chip size="small" color="primary" variant="outlined" label={translate('app.content.default')} /> : null;
}

/** The lines shown above a question's answers. */
export const AnswerTitleList = () => (
  <ResponsiveList filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'label', order: 'ASC' }} actions={<ListActions />}>
    <ResponsiveDatagrid<{ id: string; label: string }> rowClick="edit" bulkActionButtons={false} phone={{ primaryText: (r) => r.label, tertiaryText: () => <DefaultChip /> }}>
      <TextField source="label" />
      <DefaultChip source="isDefault" />
      <DateField source="createdAt" showTime />
    </ResponsiveDatagrid>
  </ResponsiveList>
);

const validate = zodValidate(answerTitleSchema.omit({ isDefault: true }));
const AnswerTitleForm = () => (
  <SimpleForm validate={validate} noValidate>
    <TextInput source="label" fullWidth multiline />
  </SimpleForm>
);

export const AnswerTitleCreate = () => (
  <Create redirect="list">
    <AnswerTitleForm />
  </Create>
);

export const AnswerTitleEdit = () => (
  <Edit mutationMode="pessimistic">
    <AnswerTitleForm />
  </Edit>
);
