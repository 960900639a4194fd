import { Alert } from '@mui/material';
import { TakeApiError } from './api';
import { useTakeI18n } from './i18n';

/** A failure from the server inside a screen (not a whole page), worded by its code. */
export function ServerAlert({ error }: { error: unknown }) {
  const { t, serverMessage } = useTakeI18n();
  if (!error) return null;
  const text = error instanceof TakeApiError ? serverMessage(error) : t('errors.network');
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {text}
    </Alert>
  );
}
