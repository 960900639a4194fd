import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LanguageMenu } from '../layout/LanguageMenu';
import { Logo } from '../layout/Logo';
import { useTabTitle } from '../layout/tabTitle';

/** The frame of the public pages: logo, language menu and a centred card. */
export function AuthCard({ title, subtitle, children, width = 420 }: { title: string; subtitle?: ReactNode; children: ReactNode; width?: number }) {
  useTabTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Box sx={{ color: 'primary.main' }}>
          <Logo to="/" />
        </Box>
        <LanguageMenu color="primary" />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'center', p: 2 }}>
        <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: width }} elevation={2}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Typography component={Link} to={to} color="primary" sx={{ textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
      {children}
    </Typography>
  );
}
