import { Box } from '@mui/material';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../domain/navigation';

/** The logo, at most 180 × 50 px, leading to the graphical dashboard. */
export function Logo({ to = ROUTES.dashboard }: { to?: string }) {
  return (
    <Box component={Link} to={to} aria-label="Skillgauge" sx={{ display: 'inline-flex', alignItems: 'center', maxWidth: 180, maxHeight: 50, textDecoration: 'none', color: 'inherit' }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32, mr: 1 }} />
      <Box component="span" sx={{ fontWeight: 700, fontSize: 20, letterSpacing: 0.2, whiteSpace: 'nowrap' }}>
        Skillgauge
      </Box>
    </Box>
  );
}
