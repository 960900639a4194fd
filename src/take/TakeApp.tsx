/** The candidate's page: `/take/:token` (an attempt) and `/take/public/:slug` (an assessment's public link). */
import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { lazy } from '../lazy';
import type { UiLanguage } from '../domain/language';
import { AnnouncerProvider } from './announcer';
import { AttemptPage } from './AttemptPage';
import { TakeI18nProvider, useTakeI18n } from './i18n';
import { Loading } from './Loading';
import { MessagePage } from './StatusPages';
import { takeTheme } from './theme';
import { MuiLocaleFor } from '../i18n/muiLocalization';

// The public link's form is a first screen too: its words ship with the page (no flow words to wait for).
const PublicJoin = lazy(() => import('./PublicJoin'));

export type TakeRoute = { kind: 'attempt'; token: string } | { kind: 'public'; slug: string } | { kind: 'none' };

export function takeRoute(pathname: string): TakeRoute {
  const publicLink = pathname.match(/^\/take\/public\/([A-Za-z0-9_-]+)\/?$/);
  if (publicLink) return { kind: 'public', slug: publicLink[1] };
  const attempt = pathname.match(/^\/take\/([A-Za-z0-9_-]+)\/?$/);
  if (attempt) return { kind: 'attempt', token: attempt[1] };
  return { kind: 'none' };
}

function NoSuchPage() {
  const { t } = useTakeI18n();
  return <MessagePage title={t('errors.notFoundTitle')} text={t('errors.noSuchPage')} />;
}

function Route({ route }: { route: TakeRoute }) {
  switch (route.kind) {
    case 'attempt':
      return <AttemptPage token={route.token} />;
    case 'public':
      return (
        <Suspense fallback={<Loading />}>
          <PublicJoin slug={route.slug} />
        </Suspense>
      );
    default:
      return <NoSuchPage />;
  }
}

/** MUI's own words (an alert's Close) in the page's language. */
function TakeMuiLocale({ children }: { children: ReactNode }) {
  const { language } = useTakeI18n();
  return <MuiLocaleFor language={language}>{children}</MuiLocaleFor>;
}

/** The page's providers: its theme, its words, MUI's words in its language, and the announcer (the tests mount screens in them too). */
export function TakeProviders({ language, children }: { language?: UiLanguage; children: ReactNode }) {
  return (
    <ThemeProvider theme={takeTheme}>
      <TakeI18nProvider initial={language}>
        <TakeMuiLocale>
          <AnnouncerProvider>{children}</AnnouncerProvider>
        </TakeMuiLocale>
      </TakeI18nProvider>
    </ThemeProvider>
  );
}

export function TakeApp({ pathname = window.location.pathname, language }: { pathname?: string; language?: UiLanguage }) {
  return (
    <StrictMode>
      <TakeProviders language={language}>
        <CssBaseline />
        <Route route={takeRoute(pathname)} />
      </TakeProviders>
    </StrictMode>
  );
}
