import { Box, Card, CardActionArea, CardContent, Chip, Grid, Paper, Typography } from '@mui/material';
import { selfAssessmentTenant } from '../../domain/assessment';
import { Title, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { dashboardKind } from '../../domain/dashboards';
import { can } from '../../domain/permissions';
import { ClientSelect } from '../../resources/shared/ClientSelect';
import { CLIENT_ASSESSMENTS, CONTENT_LIBRARY, PROFILE_MENU, TOP_NAV } from '../../domain/navigation';
import { useProfile } from '../layout/useProfile';
import { AdminDashboard } from './AdminDashboard';
import { ClientDashboard } from './ClientDashboard';
import { SelfAssessments } from './SelfAssessments';

/**
 * The landing dashboard (/dashboard, /skillgaugeDashboard, /skillgaugeGraphicalDashboard): who is
 * signed in, then the provider's figures for its staff, a client's for its users (both with charts,
 * a period and links to the lists), a USER's Self Assessments, and, for those with no figures to
 * see, the areas they can open.
 */
export default function Dashboard() {
  const translate = useTranslate();
  const profile = useProfile();
  if (!profile) return null;
  const kind = dashboardKind(profile);
  const areas = [...TOP_NAV, ...CONTENT_LIBRARY, CLIENT_ASSESSMENTS, ...PROFILE_MENU].filter(
    (item, index, all) => item.visible(profile) && !item.path.startsWith('/skillgaugeGraphical') && all.findIndex((i) => i.path === item.path) === index,
  );
  return (
    <Box>
      <Title title={translate('app.dashboard.title')} />
      <Paper sx={{ p: 3, mb: 3 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate('WELCOME')}, {profile.name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip label={translate('app.dashboard.signedInAs', { role: translate(`app.enums.role.${profile.role}`) })} color="primary" variant="outlined" />
          {profile.clientName && <Chip label={translate('app.dashboard.client', { name: profile.clientName })} variant="outlined" />}
          {profile.positionName && <Chip label={translate('app.dashboard.jobRole', { name: profile.positionName })} variant="outlined" />}
        </Box>
      </Paper>
      {/* A client's own people see its self assessments, when it has any. */}
      {selfAssessmentTenant(profile) && <SelfAssessments hideWhenEmpty={profile.role !== 'USER'} />}
      {kind === 'admin' && <StaffDashboard mayPickClient={can(profile, 'CLIENTS', 'view')} />}
      {kind === 'client' && <ClientDashboard />}
      {!kind && <Areas areas={areas} />}
    </Box>
  );
}

/**
 * The provider's figures, or, once its staff pick a client, that client's dashboard as its users see
 * it. The pick is in the address (?client=), so it can be shared and the back button undoes it.
 */
function StaffDashboard({ mayPickClient }: { mayPickClient: boolean }) {
  const [params, setParams] = useSearchParams();
  const clientId = mayPickClient ? (params.get('client') ?? '') : '';
  return (
    <>
      {mayPickClient && (
        <Box sx={{ mb: 2 }}>
          <ClientSelect label="app.dashboards.viewOf" noneLabel="app.dashboards.allClients" value={clientId} onChange={(id) => setParams(id ? { client: id } : {})} />
        </Box>
      )}
      {clientId ? <ClientDashboard key={clientId} clientId={clientId} /> : <AdminDashboard />}
    </>
  );
}

function Areas({ areas }: { areas: typeof TOP_NAV }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.dashboard.yourAreas')}
      </Typography>
      {areas.length === 0 && <Typography color="text.secondary">{translate('app.dashboard.noAreas')}</Typography>}
      <Grid container spacing={2}>
        {areas.map((item) => (
          <Grid key={item.path} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card variant="outlined">
              <CardActionArea component={Link} to={item.path}>
                <CardContent>
                  <Typography>{translate(`app.nav.${item.key}`)}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
