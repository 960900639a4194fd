import { Box, Card, CardActionArea, CardContent, Chip, Grid, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { CLIENT_ASSESSMENTS, CONTENT_LIBRARY, PROFILE_MENU, TOP_NAV } from '../../domain/navigation';
import { useProfile } from '../layout/useProfile';
import { SelfAssessments } from './SelfAssessments';

/**
 * The landing dashboard: who is signed in and the areas they can open. Figures and charts come
 * with the candidates and assessments issues.
 */
export default function Dashboard() {
  const translate = useTranslate();
  const profile = useProfile();
  if (!profile) return null;
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
      {profile.role === 'USER' && <SelfAssessments />}
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
    </Box>
  );
}
