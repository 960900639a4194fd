/** A campaign's live figures: invited, started, completed as a funnel (horizontal bars), and the average score; the same figures as a table for screen readers. */
import { Box, Paper, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';
import { useContainerWidth, visuallyHidden } from '../reports/ReportCharts';
import type { CampaignRow } from './api';

const STEPS = ['invited', 'started', 'completed'] as const;

export function CampaignFunnel({ campaign }: { campaign: CampaignRow }) {
  const translate = useTranslate();
  const { number, score } = useFormat();
  const [ref, width] = useContainerWidth();
  const counts = { invited: campaign.invitedCount, started: campaign.startedCount, completed: campaign.completedCount };
  const labels = STEPS.map((s) => translate(`app.campaigns.figures.${s}`));
  const title = translate('app.campaigns.funnel');
  const share = (n: number) => (campaign.invitedCount ? Math.round((100 * n) / campaign.invitedCount) : 0);
  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label={title}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 1 }}>
        {STEPS.map((s, i) => (
          <Box key={s} sx={{ minWidth: 110 }}>
            <Typography variant="body2" color="text.secondary">
              {labels[i]}
            </Typography>
            <Typography variant="h5" component="p" data-testid={`figure-${s}`}>
              {number(counts[s])}
            </Typography>
          </Box>
        ))}
        <Box sx={{ minWidth: 110 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.campaigns.figures.averageScore')}
          </Typography>
          <Typography variant="h5" component="p" data-testid="figure-averageScore">
            {campaign.averageScore === null ? '—' : score(campaign.averageScore)}
          </Typography>
        </Box>
      </Stack>
      <Box component="figure" ref={ref} sx={{ m: 0, width: '100%', minWidth: 0 }}>
        <Typography component="figcaption" variant="subtitle1">
          {title}
        </Typography>
        <BarChart
          width={width}
          height={200}
          layout="horizontal"
          hideLegend
          skipAnimation
          margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
          yAxis={[{ scaleType: 'band', data: labels, width: 96 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={[{ data: STEPS.map((s) => counts[s]), label: title, valueFormatter: (v) => (v === null ? '' : `${number(v)} (${share(v)}%)`) }]}
        />
        <Box component="table" sx={visuallyHidden}>
          <caption>{title}</caption>
          <tbody>
            {STEPS.map((s, i) => (
              <tr key={s}>
                <th scope="row">{labels[i]}</th>
                <td>{number(counts[s])}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Paper>
  );
}
