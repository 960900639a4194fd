/** The candidate's page's frame: a slim top bar (name, and the timer and save status while answering), then one card per screen. */
import { Box, Typography } from '@mui/material';
import { useEffect, type ReactNode, type Ref } from 'react';
import { useTakeI18n } from './i18n';

export function TakeLayout({
  title,
  titleLanguage,
  screen,
  status,
  children,
  headingRef,
}: {
  /** The screen's heading (h1). */
  title: ReactNode;
  /** The heading's language where it is not the page's (a name that fell back to English). */
  titleLanguage?: string;
  /** The tab's name for this screen. */
  screen: string;
  /** The timer and save status, right of the name. */
  status?: ReactNode;
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTakeI18n();
  useEffect(() => {
    document.title = t('app.pageTitle', { screen });
  }, [t, screen]);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', minHeight: 52 }}
      >
        <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.1rem', flexGrow: 1 }}>
          {t('app.name')}
        </Typography>
        {status}
      </Box>
      <Box component="main" sx={{ maxWidth: 860, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
        <Box sx={{ p: { xs: 2, sm: 4 }, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography variant="h1" ref={headingRef} tabIndex={-1} lang={titleLanguage} sx={{ mb: 2, outline: 'none', overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
