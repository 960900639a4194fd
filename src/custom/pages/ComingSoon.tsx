import ConstructionIcon from '@mui/icons-material/Construction';
import { Button, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Entity } from '../../domain/permissions';
import { can } from '../../domain/permissions';
import { landingPath } from '../../domain/navigation';
import { useProfile } from '../layout/useProfile';
import { AccessDenied } from './AccessDenied';

/** A screen that a later issue builds: a plain page, guarded like the real one will be. */
export function ComingSoon({ titleKey, entity }: { titleKey: string; entity?: Entity }) {
  const translate = useTranslate();
  const profile = useProfile();
  const title = translate(titleKey);
  if (profile && entity && !can(profile, entity, 'view')) return <AccessDenied />;
  return (
    <Paper sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 720 }}>
      <Title title={title} />
      <ConstructionIcon color="action" sx={{ fontSize: 56, mb: 1 }} />
      <Typography variant="h5" component="h2" gutterBottom>
        {translate('app.page.comingSoonTitle', { title })}
      </Typography>
      <Typography color="text.secondary">{translate('app.page.comingSoonBody')}</Typography>
      {profile && (
        <Button component={Link} to={landingPath(profile)} sx={{ mt: 3 }} variant="outlined">
          {translate('app.page.goHome')}
        </Button>
      )}
    </Paper>
  );
}
