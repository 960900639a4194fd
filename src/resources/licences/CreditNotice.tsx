/**
 * The low-credit warning: a banner over every screen of a client's users while its credits are
 * low, and a notice on the invite screen with the balance of the client it invites for. With no
 * credit left it says how to get more: order credits for the assessment, or ask for a licence.
 */
import { Alert, AlertTitle, Box, Button, type AlertColor } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useProfile } from '../../custom/layout/useProfile';
import { LICENCE_PATHS, type Balance } from './api';
import { useBalance } from './useBalance';

function Notice({ balance, assessmentId, always = false }: { balance: Balance; assessmentId?: string | null; always?: boolean }) {
  const translate = useTranslate();
  // Credits for this assessment: its own licences' and those for any.
  const remaining = assessmentId ? balance.byAssessment.filter((b) => b.assessmentId === null || b.assessmentId === assessmentId).reduce((sum, b) => sum + b.remaining, 0) : balance.remaining;
  const none = remaining <= 0;
  if (!none && !balance.low && !always) return null;
  const severity: AlertColor = none ? 'error' : balance.low ? 'warning' : 'info';
  const text = none
    ? translate('app.licences.none')
    : balance.low
      ? translate('app.licences.low', { smart_count: remaining })
      : translate('app.licences.left', { smart_count: remaining });
  return (
    <Alert
      severity={severity}
      role={none || balance.low ? 'alert' : 'status'}
      action={
        none || balance.low ? (
          <Button color="inherit" size="small" component={Link} to={assessmentId ? LICENCE_PATHS.order(assessmentId) : LICENCE_PATHS.list}>
            {translate(assessmentId ? 'app.licences.orderCredits' : 'app.licences.seeLicences')}
          </Button>
        ) : undefined
      }
    >
      {none || balance.low ? <AlertTitle>{text}</AlertTitle> : text}
      {(none || balance.low) && translate('app.licences.howToGetMore')}
    </Alert>
  );
}

/** Over every screen of a client's users while its credits are low (not on the licences' own screens, which show them). */
export function LowCreditBanner() {
  const profile = useProfile();
  const { pathname } = useLocation();
  const balance = useBalance(null);
  if (!profile?.clientId || !balance.data || pathname.startsWith(LICENCE_PATHS.list)) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Notice balance={balance.data} />
    </Box>
  );
}

/** On the invite screen: the credits the chosen assessment can spend (its client's, for provider staff). */
export function InviteCreditNotice({ assessmentId, clientId }: { assessmentId: string | null; clientId: string | null }) {
  const profile = useProfile();
  // The provider's own assessments spend no credits.
  const forClient = profile?.clientId ?? clientId;
  const balance = useBalance(forClient);
  if (!forClient || !balance.data) return null;
  return <Notice balance={balance.data} assessmentId={assessmentId} always />;
}
