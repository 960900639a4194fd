/**
 * Item statistics as the question reports and a test's statistics show them: each figure with its
 * sample size, a "too small" mark under 30 attempts, and the flags of src/domain/itemStatistics.ts.
 */
import FlagIcon from '@mui/icons-material/Flag';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isTooSmall, LOW_EFFICIENCY, MIN_SAMPLE_SIZE, type ItemFigures, type ItemFlag, type QuestionTestStatistics } from '../../domain/itemStatistics';
import { useFormat } from '../../i18n/useFormat';

/** Figures as the pages write them: percentages and indexes with one decimal, other figures with two; "—" for none. */
export function useFigureFormat() {
  const { number } = useFormat();
  const text = (value: number | null, digits: number, suffix = '') => (value == null ? '—' : `${number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits })}${suffix}`);
  return {
    percent: (value: number | null) => text(value, 1, '%'),
    index: (value: number | null) => text(value, 1),
    decimal: (value: number | null) => text(value, 2),
    count: (value: number) => number(value),
  };
}

/** "n = 12", marked as too small under 30 attempts. */
export function SampleSize({ n }: { n: number }) {
  const translate = useTranslate();
  const { count } = useFigureFormat();
  const small = isTooSmall(n);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Typography variant="body2" component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {translate('app.itemStatistics.sampleSize', { n: count(n) })}
      </Typography>
      {small && (
        <Tooltip title={translate('app.itemStatistics.tooSmallHelp', { min: MIN_SAMPLE_SIZE })}>
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<WarningAmberIcon />}
            label={translate('app.itemStatistics.tooSmall')}
            aria-label={translate('app.itemStatistics.tooSmallHelp', { min: MIN_SAMPLE_SIZE })}
          />
        </Tooltip>
      )}
    </Stack>
  );
}

/** Why a question needs a look, one chip per flag. */
export function ItemFlagChips({ flags }: { flags: readonly ItemFlag[] }) {
  const translate = useTranslate();
  if (!flags.length) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {flags.map((flag) => (
        <Chip key={flag} size="small" color="error" icon={<FlagIcon />} label={translate(`app.itemStatistics.flags.${flag}`, { min: LOW_EFFICIENCY })} />
      ))}
    </Stack>
  );
}

export const FIGURES = ['facility', 'standardDeviation', 'discrimination', 'efficiency'] as const;

/** One figure's text: percentages for facility, SD and efficiency; an index (−100 to 100) for discrimination. */
export function useFigureText() {
  const format = useFigureFormat();
  return (figure: (typeof FIGURES)[number], figures: ItemFigures) => (figure === 'discrimination' ? format.index(figures[figure]) : format.percent(figures[figure]));
}

/** A question's figures in each test it was asked in (the question reports' column). */
export function QuestionTestFigures({ statistics }: { statistics: readonly QuestionTestStatistics[] }) {
  const translate = useTranslate();
  const figureText = useFigureText();
  if (!statistics.length) return <>—</>;
  return (
    <Stack spacing={1} sx={{ minWidth: { sm: 240 } }}>
      {statistics.map((s) => (
        <Box key={s.testId} data-testid="item-statistics" aria-label={translate('app.itemStatistics.inTest', { test: s.testName })} role="group">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {s.testName}
            </Typography>
            <SampleSize n={s.sampleSize} />
          </Stack>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 1.5, rowGap: 0, '& dd': { m: 0, fontVariantNumeric: 'tabular-nums', textAlign: 'right' } }}>
            {FIGURES.map((figure) => (
              <Box key={figure} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {translate(`app.itemStatistics.${figure}`)}
                </Typography>
                <Typography component="dd" variant="body2">
                  {figureText(figure, s)}
                </Typography>
              </Box>
            ))}
          </Box>
          <ItemFlagChips flags={s.flags} />
        </Box>
      ))}
    </Stack>
  );
}
