/**
 * 2 to 4 candidates of one assessment side by side, from their stored scores: their scores per skill
 * on one chart (a series per candidate), then a column each with the overall score and band,
 * percentile, integrity, each test's and each skill's score and band, and a link to the report.
 * Columns side by side on wide screens; stacked on phones. Its own lazy chunk (the chart library).
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DevelopmentBand, RatingBand } from '../../domain/content';
import { useFormat } from '../../i18n/useFormat';
import { useApi } from '../../providers/useApi';
import { retryUnlessAnswered } from '../../providers/queryClient';
import { BandChip, DevelopmentChip, IntegrityChip } from '../reports/bands';
import { useContainerWidth, visuallyHidden } from '../reports/ReportCharts';
import { REPORT_PATHS } from '../../domain/printing';
import type { Comparison } from './comparison';
import { QueryState } from '../shared/QueryState';
import { InvitationStatusChip } from './InvitationStatus';

const t = (key: string) => `app.comparison.${key}`;
type Candidate = Comparison['candidates'][number];

export function useComparison(assessmentId: string, ids: readonly string[]) {
  const api = useApi();
  return useQuery({
    queryKey: ['comparison', assessmentId, ids.join(',')],
    enabled: ids.length > 0,
    queryFn: () => api.compareCandidates(assessmentId, ids),
    retry: retryUnlessAnswered,
  });
}

/** The candidates' scores per skill as grouped horizontal bars, one series (colour) per candidate, with a table for screen readers. */
function SkillChart({ comparison }: { comparison: Comparison }) {
  const translate = useTranslate();
  const { score } = useFormat();
  const [ref, width] = useContainerWidth();
  const { skills, candidates } = comparison;
  const title = translate(t('skillsChart'));
  if (!skills.length)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {translate(t('noSkills'))}
      </Typography>
    );
  const percentOf = (candidate: Candidate, skillId: string) => candidate.skillScores.find((s) => s.skillId === skillId)?.percent ?? null;
  const text = (value: number | null) => (value === null ? '—' : score(value));
  // Each skill a group of one bar per candidate, and room for the legend.
  const height = 90 + skills.length * (candidates.length * 18 + 16);
  const axisWidth = Math.min(200, Math.max(90, Math.round(width * 0.3)));
  return (
    <Box component="figure" ref={ref} sx={{ m: 0, width: '100%', minWidth: 0 }} aria-label={title}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      <BarChart
        width={width}
        height={height}
        layout="horizontal"
        margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
        grid={{ vertical: true }}
        yAxis={[{ scaleType: 'band', data: skills.map((s) => s.label), width: axisWidth }]}
        xAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%`, height: 28 }]}
        series={candidates.map((c) => ({
          id: c.id,
          label: c.candidateName,
          data: skills.map((s) => percentOf(c, s.id)),
          valueFormatter: (value: number | null) => text(value),
        }))}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
      />
      <Box component="table" sx={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{translate(t('skill'))}</th>
            {candidates.map((c) => (
              <th key={c.id} scope="col">
                {c.candidateName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {skills.map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.label}</th>
              {candidates.map((c) => (
                <td key={c.id}>{text(percentOf(c, s.id))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** One line of a candidate's column: what, then the figure and its chips. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.5, minHeight: 32 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>{children}</Box>
    </Box>
  );
}

function Figure({ percent, band, development }: { percent: number | null; band: RatingBand | null; development?: DevelopmentBand | null }) {
  const { score } = useFormat();
  if (percent === null) return <Typography variant="body2">—</Typography>;
  return (
    <>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {score(percent)}
      </Typography>
      <BandChip band={band} />
      {development ? <DevelopmentChip band={development} /> : null}
    </>
  );
}

function CandidateColumn({ candidate, comparison }: { candidate: Candidate; comparison: Comparison }) {
  const translate = useTranslate();
  const { rank } = useFormat();
  const scored = candidate.percent !== null || candidate.integrity !== null;
  const byTest = new Map(candidate.testScores.map((c) => [c.testId, c]));
  const bySkill = new Map(candidate.skillScores.map((s) => [s.skillId, s]));
  return (
    <Card variant="outlined" component="section" aria-label={candidate.candidateName} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {candidate.candidateName}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
          {candidate.candidateEmail}
        </Typography>
        <InvitationStatusChip row={candidate} />
        <Divider sx={{ my: 1.5 }} />
        {!scored ? (
          <Typography variant="body2" color="text.secondary">
            {translate(t('notScored'))}
          </Typography>
        ) : (
          <>
            <Line label={translate(t('overall'))}>
              <Figure percent={candidate.percent} band={candidate.band} />
            </Line>
            <Line label={translate(t('percentile'))}>
              <Typography variant="body2">
                {candidate.percentile === null
                  ? '—'
                  : translate(t('percentileOf'), { value: rank(candidate.percentile), smart_count: comparison.scoredCount })}
              </Typography>
            </Line>
            <Line label={translate(t('integrity'))}>{candidate.integrity ? <IntegrityChip level={candidate.integrity} /> : '—'}</Line>
            {candidate.complete === false && (
              <Alert severity="warning" variant="outlined" sx={{ my: 1, py: 0 }}>
                {translate(t('provisional'))}
              </Alert>
            )}
            {comparison.tests.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5 }}>
                  {translate(t('tests'))}
                </Typography>
                {comparison.tests.map((test) => (
                  <Line key={test.id} label={test.name}>
                    <Figure percent={byTest.get(test.id)?.percent ?? null} band={byTest.get(test.id)?.band ?? null} />
                  </Line>
                ))}
              </>
            )}
            {comparison.skills.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5 }}>
                  {translate(t('skills'))}
                </Typography>
                {comparison.skills.map((skill) => {
                  const s = bySkill.get(skill.id);
                  return (
                    <Line key={skill.id} label={skill.label}>
                      <Figure percent={s?.percent ?? null} band={s?.band ?? null} development={s?.developmentBand} />
                    </Line>
                  );
                })}
              </>
            )}
          </>
        )}
        <Button
          component={Link}
          to={REPORT_PATHS.report(candidate.id)}
          size="small"
          startIcon={<OpenInNewIcon />}
          aria-label={translate(t('openReportOf'), { name: candidate.candidateName })}
          sx={{ mt: 1.5 }}
        >
          {translate(t('openReport'))}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The comparison of some candidates (by invitation id) of one assessment. */
export default function CandidateComparison({ assessmentId, ids }: { assessmentId: string; ids: readonly string[] }) {
  const comparison = useComparison(assessmentId, ids);
  return <QueryState query={comparison}>{(data) => <ComparisonView data={data} />}</QueryState>;
}

/** The candidates' skills on one chart, then side by side. */
function ComparisonView({ data }: { data: Comparison }) {
  const columns = data.candidates.length;
  return (
    <Stack spacing={3}>
      <SkillChart comparison={data} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          // Side by side from `md` (two by two between `sm` and `md`); one under another on phones.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `repeat(${Math.min(2, columns)}, minmax(0, 1fr))`, md: `repeat(${columns}, minmax(0, 1fr))` },
        }}
      >
        {data.candidates.map((candidate) => (
          <CandidateColumn key={candidate.id} candidate={candidate} comparison={data} />
        ))}
      </Box>
    </Stack>
  );
}
