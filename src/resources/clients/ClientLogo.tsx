/** The app bar's logo: a client's own for its users (its /details answer, shared with the /details page's cache), else the product's. */
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Logo } from '../../custom/layout/Logo';
import { useProfile } from '../../custom/layout/useProfile';
import { ROUTES } from '../../domain/navigation';
import { isClientSide } from '../../domain/permissions';
import { useApi } from '../../providers/useApi';
import { DETAILS_KEY } from './api';

/** The signed-in client's logo address and name, or undefined (provider users, no logo, still loading). */
export function useClientLogo(): { url: string; name: string } | undefined {
  const profile = useProfile();
  const tenant = isClientSide(profile);
  const api = useApi();
  const { data } = useQuery({ queryKey: DETAILS_KEY, queryFn: () => api.getClientDetails(), enabled: tenant, staleTime: 5 * 60_000, retry: false });
  return tenant && data?.logoUrl ? { url: data.logoUrl, name: data.name } : undefined;
}

/**
 * In the same box as the product's logo: at most 180 × 50 px (specification section 4), leading to
 * the dashboard; on a phone at most 112 × 36, so that the bar's buttons keep their room.
 */
const LOGO_BOX = { width: { xs: 112, sm: 180 }, height: { xs: 36, sm: 50 } };

export function AppBarLogo() {
  const clientLogo = useClientLogo();
  if (!clientLogo) return <Logo />;
  return (
    <Box component={Link} to={ROUTES.dashboard} aria-label={clientLogo.name} sx={{ display: 'inline-flex', alignItems: 'center', maxWidth: LOGO_BOX.width, maxHeight: LOGO_BOX.height, minWidth: 0 }}>
      <Box component="img" src={clientLogo.url} alt={clientLogo.name} sx={{ maxWidth: LOGO_BOX.width, maxHeight: LOGO_BOX.height, objectFit: 'contain' }} />
    </Box>
  );
}
