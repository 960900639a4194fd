import { Box, Typography } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useScreensArrived } from '../../lazy';
import { LowCreditBanner } from '../../resources/licences/CreditNotice';
import { ErrorBoundary } from './ErrorScreen';
import { Spinner } from './Spinner';
import { TabTitleFromHeading } from './tabTitle';
import { TopBar } from './TopBar';
import { useProfile } from './useProfile';

/** Top navigation instead of react-admin's sidebar; screens load lazily under a spinner. */
export function AppLayout({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const { pathname } = useLocation();
  // Rendered again when a screen's code arrives, so that its boundary tries the screen (src/lazy.ts).
  useScreensArrived();
  if (!profile) return <Spinner fullHeight waitingFor="profile" />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TopBar profile={profile} />
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1, sm: 2, md: 3 }, width: '100%', maxWidth: 1400, mx: 'auto' }}>
        {/* react-admin's <Title> renders each screen's title here. */}
        <Typography id="react-admin-title" variant="h5" component="h1" sx={{ mb: 2, '&:empty': { display: 'none' } }} />
        <TabTitleFromHeading />
        <LowCreditBanner />
        <ErrorBoundary resetKey={pathname}>
          {/* Keyed by path: each screen shows the spinner while its chunk loads, not the last screen. */}
          <Suspense key={pathname} fallback={<Spinner waitingFor="screen" />}>
            {children}
          </Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}
