import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { landingPath } from '../../domain/navigation';
import { loadProfile } from '../../providers/authProvider';
import { storage } from '../../providers/storage';
import { Spinner } from '../layout/Spinner';

/** Public pages send a signed-in user to the first landing page they may see. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: 'checking' | 'anonymous' } | { status: 'signedIn'; to: string }>(() =>
    storage.token() ? { status: 'checking' } : { status: 'anonymous' },
  );
  useEffect(() => {
    if (state.status !== 'checking') return;
    loadProfile()
      .then((profile) => setState({ status: 'signedIn', to: landingPath(profile) }))
      .catch(() => {
        // A stored token that no longer works: sign out silently.
        storage.clearSession();
        setState({ status: 'anonymous' });
      });
  }, [state.status]);
  if (state.status === 'checking') return <Spinner fullHeight />;
  if (state.status === 'signedIn') return <Navigate to={state.to} replace />;
  return <>{children}</>;
}
