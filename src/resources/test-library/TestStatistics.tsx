/**
 * A test's statistics (the "Statistics" tab of its page, GET /api/tests/:id/statistics): the score
 * distribution as a histogram, the test's figures with Moodle's reading of alpha, and each
 * question's item statistics with flags and sample sizes. Loaded lazily: the chart library comes
 * with it.
 */
import InsightsIcon from '@mui/icons-material/Insights';
import { Alert, Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { isTooSmall, type AlphaReading, type TestStatistics } from '../../domain/itemStatistics';
import { useApi } from '../../providers/useApi';
import { useContainerWidth, visuallyHidden } from '../reports/ReportCharts';
import { EmptyState } from '../shared/EmptyState';
import { QueryState } from '../shared/QueryState';
import { FIGURES, ItemFlagChips, SampleSize, useFigureFormat, useFigureText } from './ItemFigures';

const READING_COLOUR: Record<AlphaReading, 'success' | 'warning' | 'error'> = { SATISFACTORY: 'success', MARGINAL: 'warning', UNSATISFACTORY: 'error' };

/** The score distribution: candidates per tenth of the score, with the same counts as a table for screen readers. */
function Histogram({ statistics }: { statistics: TestStatistics }) {
  const translate = useTranslate();
  const format = useFigureFormat();
  const [ref, width] = useContainerWidth();
  const labels = statistics.histogram.map((b) => `${format.count(b.from)}–${format.count(b.to)}%`);
  const title = translate('app.testStatistics.distribution');
  return (
    <Box component="figure" ref={ref} sx={{ m: 0, width: '100%', minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle1">
        {title}
      </Typography>
      <BarChart
        width={width}
        height={260}
        hideLegend
        skipAnimation
        margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
        xAxis={[{ scaleType: 'band', data: labels, label: translate('app.testStatistics.scoreAxis'), height: 48 }]}
        yAxis={[{ label: translate('app.testStatistics.candidatesAxis'), tickMinStep: 1, width: 48 }]}
        series={[{ data: statistics.histogram.map((b) => b.count), label: translate('app.testStatistics.candidatesAxis') }]}
      />
      <Box component="table" sx={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{translate('app.testStatistics.scoreAxis')}</th>
            <th scope="col">{translate('app.testStatistics.candidatesAxis')}</th>
          </tr>
        </thead>
        <tbody>
          {statistics.histogram.map((b, i) => (
            <tr key={b.from}>
              <th scope="row">{labels[i]}</th>
              <td>{format.count(b.count)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** The test's figures, each with what it means and, for alpha, Moodle's reading. */
function TestFigures({ statistics }: { statistics: TestStatistics }) {
  const translate = useTranslate();
  const format = useFigureFormat();
  const figures: { key: string; value: string }[] = [
    { key: 'mean', value: format.percent(statistics.mean) },
    { key: 'median', value: format.percent(statistics.median) },
    { key: 'standardDeviation', value: format.percent(statistics.standardDeviation) },
    { key: 'skewness', value: format.decimal(statistics.skewness) },
    { key: 'kurtosis', value: format.decimal(statistics.kurtosis) },
    { key: 'alpha', value: format.decimal(statistics.alpha) },
    { key: 'standardError', value: format.percent(statistics.standardError) },
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2 }}>
      {figures.map(({ key, value }) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5 }} data-testid={`figure-${key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`app.testStatistics.${key}`)}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {value}
            {key === 'alpha' && statistics.alphaReading && (
              <Chip
                size="small"
                sx={{ ml: 1, verticalAlign: 'middle' }}
                color={READING_COLOUR[statistics.alphaReading]}
                label={translate(`app.testStatistics.alphaReading.${statistics.alphaReading}`)}
              />
            )}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            {translate(`app.testStatistics.help.${key}`)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** Each question's figures in this test, in the test's order, flagged where Moodle would. */
function QuestionTable({ statistics }: { statistics: TestStatistics }) {
  const translate = useTranslate();
  const figureText = useFigureText();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={translate('app.testStatistics.questions')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.testStatistics.question')}</TableCell>
            <TableCell>{translate('app.itemStatistics.attempts')}</TableCell>
            {FIGURES.map((figure) => (
              <TableCell key={figure} align="right">
                {translate(`app.itemStatistics.${figure}`)}
              </TableCell>
            ))}
            <TableCell>{translate('app.itemStatistics.flagged')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {statistics.questions.map((q) => (
            <TableRow key={q.questionId}>
              <TableCell>
                <Link to={`/questions/${q.questionId}/show`}>{q.title}</Link>
              </TableCell>
              <TableCell>
                <SampleSize n={q.sampleSize} />
              </TableCell>
              {FIGURES.map((figure) => (
                <TableCell key={figure} align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {figureText(figure, q)}
                </TableCell>
              ))}
              <TableCell>
                <ItemFlagChips flags={q.flags} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function TestStatisticsView({ statistics }: { statistics: TestStatistics }) {
  const translate = useTranslate();
  const format = useFigureFormat();
  if (statistics.sampleSize === 0)
    return <EmptyState icon={<InsightsIcon />} title="app.testStatistics.emptyTitle" body="app.testStatistics.emptyBody" />;
  const flagged = statistics.questions.filter((q) => q.flags.length).length;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">{translate('app.testStatistics.basis', { smart_count: statistics.sampleSize, n: format.count(statistics.sampleSize) })}</Typography>
        <SampleSize n={statistics.sampleSize} />
      </Stack>
      {isTooSmall(statistics.sampleSize) && <Alert severity="warning">{translate('app.testStatistics.tooSmall')}</Alert>}
      <Paper sx={{ p: 2 }}>
        <Histogram statistics={statistics} />
      </Paper>
      <TestFigures statistics={statistics} />
      <Typography variant="h6" component="h2">
        {translate('app.testStatistics.questions')}
      </Typography>
      {flagged > 0 && <Alert severity="info">{translate('app.testStatistics.flaggedCount', { smart_count: flagged })}</Alert>}
      <QuestionTable statistics={statistics} />
    </Stack>
  );
}

/** Fetches and shows a test's statistics. */
export default function TestStatisticsPanel({ testId }: { testId: string }) {
  const api = useApi();
  const statistics = useQuery({ queryKey: ['test-statistics', testId], queryFn: () => api.getTestStatistics(testId) });
  return <QueryState query={statistics}>{(data) => <TestStatisticsView statistics={data} />}</QueryState>;
}
