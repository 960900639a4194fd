/** A licence's state and its credits as the list and the page show them. */
import { Box, Chip, LinearProgress, Typography, type ChipProps } from '@mui/material';
import { useTranslate, type TranslateFunction } from 'react-admin';
import type { LicenceState } from '../../domain/business';
import type { LicenceRow } from './api';

const STATE_COLOURS: Record<LicenceState, ChipProps['color']> = { UPCOMING: 'info', VALID: 'success', EXHAUSTED: 'warning', EXPIRED: 'default', REVOKED: 'error' };

export function LicenceStateChip({ state }: { state: LicenceState }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATE_COLOURS[state]} label={translate(`app.licences.states.${state}`)} />;
}

type Credits = Pick<LicenceRow, 'credits' | 'used' | 'remaining' | 'lapsed' | 'state'>;

/** "12 of 50 left"; on a licence that expired or was revoked, "12 of 50 expired unused". */
export function creditsText(translate: TranslateFunction, { credits, remaining, lapsed, state }: Credits): string {
  if (lapsed > 0) return translate(state === 'REVOKED' ? 'app.licences.revokedUnused' : 'app.licences.expiredUnused', { lapsed, credits });
  return translate('app.licences.remainingOf', { remaining, credits });
}

/** The credits in words over a bar of what is used; greyed once none can be spent any more. */
export function CreditsBar(licence: Credits) {
  const translate = useTranslate();
  const { credits, used, remaining, state } = licence;
  const share = credits > 0 ? Math.min(100, (100 * used) / credits) : 0;
  const label = creditsText(translate, licence);
  const over = state === 'EXPIRED' || state === 'REVOKED';
  return (
    <Box sx={{ minWidth: 120, color: over ? 'text.disabled' : undefined }}>
      <Typography variant="body2" color={over ? 'text.secondary' : undefined}>
        {label}
      </Typography>
      <LinearProgress variant="determinate" value={share} aria-label={label} color={over ? 'inherit' : remaining === 0 ? 'warning' : 'primary'} sx={{ height: 6, borderRadius: 3 }} />
    </Box>
  );
}
