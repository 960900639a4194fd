/**
 * A question's media: text only, an image or a video. The file goes up through a signed URL
 * (GET /api/utils/pre-signed-url, then PUT), and the form keeps the URL it will be read from.
 */
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { RadioButtonGroupInput, useNotify, useTranslate } from 'react-admin';
import { useController, useWatch } from 'react-hook-form';
import { MEDIA_TYPES, type MediaType } from '../../domain/content';
import { translateMessage } from '../../i18n/messages';
import { MEDIA_UPLOADS, uploadFile } from '../../providers/uploads';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** `onUploading` tells the form a file is on its way, so it does not save without it. */
export function MediaInput({ onUploading }: { onUploading?: (busy: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const mediaType = useWatch({ name: 'mediaType' }) as MediaType;
  const { field: url, fieldState } = useController({ name: 'mediaUrl' });
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const currentUpload = useRef<AbortController | null>(null);
  const rule = mediaType === 'TEXT' ? null : MEDIA_UPLOADS[mediaType];

  async function upload(file: File) {
    if (!rule) return;
    if (!(rule.accept as readonly string[]).includes(file.type)) {
      notify('app.questionForm.mediaWrongType', { type: 'error', messageArgs: { types: rule.accept.join(', ') } });
      return;
    }
    if (file.size > rule.maxBytes) {
      notify('app.questionForm.mediaTooLarge', { type: 'error', messageArgs: { mb: megabytes(rule.maxBytes) } });
      return;
    }
    setProgress(0);
    onUploading?.(true);
    const controller = new AbortController();
    currentUpload.current = controller;
    try {
      url.onChange(await uploadFile(file, setProgress, controller.signal));
    } catch (e) {
      if (!controller.signal.aborted) notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      currentUpload.current = null;
      setProgress(null);
      onUploading?.(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Stack spacing={1}>
      <RadioButtonGroupInput
        source="mediaType"
        label={translate('app.questionForm.media')}
        choices={MEDIA_TYPES.map((id) => ({ id, name: `app.questionForm.mediaType.${id}` }))}
        helperText={false}
        // A file of the other kind does not carry over (an image is no video).
        onChange={() => url.onChange(null)}
        disabled={progress !== null}
      />
      {rule && (
        <Box>
          <input ref={input} type="file" hidden accept={rule.accept.join(',')} data-testid="media-file" onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
          <Button variant="outlined" startIcon={<CloudUploadIcon />} disabled={progress !== null} onClick={() => input.current?.click()}>
            {translate(url.value ? 'app.questionForm.replaceMedia' : 'app.questionForm.uploadMedia')}
          </Button>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {translate('app.questionForm.mediaLimit', { mb: megabytes(rule.maxBytes) })}
          </Typography>
          {progress !== null && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
              <LinearProgress variant="determinate" value={progress * 100} sx={{ flex: 1 }} aria-label={translate('app.questionForm.uploading')} />
              <Button size="small" onClick={() => currentUpload.current?.abort()}>
                {translate('ra.action.cancel')}
              </Button>
            </Stack>
          )}
          {fieldState.error?.message && (
            <Typography color="error" variant="caption" role="alert" sx={{ display: 'block' }}>
              {fieldState.error.message}
            </Typography>
          )}
          {url.value && mediaType === 'IMAGE' && <Box component="img" src={url.value} alt={translate('app.questionForm.mediaPreview')} sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, mt: 1, borderRadius: 1 }} />}
          {url.value && mediaType === 'VIDEO' && <Box component="video" src={url.value} controls sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, mt: 1 }} />}
          {url.value && (
            <Button size="small" color="error" onClick={() => url.onChange(null)} sx={{ mt: 0.5 }}>
              {translate('app.questionForm.removeMedia')}
            </Button>
          )}
        </Box>
      )}
    </Stack>
  );
}
