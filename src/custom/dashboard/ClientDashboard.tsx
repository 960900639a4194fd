/**
 * A client's dashboard: its assessments, invitations by status and by month, completion rate, the
 * average band per skill (from the stored scores), the licence balance with its low-credit
 * warning, the candidates per hiring stage on its open jobs, and figures per assessment. Narrowed
 * to one assessment by the dropdown; every figure opens the list behind it.
 */
import { nameIn } from '../../domain/language';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { DASHBOARD_PATHS, FUNNEL_STATUSES, invitationsLink, type ClientDashboard as ClientFigures } from '../../domain/dashboards';
import { useFormat } from '../../i18n/useFormat';
import { ScoreBars, useContainerWidth } from '../../resources/reports/ReportCharts';
import { BandChip } from '../../resources/reports/bands';
import { useStageLabel } from '../../resources/jobs/labels';
import { Empty, Figure, figureLine, Figures, LoadFailed, Loading, MonthChart, QueryTable, RangeFilter, Section, useDashboardQuery, useDashboardRange } from './DashboardParts';

/** `clientId`: the client provider staff picked; a client's own users leave it out (the server knows theirs). */
export function ClientDashboard({ clientId }: { clientId?: string }) {
  const translate = useTranslate();
  const { number, language } = useFormat();
  const rangeState = useDashboardRange();
  const { range } = rangeState;
  const [assessmentId, setAssessmentId] = useState('');
  const params = { from: range.from, to: range.to, assessmentId: assessmentId || undefined, clientId };
  const query = useDashboardQuery('getClientFigures', params);
  const options = useDashboardQuery('getDashboardAssessments', { clientId });
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.dashboards.${key}`, options);
  // The lists behind the figures, narrowed as the figures are (staff see every client's rows there).
  const narrowed = { ...(clientId ? { clientId } : {}), ...(assessmentId ? { assessmentId } : {}) };
  // Credits are ordered for an assessment: the one chosen, or from the assessments list.
  const orderTo = assessmentId ? `/placeOrder/${assessmentId}` : DASHBOARD_PATHS.assessments;
  const data = query.data;
  // Each skill named in the reader's language where it has a name in it.
  const skills = (data?.skills ?? []).map((s) => ({ ...s, name: nameIn(s, language).name }));

  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t(clientId ? 'clientTitleForStaff' : 'clientTitle')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField select size="small" label={t('client.assessment')} value={assessmentId} onChange={(e) => setAssessmentId(e.target.value)} sx={{ minWidth: 220 }}>
          <MenuItem value="">{t('client.allAssessments')}</MenuItem>
          {(options.data ?? []).map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <RangeFilter state={rangeState} />
      </Box>
      {query.error ? (
        <LoadFailed error={query.error} retry={() => query.refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          {data.licences.low && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button component={Link} to={orderTo} size="small">
                  {t('actions.order')}
                </Button>
              }
            >
              {t('client.low', { smart_count: data.licences.remaining })}
            </Alert>
          )}
          <Section id="invitations" title={t('sections.invitations')}>
            <Figures>
              <Figure label={t('client.assessments')} value={number(data.assessments.total)} help={`${t('client.activeAssessments')}: ${number(data.assessments.active)}`} to={DASHBOARD_PATHS.assessments} />
              <Figure label={t('status.total')} value={number(data.invitations.total)} to={invitationsLink(range, narrowed)} />
              {FUNNEL_STATUSES.filter((s) => s !== 'DISQUALIFIED' || data.invitations.DISQUALIFIED > 0).map((s) => (
                <Figure key={s} label={t(`status.${s}`)} value={number(data.invitations[s])} to={invitationsLink(range, { ...narrowed, status: s })} />
              ))}
              <Figure
                label={t('client.completionRate')}
                value={data.completionRate === null ? '—' : `${number(data.completionRate, { maximumFractionDigits: 1 })}%`}
                help={t('client.completionHelp')}
                to={invitationsLink(range, { ...narrowed, status: 'COMPLETED' })}
              />
            </Figures>
            {data.invitations.total === 0 ? (
              <Empty text={t('empty.invitationsClient')} action={{ label: t('actions.invite'), to: '/assessment/invite-candidate' }} />
            ) : (
              <MonthChart
                label={t('sections.months')}
                months={data.months}
                series={[
                  { key: 'invited', label: t('status.total') },
                  { key: 'completed', label: t('status.COMPLETED') },
                ]}
              />
            )}
          </Section>
          <Section id="licences" title={t('sections.licenceBalance')} note={t('allTime')}>
            {data.licences.validCount === 0 ? (
              <Empty text={t('empty.licences')} action={{ label: t('actions.order'), to: orderTo }} />
            ) : (
              <Figures>
                <Figure label={t('client.credits')} value={number(data.licences.credits)} to={DASHBOARD_PATHS.orders} />
                <Figure label={t('client.used')} value={number(data.licences.used)} to={DASHBOARD_PATHS.orders} />
                <Figure label={t('client.remaining')} value={number(data.licences.remaining)} tone={data.licences.low ? 'warning' : undefined} to={DASHBOARD_PATHS.orders} />
              </Figures>
            )}
          </Section>
          <Section id="skills" title={t('sections.skills')}>
            {data.skills.length === 0 ? (
              <Empty text={t('empty.skills')} />
            ) : (
              <>
                <ScoreBars title={t('sections.skills')} animate={false} bars={skills.map((s) => ({ id: s.id, label: s.name, percent: s.averagePercent, band: s.band }))} />
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
                  {skills.map((s) => (
                    <Box component="li" key={s.id} sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                      <Typography variant="body2">{s.name}</Typography>
                      <BandChip band={s.band} />
                      <Typography variant="caption" color="text.secondary">
                        {t('client.scored', { smart_count: s.scored })}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </>
            )}
          </Section>
          <Section id="stages" title={t('sections.stages')} note={`${t('client.openJobs')}: ${number(data.openJobs)}`}>
            {data.stages.every((s) => s.candidates === 0) ? (
              <Empty text={t('empty.stages')} action={{ label: t('actions.postJob'), to: '/postJob' }} />
            ) : (
              <StageFunnel stages={data.stages} />
            )}
          </Section>
          <AssessmentTable params={params} />
        </>
      )}
    </Box>
  );
}

/** Candidates per stage, in the stages' order, as horizontal bars; the board is one click away. */
function StageFunnel({ stages }: { stages: ClientFigures['stages'] }) {
  const translate = useTranslate();
  const stageLabel = useStageLabel();
  const [ref, width] = useContainerWidth();
  return (
    <Box component="figure" ref={ref} aria-label={translate('app.dashboards.sections.stages')} sx={{ m: 0, width: '100%', minWidth: 0 }}>
      <BarChart
        width={width}
        height={48 + stages.length * 36}
        layout="horizontal"
        skipAnimation
        hideLegend
        yAxis={[{ scaleType: 'band', data: stages.map((s) => stageLabel(s.name)), width: Math.min(160, Math.round(width * 0.35)) }]}
        xAxis={[{ tickMinStep: 1 }]}
        series={[{ id: 'candidates', label: translate('app.dashboards.client.candidates'), data: stages.map((s) => s.candidates) }]}
        margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
      />
      <Button component={Link} to={DASHBOARD_PATHS.jobs} size="small">
        {translate('app.dashboards.client.openJobs')}
      </Button>
    </Box>
  );
}

function AssessmentTable({ params }: { params: Record<string, string | undefined> }) {
  const translate = useTranslate();
  const { number, score } = useFormat();
  const query = useDashboardQuery('getAssessmentFigures', params);
  const t = (key: string) => translate(`app.dashboards.${key}`);
  const candidatesOf = (assessmentId: string) => `/viewcandidatelist/${assessmentId}`;
  return (
    <Section id="assessments" title={t('sections.assessments')}>
      <QueryTable
        query={query}
        empty={<Empty text={t('empty.assessments')} action={{ label: t('actions.invite'), to: '/assessment/invite-candidate' }} />}
        rowKey={(a) => a.id}
        link={(a) => candidatesOf(a.id)}
        columns={[
          { label: t('client.assessment'), cell: (a) => <Link to={candidatesOf(a.id)}>{a.name}</Link> },
          { label: t('client.invited'), figure: true, cell: (a) => number(a.invited) },
          { label: t('client.started'), figure: true, cell: (a) => number(a.started) },
          { label: t('client.completed'), figure: true, cell: (a) => number(a.completed) },
          { label: t('client.expired'), figure: true, cell: (a) => number(a.expired) },
          { label: t('client.averageScore'), figure: true, cell: (a) => (a.averagePercent === null ? '—' : score(a.averagePercent)) },
        ]}
        phone={{
          primary: (a) => a.name,
          secondary: (a) =>
            figureLine([
              [t('client.invited'), number(a.invited)],
              [t('client.started'), number(a.started)],
              [t('client.completed'), number(a.completed)],
              [t('client.expired'), number(a.expired)],
            ]),
          tertiary: (a) => (a.averagePercent === null ? '—' : score(a.averagePercent)),
        }}
      />
    </Section>
  );
}
