/** The pages that end the flow or stop it: thank you, disqualified, expired, a link that does not work, no connection. */
import { Box, Button, Typography } from '@mui/material';
import { TakeApiError } from './api';
import { useTakeI18n } from './i18n';
import { TakeLayout } from './Layout';

export function MessagePage({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  const { t } = useTakeI18n();
  return (
    <TakeLayout title={title} screen={title}>
      <Typography>{text}</Typography>
      {onRetry && (
        <Box sx={{ mt: 3 }}>
          <Button variant="contained" onClick={onRetry}>
            {t('errors.retry')}
          </Button>
        </Box>
      )}
    </TakeLayout>
  );
}

export function ThankYouPage() {
  const { t } = useTakeI18n();
  return <MessagePage title={t('end.thanksTitle')} text={t('end.thanksText')} />;
}

export function DisqualifiedPage() {
  const { t } = useTakeI18n();
  return <MessagePage title={t('end.disqualifiedTitle')} text={t('end.disqualifiedText')} />;
}

export function ExpiredPage() {
  const { t } = useTakeI18n();
  return <MessagePage title={t('errors.expiredTitle')} text={t('end.expiredText')} />;
}

/**
 * A failed load, said plainly: 404 (a link that is not valid), 410 (withdrawn, expired, or an
 * assessment that takes nobody now: the code says which), no connection (with a retry), anything
 * else (with a retry).
 */
export function LoadErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, serverMessage } = useTakeI18n();
  if (error instanceof TakeApiError && error.status === 404) return <MessagePage title={t('errors.notFoundTitle')} text={serverMessage(error)} />;
  if (error instanceof TakeApiError && error.status === 410) {
    const title = error.code === 'linkRevoked' ? t('errors.revokedTitle') : error.code === 'linkExpired' || !error.code ? t('errors.expiredTitle') : t('errors.unavailableTitle');
    return <MessagePage title={title} text={serverMessage(error)} />;
  }
  if (error instanceof TakeApiError && error.status < 500 && error.status !== 429) {
    return <MessagePage title={t('errors.unavailableTitle')} text={serverMessage(error)} />;
  }
  if (error instanceof TakeApiError) return <MessagePage title={t('errors.unavailableTitle')} text={serverMessage(error)} onRetry={onRetry} />;
  return <MessagePage title={t('errors.networkTitle')} text={t('errors.network')} onRetry={onRetry} />;
}
