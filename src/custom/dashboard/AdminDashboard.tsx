/**
 * The provider's dashboard: invitations by status and by month, clients (by industry, by zone),
 * licences, orders and revenue, the question bank, and figures per industry. The server leaves out
 * (null) each section the user may not view; every figure opens the list behind it.
 */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { FUNNEL_STATUSES, DASHBOARD_PATHS, invitationsLink, listLink, ordersLink} from '../../domain/dashboards';
import { QUESTION_STATUSES } from '../../domain/content';
import { useFormat } from '../../i18n/useFormat';
import { CountBars, Empty, Figure, figureLine, Figures, LoadFailed, Loading, MonthChart, QueryTable, RangeFilter, Section, useDashboardQuery, useDashboardRange, useMoney } from './DashboardParts';

export function AdminDashboard() {
  const translate = useTranslate();
  const { number } = useFormat();
  const money = useMoney();
  const rangeState = useDashboardRange();
  const { range } = rangeState;
  const query = useDashboardQuery('getAdminFigures', { from: range.from, to: range.to });
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.dashboards.${key}`, options);
  const data = query.data;

  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('adminTitle')}
      </Typography>
      <RangeFilter state={rangeState} />
      {query.error ? (
        <LoadFailed error={query.error} retry={() => query.refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          {data.invitations && (
            <Section id="invitations" title={t('sections.invitations')}>
              {data.invitations.total === 0 ? (
                <Empty text={t('empty.invitationsAdmin')} />
              ) : (
                <>
                  <Figures>
                    <Figure label={t('status.total')} value={number(data.invitations.total)} to={invitationsLink(range)} />
                    {FUNNEL_STATUSES.map((s) => (
                      <Figure key={s} label={t(`status.${s}`)} value={number(data.invitations![s])} to={invitationsLink(range, { status: s })} />
                    ))}
                  </Figures>
                  <MonthChart
                    label={t('sections.months')}
                    months={data.months}
                    series={[
                      { key: 'invited', label: t('status.total') },
                      { key: 'completed', label: t('status.COMPLETED') },
                    ]}
                  />
                </>
              )}
            </Section>
          )}
          {data.orders && (
            <Section id="orders" title={t('sections.orders')}>
              <Figures>
                <Figure label={t('orders.paid')} value={money(data.orders.paidPaise)} to={ordersLink(range, { status: 'PAID' })} />
                <Figure label={t('orders.pending')} value={money(data.orders.pendingPaise)} to={ordersLink(range, { status: 'PENDING' })} />
                {data.orders.byState.map((s) => (
                  <Figure key={s.status} label={t(`orderStatus.${s.status}`)} value={number(s.count)} help={money(s.totalPaise)} to={ordersLink(range, { status: s.status })} />
                ))}
              </Figures>
              {data.orders.byState.every((s) => s.count === 0) && data.orders.paidPaise === 0 ? (
                <Empty text={t('empty.orders')} />
              ) : (
                <MonthChart
                  label={t('sections.revenue')}
                  months={data.months}
                  series={[{ key: 'revenuePaise', label: t('orders.revenue'), scale: 0.01, format: (v) => money(v * 100) }]}
                />
              )}
            </Section>
          )}
          {data.licences && (
            <Section id="licences" title={t('sections.licences')}>
              <Figures>
                <Figure label={t('licences.granted')} value={number(data.licences.granted)} to={DASHBOARD_PATHS.licences} />
                <Figure label={t('licences.spent')} value={number(data.licences.spent)} to={DASHBOARD_PATHS.licences} />
                <Figure label={t('licences.remaining')} value={number(data.licences.remaining)} help={t('allTime')} to={DASHBOARD_PATHS.licences} />
              </Figures>
            </Section>
          )}
          {data.clients && (
            <Section id="clients" title={t('sections.clients')} note={t('allTime')}>
              {data.clients.total === 0 ? (
                <Empty text={t('empty.industries')} action={{ label: t('actions.addClient'), to: `${DASHBOARD_PATHS.clients}/new` }} />
              ) : (
                <>
                  <Figures>
                    <Figure label={t('clients.total')} value={number(data.clients.total)} to={DASHBOARD_PATHS.clients} />
                    <Figure label={t('clients.active')} value={number(data.clients.active)} to={listLink(DASHBOARD_PATHS.clients, { status: 'ACTIVE' })} />
                    <Figure label={t('clients.newInRange')} value={number(data.clients.newInRange)} to={DASHBOARD_PATHS.clients} />
                  </Figures>
                  <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                    <Box>
                      <Typography variant="subtitle2" component="h3" gutterBottom>
                        {t('clients.byIndustry')}
                      </Typography>
                      <CountBars
                        label={t('clients.byIndustry')}
                        rows={data.clients.byIndustry.map((r) => ({
                          key: r.id ?? 'none',
                          label: r.name ?? t('clients.none'),
                          count: r.count,
                          to: r.id ? listLink(DASHBOARD_PATHS.clients, { industryId: r.id }) : undefined,
                        }))}
                      />
                    </Box>
                    <Box>
                      <Typography variant="subtitle2" component="h3" gutterBottom>
                        {t('clients.byZone')}
                      </Typography>
                      <CountBars
                        label={t('clients.byZone')}
                        rows={data.clients.byZone.map((r) => ({
                          key: r.id ?? 'none',
                          label: r.id ? t(`zone.${r.id}`) : t('clients.none'),
                          count: r.count,
                          to: r.id ? listLink(DASHBOARD_PATHS.clients, { zone: r.id }) : undefined,
                        }))}
                      />
                    </Box>
                  </Box>
                </>
              )}
            </Section>
          )}
          {data.clients && <IndustryTable />}
          {data.questions && (
            <Section id="questions" title={t('sections.questions')} note={t('allTime')}>
              {data.questions.total === 0 ? (
                <Empty text={t('empty.questions')} action={{ label: t('actions.addQuestion'), to: '/new-question/bank' }} />
              ) : (
                <Figures>
                  {QUESTION_STATUSES.map((s) => (
                    <Figure key={s} label={translate(`app.enums.questionStatus.${s}`)} value={number(data.questions!.byStatus[s])} to={listLink(DASHBOARD_PATHS.questions, { status: s })} />
                  ))}
                </Figures>
              )}
            </Section>
          )}
        </>
      )}
    </Box>
  );
}

/** Clients, invitations and payments per industry over the same period. */
function IndustryTable() {
  const translate = useTranslate();
  const { number } = useFormat();
  const money = useMoney();
  const { range } = useDashboardRange();
  const query = useDashboardQuery('getIndustryFigures', { from: range.from, to: range.to });
  const t = (key: string) => translate(`app.dashboards.${key}`);
  const clientsOf = (industryId: string) => listLink(DASHBOARD_PATHS.clients, { industryId });
  return (
    <Section id="industries" title={t('sections.industries')}>
      <QueryTable
        query={query}
        empty={<Empty text={t('empty.industries')} />}
        rowKey={(r) => r.id ?? 'none'}
        link={(r) => (r.id ? clientsOf(r.id) : undefined)}
        columns={[
          { label: t('industries.industry'), cell: (r) => (r.id ? <Link to={clientsOf(r.id)}>{r.name}</Link> : t('clients.none')) },
          { label: t('industries.clients'), figure: true, cell: (r) => number(r.clients) },
          { label: t('industries.invited'), figure: true, cell: (r) => number(r.invited) },
          { label: t('industries.completed'), figure: true, cell: (r) => number(r.completed) },
          { label: t('industries.paid'), figure: true, cell: (r) => money(r.paidPaise) },
        ]}
        phone={{
          primary: (r) => (r.id ? r.name : t('clients.none')),
          secondary: (r) =>
            figureLine([
              [t('industries.clients'), number(r.clients)],
              [t('industries.invited'), number(r.invited)],
              [t('industries.completed'), number(r.completed)],
            ]),
          tertiary: (r) => money(r.paidPaise),
        }}
      />
    </Section>
  );
}
