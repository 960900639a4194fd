/**
 * The question form's languages: the switcher of specification section 2 (which language the
 * editor shows), a strip that says which languages have text and which are empty with one click to
 * write or remove each, and, after a failed Next or Save, an alert naming the languages still empty.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Alert, AlertTitle, Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { alignAnswerLanguages, type QuestionFormValues } from '../../domain/questionForm';
import { richTextHasContent } from '../../domain/questionSchema';
import { useFormat } from '../../i18n/useFormat';
import { useApi } from '../../providers/useApi';
import { LanguageSwitcher, type LanguageOption } from '../shared/LanguageSwitcher';

/** Read by screen readers, not shown (the chips say the same to the eye). */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** Active languages for content ({_id, label, iconName}), named in the interface language. */
function useContentLanguages(): LanguageOption[] {
  const { languageName } = useFormat();
  const api = useApi();
  const { data } = useQuery({ queryKey: ['content-languages'], queryFn: () => api.getDropdown<Pick<LanguageOption, 'iconName'>>('questionLanguages') });
  return (data ?? []).map((option) => ({ ...option, label: languageName(option._id, option.label) }));
}

/** The language being edited, the languages the question has, and keeping answers in step with them. */
export function useEditedLanguages() {
  const { setValue, getValues, clearErrors } = useFormContext<QuestionFormValues>();
  const options = useContentLanguages();
  const { languageName } = useFormat();
  const details = useWatch<QuestionFormValues, 'detail.langWiseDetail'>({ name: 'detail.langWiseDetail' });
  const editLanguage = useWatch<QuestionFormValues, 'editLanguage'>({ name: 'editLanguage' });
  const languages = details.map((d) => d.language);
  const label = (code: string) => languageName(code, options.find((o) => o._id === code)?.label);
  /** Languages whose detail has no visible text yet. */
  const empty = details.filter((d) => !richTextHasContent(d.detail)).map((d) => d.language);

  function setLanguages(next: string[]) {
    const current = getValues('detail.langWiseDetail');
    // Detail messages are kept by position: a removed language would shift them onto its neighbours.
    clearErrors('detail');
    setValue('detail.langWiseDetail', next.map((language) => current.find((d) => d.language === language) ?? { language, detail: '' }), { shouldDirty: true });
    setValue('answers', alignAnswerLanguages(getValues('answers'), next), { shouldDirty: true });
  }
  /** Picking a language the question does not have yet adds it. */
  const onPick = (code: string) => {
    if (!languages.includes(code)) setLanguages([...languages, code]);
  };
  const edit = (code: string) => setValue('editLanguage', code);
  const remove = (code: string) => {
    const next = languages.filter((l) => l !== code);
    setLanguages(next);
    if (code === getValues('editLanguage')) setValue('editLanguage', next[0]);
  };
  return { options, languages, empty, editLanguage, index: Math.max(0, languages.indexOf(editLanguage)), label, onPick, edit, remove };
}

/** "Editing in" and the switcher; on the question step, the strip of languages with their state. */
export function LanguageBar({ withStrip = false, flagged = [] }: { withStrip?: boolean; flagged?: string[] }) {
  const translate = useTranslate();
  const { options, languages, label, onPick } = useEditedLanguages();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.questionForm.editingIn')}
      </Typography>
      <LanguageSwitcher source="editLanguage" options={options} flagged={flagged} onPick={onPick} />
      {withStrip ? (
        <LanguageStrip />
      ) : (
        <Typography variant="caption" color="text.secondary">
          {translate('app.questionForm.questionLanguages', { languages: languages.map(label).join(', ') })}
        </Typography>
      )}
    </Stack>
  );
}

/** Each language of the question: its name and state (has text / empty), a click to write it, and ✕ to remove it. */
function LanguageStrip() {
  const translate = useTranslate();
  const { languages, empty, editLanguage, label, edit, remove } = useEditedLanguages();
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <span id={labelId} style={visuallyHidden}>
        {translate('app.questionForm.questionLanguages', { languages: languages.map(label).join(', ') })}
      </span>
      {languages.map((code) => {
        const filled = !empty.includes(code);
        const current = code === editLanguage;
        return (
          <Box
            key={code}
            data-testid="language-chip"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              border: 1,
              borderColor: current ? 'primary.main' : 'divider',
              bgcolor: current ? 'action.selected' : 'transparent',
              borderRadius: 4,
              pr: languages.length > 1 ? 0.25 : 0,
            }}
          >
            <Button
              size="small"
              color="inherit"
              aria-pressed={current}
              title={translate('app.questionForm.writeLanguage', { language: label(code) })}
              onClick={() => edit(code)}
              startIcon={filled ? <CheckCircleIcon color="success" /> : <RadioButtonUncheckedIcon color="disabled" />}
              sx={{ textTransform: 'none', borderRadius: 4, px: 1.25 }}
            >
              {label(code)}{' '}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
                {translate(filled ? 'app.questionForm.hasText' : 'app.questionForm.noText')}
              </Typography>
            </Button>
            {languages.length > 1 && (
              <IconButton size="small" aria-label={translate('app.questionForm.removeLanguage', { language: label(code) })} title={translate('app.questionForm.removeLanguage', { language: label(code) })} onClick={() => remove(code)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** After a failed Next or Save: the languages still without text, each with Write and Remove. */
export function EmptyLanguagesAlert() {
  const translate = useTranslate();
  const { languages, empty, label, edit, remove } = useEditedLanguages();
  if (!empty.length) return null;
  const names = empty.map(label).join(', ');
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="empty-languages">
      <AlertTitle>{translate('app.questionForm.emptyLanguages', { smart_count: empty.length, languages: names })}</AlertTitle>
      {translate(languages.length > empty.length ? 'app.questionForm.emptyLanguagesHelp' : 'app.questionForm.allLanguagesEmptyHelp')}
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {empty.map((code) => (
          <Stack component="li" key={code} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ minWidth: 96, fontWeight: 600 }}>
              {label(code)}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => edit(code)} aria-label={translate('app.questionForm.writeLanguage', { language: label(code) })}>
              {translate('app.questionForm.write')}
            </Button>
            {languages.length > 1 && (
              <Button size="small" color="error" onClick={() => remove(code)} aria-label={translate('app.questionForm.removeLanguage', { language: label(code) })}>
                {translate('app.questionForm.remove')}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
