import { Box } from '@mui/material';
import { keyframes } from '@emotion/react';
import { useTakeI18n } from './i18n';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A screen or a part of one that is loading (a lazy chunk, the attempt's state): a plain spinner, lighter than MUI's on the first screen. */
export function Loading({ inline = false }: { inline?: boolean }) {
  const { t } = useTakeI18n();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: inline ? 120 : '60vh' }}>
      <Box
        role="progressbar"
        aria-label={t('app.loading')}
        sx={{ width: 40, height: 40, borderRadius: '50%', border: 4, borderColor: 'primary.main', borderRightColor: 'transparent', animation: `${spin} 0.9s linear infinite` }}
      />
    </Box>
  );
}
