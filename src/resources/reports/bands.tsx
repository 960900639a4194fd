/**
 * How bands look in the report: one colour per rating band (the bars of the charts and the chips
 * share it), the development bands of personality tests, and the integrity levels. The band's name
 * is always written beside its colour, so colour is never the only cue.
 */
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DevelopmentBand, RatingBand } from '../../domain/content';
import type { IntegrityLevel } from '../../domain/scoring';

/** Fill and the text colour readable on it (WCAG AA for the chip's 13 px text). */
interface Swatch {
  fill: string;
  text: string;
}

export const BAND_COLOURS: Record<RatingBand, Swatch> = {
  HIGH: { fill: '#1b7a3a', text: '#ffffff' },
  MODERATE_HIGH: { fill: '#7cb342', text: '#1f1f1f' },
  MODERATE: { fill: '#e0b000', text: '#1f1f1f' },
  LOW_MODERATE: { fill: '#e8710a', text: '#1f1f1f' },
  LOW: { fill: '#c0362c', text: '#ffffff' },
};

/** Strength green, balanced blue, needs development amber, the two extremes (overused, neglected) red and grey. */
export const DEVELOPMENT_COLOURS: Record<DevelopmentBand, Swatch> = {
  DERAILER: { fill: '#b3261e', text: '#ffffff' },
  STRENGTH: { fill: '#1b7a3a', text: '#ffffff' },
  BALANCED: { fill: '#1e4fa3', text: '#ffffff' },
  NEEDS_DEVELOPMENT: { fill: '#e0b000', text: '#1f1f1f' },
  NEGLECTED: { fill: '#5f6368', text: '#ffffff' },
};

/** A bar with no band yet (nothing counted): neutral grey. */
export const NO_BAND_COLOUR = '#9e9e9e';

export const INTEGRITY_COLOURS: Record<IntegrityLevel, Swatch> = {
  NO_ISSUES: { fill: '#1b7a3a', text: '#ffffff' },
  SOME_ISSUES: { fill: '#ffb300', text: '#1f1f1f' },
  MAJOR_ISSUES: { fill: '#b3261e', text: '#ffffff' },
};

export function BandChip({ band, size = 'small' }: { band: RatingBand | null; size?: ChipProps['size'] }) {
  const translate = useTranslate();
  if (!band) return <Chip size={size} variant="outlined" label={translate('app.report.noBand')} />;
  const swatch = BAND_COLOURS[band];
  return <Chip size={size} label={translate(`app.enums.band.${band}`)} sx={{ bgcolor: swatch.fill, color: swatch.text, fontWeight: 500, printColorAdjust: 'exact' }} />;
}

export function DevelopmentChip({ band, size = 'small' }: { band: DevelopmentBand | null; size?: ChipProps['size'] }) {
  const translate = useTranslate();
  if (!band) return null;
  const swatch = DEVELOPMENT_COLOURS[band];
  return (
    <Chip
      size={size}
      variant="outlined"
      label={translate(`app.report.developmentBands.${band}`)}
      sx={{ borderColor: swatch.fill, color: 'text.primary', borderWidth: 2, fontWeight: 500, printColorAdjust: 'exact' }}
    />
  );
}

export function IntegrityChip({ level, size = 'small' }: { level: IntegrityLevel; size?: ChipProps['size'] }) {
  const translate = useTranslate();
  const swatch = INTEGRITY_COLOURS[level];
  return <Chip size={size} label={translate(`app.report.integrity.levels.${level}`)} sx={{ bgcolor: swatch.fill, color: swatch.text, fontWeight: 500, printColorAdjust: 'exact' }} />;
}
