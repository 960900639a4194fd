/**
 * The job form's screening questions (src/domain/careers.ts): asked of everyone who applies on the
 * client's careers page, at most five, each written in English (required) and in Hindi (optional),
 * answered Yes/No or with a short text, required or not; added, removed and put in order with
 * buttons (each named for its question, so a keyboard or a screen reader finds them).
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Card, Checkbox, FormControlLabel, FormHelperText, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { CAREERS_LIMITS, newQuestionId, SCREENING_KINDS, screeningQuestionSchema, type CareersLanguage, type ScreeningKind, type ScreeningQuestion } from '../../domain/careers';

const textIn = (question: ScreeningQuestion, language: CareersLanguage) => question.text.find((t) => t.language === language)?.text ?? '';

/** The question with its words in a language replaced (English first, as stored). */
function withText(question: ScreeningQuestion, language: CareersLanguage, text: string): ScreeningQuestion {
  const others = question.text.filter((t) => t.language !== language);
  const texts = [...others, { language, text }].sort((a, b) => (a.language === 'en' ? -1 : b.language === 'en' ? 1 : 0));
  return { ...question, text: texts };
}

/** Why a question would be refused (the shared schema's sentence), or nothing. */
function problemOf(question: ScreeningQuestion): string | undefined {
  const result = screeningQuestionSchema.safeParse(question);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function ScreeningQuestionsInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput<ScreeningQuestion[]>({ source: 'screeningQuestions', defaultValue: [] });
  const { isSubmitted } = useFormState();
  const questions: ScreeningQuestion[] = Array.isArray(field.value) ? field.value : [];
  const change = (next: ScreeningQuestion[]) => field.onChange(next);
  const update = (index: number, question: ScreeningQuestion) => change(questions.map((q, i) => (i === index ? question : q)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...questions];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    change(next);
  };
  const add = () => change([...questions, { id: newQuestionId(), kind: 'YES_NO', required: true, text: [{ language: 'en', text: '' }] }]);

  return (
    <Box component="section" aria-labelledby="screening-title" sx={{ width: '100%', my: 2 }}>
      <Typography id="screening-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('app.careers.questions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(questions.length ? 'app.careers.questions.help' : 'app.careers.questions.none', { max: CAREERS_LIMITS.questionsMax })}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {questions.map((question, index) => {
          const n = index + 1;
          const problem = isSubmitted ? problemOf(question) : undefined;
          return (
            <Card key={question.id} component="li" variant="outlined" aria-label={translate('app.careers.questions.number', { n })} sx={{ p: 1.5 }}>
              <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
                <Typography variant="subtitle2">{translate('app.careers.questions.number', { n })}</Typography>
                <Stack direction="row">
                  <IconButton size="small" disabled={index === 0} aria-label={translate('app.careers.questions.moveUp', { n })} onClick={() => move(index, -1)}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" disabled={index === questions.length - 1} aria-label={translate('app.careers.questions.moveDown', { n })} onClick={() => move(index, 1)}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={translate('app.careers.questions.remove', { n })} onClick={() => change(questions.filter((_, i) => i !== index))}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Stack>
              </Stack>
              <Stack spacing={1.5}>
                <TextField
                  label={translate('app.careers.questions.english')}
                  value={textIn(question, 'en')}
                  onChange={(e) => update(index, withText(question, 'en', e.target.value))}
                  onBlur={field.onBlur}
                  required
                  fullWidth
                  multiline
                  variant="filled"
                  slotProps={{ htmlInput: { maxLength: CAREERS_LIMITS.questionTextMax, lang: 'en' } }}
                  error={!!problem}
                  helperText={problem ? translate(problem) : undefined}
                />
                <TextField
                  label={translate('app.careers.questions.hindi')}
                  value={textIn(question, 'hi')}
                  onChange={(e) => update(index, withText(question, 'hi', e.target.value))}
                  fullWidth
                  multiline
                  variant="filled"
                  slotProps={{ htmlInput: { maxLength: CAREERS_LIMITS.questionTextMax, lang: 'hi' } }}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
                  <TextField
                    select
                    variant="filled"
                    label={translate('app.careers.questions.kind')}
                    value={question.kind}
                    onChange={(e) => update(index, { ...question, kind: e.target.value as ScreeningKind })}
                    sx={{ minWidth: 200 }}
                  >
                    {SCREENING_KINDS.map((kind) => (
                      <MenuItem key={kind} value={kind}>
                        {translate(`app.careers.questions.kinds.${kind}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <FormControlLabel
                    control={<Checkbox checked={question.required} onChange={(e) => update(index, { ...question, required: e.target.checked })} />}
                    label={translate('app.careers.questions.required')}
                  />
                </Stack>
              </Stack>
            </Card>
          );
        })}
      </Box>
      <Button startIcon={<AddIcon />} onClick={add} disabled={questions.length >= CAREERS_LIMITS.questionsMax} sx={{ mt: 1 }}>
        {translate('app.careers.questions.add')}
      </Button>
      {/* What no single question shows: too many questions, ids given twice. */}
      {fieldState.error?.message && !questions.some(problemOf) && <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText>}
    </Box>
  );
}
