import { Alert, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { landingPath } from '../../domain/navigation';
import { loadProfile } from '../../providers/authProvider';
import { storage } from '../../providers/storage';
import { Spinner } from '../layout/Spinner';
import { AuthCard, AuthLink } from './AuthCard';
import { useSignInProviders } from './LoginPage';

/**
 * `/googlesignin` and `/linkedIn`: third-party sign-in. The provider exchange is its own issue;
 * until the server has a client id, the page says plainly that it is not configured.
 */
function ProviderPage({ provider, titleKey }: { provider: 'google' | 'linkedin'; titleKey: string }) {
  const translate = useTranslate();
  const providers = useSignInProviders();
  const name = provider === 'google' ? 'Google' : 'LinkedIn';
  return (
    <AuthCard title={translate(titleKey)}>
      <Stack spacing={2}>
        <Alert severity={providers[provider] ? 'info' : 'warning'}>
          {providers[provider] ? translate('app.auth.providerFailed') : translate('app.auth.providerNotConfigured', { provider: name })}
        </Alert>
        <AuthLink to="/">{translate('app.auth.backToLogin')}</AuthLink>
      </Stack>
    </AuthCard>
  );
}

export const GoogleSignInPage = () => <ProviderPage provider="google" titleKey="app.auth.googleTitle" />;
export const LinkedInPage = () => <ProviderPage provider="linkedin" titleKey="app.auth.linkedinTitle" />;

/** `/login-loader`: a signed-in browser lands here after a redirect and moves on to its landing page. */
export function LoginLoaderPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  useEffect(() => {
    if (!storage.token()) return void navigate('/', { replace: true });
    loadProfile()
      .then((profile) => navigate(landingPath(profile), { replace: true }))
      .catch(() => {
        storage.clearSession();
        navigate('/', { replace: true });
      });
  }, [navigate]);
  return (
    <Stack sx={{ alignItems: 'center' }}>
      <Spinner fullHeight />
      <Typography sx={{ position: 'absolute', top: '60%' }}>{translate('app.auth.signingIn')}</Typography>
    </Stack>
  );
}

/** `/welcome`: after sign-up or a first password. */
export function WelcomePage() {
  const translate = useTranslate();
  return (
    <AuthCard title={translate('WELCOME')}>
      <Typography sx={{ mb: 2 }}>{translate('app.auth.welcomeBody')}</Typography>
      <AuthLink to="/">{translate('app.auth.signIn')}</AuthLink>
    </AuthCard>
  );
}
