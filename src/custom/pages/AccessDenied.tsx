/**
 * The one screen a signed-in user meets on a page they may not see, whichever way they came:
 * react-admin's own check (/access-denied), a resource view, a custom page, a coming-soon page.
 * The check runs before the screen mounts, so the screen's API calls (which would answer 403)
 * are never made.
 */
import LockIcon from '@mui/icons-material/LockOutlined';
import { Button, Paper, Typography } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { landingPath } from '../../domain/navigation';
import { Spinner } from '../layout/Spinner';
import { useProfile } from '../layout/useProfile';

export function AccessDenied() {
  const translate = useTranslate();
  const profile = useProfile();
  const title = translate('app.page.accessDeniedTitle');
  return (
    <Paper role="alert" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 720 }}>
      <Title title={title} />
      <LockIcon color="action" sx={{ fontSize: 56, mb: 1 }} />
      <Typography variant="h6" component="h2">
        {translate('app.page.notAllowed')}
      </Typography>
      {profile && (
        <Button component={Link} to={landingPath(profile)} sx={{ mt: 3 }} variant="outlined">
          {translate('app.page.goHome')}
        </Button>
      )}
    </Paper>
  );
}

/** Renders its children only once canAccess allows them; the access-denied screen otherwise. */
export function RequireAccess({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource, action });
  if (isPending) return <Spinner waitingFor="access" />;
  return canAccess ? children : <AccessDenied />;
}

type Views = { list?: ComponentType; create?: ComponentType; edit?: ComponentType; show?: ComponentType };

/**
 * A resource's views, each behind RequireAccess. react-admin's List and Show check access too,
 * but start fetching (and the views' own dropdowns load) before the answer is in.
 */
export function guardViews<T extends Views>(resource: string, views: T): T {
  const guarded: Views = {};
  for (const action of ['list', 'create', 'edit', 'show'] as const) {
    const View = views[action];
    if (!View) continue;
    const Guarded = () => (
      <RequireAccess resource={resource} action={action}>
        <View />
      </RequireAccess>
    );
    Guarded.displayName = `Guarded(${resource}.${action})`;
    guarded[action] = Guarded;
  }
  return { ...views, ...guarded };
}
