import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { landingPath } from '../../domain/navigation';
import { loadProfile } from '../../providers/authProvider';
import { takeReturnTo } from '../../providers/returnTo';
import { storage } from '../../providers/storage';
import { Spinner } from '../layout/Spinner';
import { AuthCard, AuthLink } from './AuthCard';
import { useSessionCalls } from '../../providers/useApi';
import { useFederatedSignIn, useSignInProviders } from './federated';
import { translateMessage } from '../../i18n/messages';

const GOOGLE_STATE_KEY = 'sg_google_state';

/**
 * `/googlesignin`, Google's redirect variant (for browsers where Google's button cannot load):
 * without a code it asks the server for the provider's address and goes there; Google sends the
 * browser back here with a code, which the server exchanges. A returned state that is not the
 * stored one is ignored (specification section 7).
 */
export function GoogleSignInPage() {
  const session = useSessionCalls();
  const translate = useTranslate();
  const providers = useSignInProviders();
  const { complete } = useFederatedSignIn();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  const code = params.get('code');
  const returnedError = params.get('error');
  useEffect(() => {
    if (!providers || started.current) return;
    started.current = true;
    const stored = sessionStorage.getItem(GOOGLE_STATE_KEY);
    if (code || returnedError) {
      sessionStorage.removeItem(GOOGLE_STATE_KEY);
      if (returnedError) return setProblem(translate('app.auth.providerFailed'));
      if (!stored || params.get('state') !== stored) return setProblem(translate('app.auth.stateMismatch'));
      void complete('google', Object.fromEntries(params)).then((signedIn) => signedIn || setProblem(translate('app.auth.providerFailed')));
      return;
    }
    if (!providers.googleRedirect) return;
    session
      .requestSignInState('google', true)
      .then(({ state, authorizationUrl }) => {
        sessionStorage.setItem(GOOGLE_STATE_KEY, state);
        window.location.assign(authorizationUrl!);
      })
      .catch((error: Error) => setProblem(`${translate('app.auth.providerFailed')}: ${translateMessage(translate, error.message)}`));
  }, [session, providers, code, returnedError, params, complete, translate]);

  const waiting = !problem && (!providers || providers.googleRedirect || code);
  return (
    <AuthCard title={translate('app.auth.googleTitle')}>
      <Stack spacing={2}>
        {waiting ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} />
            <Typography>{translate(code ? 'app.auth.signingIn' : 'app.auth.goingToProvider', { provider: 'Google' })}</Typography>
          </Stack>
        ) : (
          <Alert severity={problem ? 'error' : 'warning'}>{problem ?? translate('app.messages.signInNotConfigured', { provider: 'Google' })}</Alert>
        )}
        <AuthLink to="/">{translate('app.auth.backToLogin')}</AuthLink>
      </Stack>
    </AuthCard>
  );
}

/** The message `react-linkedin-login-oauth2`'s opener listens for, and the state it stored. */
const LINKEDIN_FROM = 'Linked In';
const LINKEDIN_STATE_KEY = 'linkedin_oauth2_state';

/**
 * Hands LinkedIn's answer (a code or an error) to the window that opened the popup, in the message
 * the library listens for. Unlike the library's own callback, the popup does not close itself: the
 * opener closes it once it has the message. Closing here raced the opener's once-a-second check of
 * `popup.closed`, and on a busy machine the check won: the code was dropped as "User closed the popup".
 */
function handOverToOpener(search: string) {
  const params = new URLSearchParams(search);
  const stored = localStorage.getItem(LINKEDIN_STATE_KEY);
  const state = params.get('state');
  const error = params.get('error');
  const code = params.get('code');
  const message =
    !stored || state !== stored
      ? { error: 'state_mismatch', errorMessage: 'State does not match' }
      : error
        ? { error, errorMessage: params.get('error_description') ?? error }
        : code
          ? { code }
          : { error: 'invalid_response', errorMessage: 'LinkedIn did not return an authorization code.' };
  window.opener.postMessage({ ...message, state, from: LINKEDIN_FROM }, window.location.origin);
}

/**
 * `/linkedIn`: where LinkedIn sends its popup back. It hands the code (or the error) to the window
 * that opened the popup, which closes it; opened any other way, it says why it cannot go on.
 */
export function LinkedInPage() {
  const translate = useTranslate();
  const inPopup = !!window.opener;
  const handedOver = useRef(false);
  useEffect(() => {
    if (!inPopup || handedOver.current) return;
    handedOver.current = true;
    handOverToOpener(window.location.search);
  }, [inPopup]);
  return (
    <AuthCard title={translate('app.auth.linkedinTitle')}>
      <Stack spacing={2}>
        {inPopup ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} />
            <Typography>{translate('app.auth.signingIn')}</Typography>
          </Stack>
        ) : (
          <Alert severity="warning">{translate('app.auth.popupOnly')}</Alert>
        )}
        <AuthLink to="/">{translate('app.auth.backToLogin')}</AuthLink>
      </Stack>
    </AuthCard>
  );
}

/** `/login-loader`: a signed-in browser lands here after a redirect and moves on to its landing page. */
export function LoginLoaderPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  useEffect(() => {
    if (!storage.token()) return void navigate('/', { replace: true });
    loadProfile()
      .then((profile) => navigate(takeReturnTo(landingPath(profile)), { replace: true }))
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
