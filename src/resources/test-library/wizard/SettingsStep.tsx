/** Step 2 of the test wizard: duration, tags, shuffling and how many questions each candidate gets. */
import { Box, Button, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { MAX_TAGS, TEST_DURATION } from '../../../domain/content';
import { testSchema } from '../../../domain/contentSchemas';
import { useMessage, type Errors, type TestDraft } from './shared';

export const DEFAULT_DURATION_SECONDS = 10 * 60;
const DURATION_CHOICES = Array.from(
  { length: (TEST_DURATION.maxSeconds - TEST_DURATION.minSeconds) / TEST_DURATION.stepSeconds + 1 },
  (_, i) => TEST_DURATION.minSeconds + i * TEST_DURATION.stepSeconds,
);
const MAX_TAG_LENGTH = 40;
export function SettingsStep({ draft, change, errors }: { draft: TestDraft; change: (patch: Partial<TestDraft>) => void; errors: Errors }) {
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
