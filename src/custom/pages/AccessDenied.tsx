/**
 * The one screen a signed-in user meets on a page they may not see, whichever way they came:
 * react-admin's own check (/access-denied), a resource view, a custom page, a coming-soon page.
 * The check runs before the screen mounts, so the screen's API calls (which would answer 403)
 * are never made.
 */
import LockIcon from '@mui/icons-material/LockOutlined';
import { Button, Paper, Typography } from '@mui/material';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { landingPath } from '../../domain/navigation';
import type { Profile } from '../../providers/authProvider';
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

/** Renders its children only when the signed-in profile passes a product rule the resource rules cannot say (src/domain). */
export function RequireRule({ rule, children }: { rule: (profile: Profile) => boolean; children: ReactNode }) {
  const profile = useProfile();
  if (!profile) return <Spinner waitingFor="access" />;
  return rule(profile) ? children : <AccessDenied />;
}

/**
 * The one way a screen is gated: its route names who may open it, a resource and action (the
 * shared permission rules through canAccess) or a product rule over the profile, and the check
 * runs before the screen mounts. A screen never decides this itself; it only hides what a record
 * does not allow (an edit button, a question that is not the user's).
 */
export function guard(resource: string, action: string, screen: ReactElement): ReactElement;
export function guard(rule: (profile: Profile) => boolean, screen: ReactElement): ReactElement;
export function guard(...args: [string, string, ReactElement] | [(profile: Profile) => boolean, ReactElement]): ReactElement {
  if (args.length === 2) return <RequireRule rule={args[0]}>{args[1]}</RequireRule>;
  return (
    <RequireAccess resource={args[0]} action={args[1]}>
      {args[2]}
    </RequireAccess>
  );
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
    const Guarded = () => guard(resource, action, <View />);
    Guarded.displayName = `Guarded(${resource}.${action})`;
    guarded[action] = Guarded;
  }
  return { ...views, ...guarded };
}
