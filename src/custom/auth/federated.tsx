/**
 * Sign-in with Google and LinkedIn (issue 12). Google's button (`@react-oauth/google`) hands us an
 * ID token; LinkedIn's popup (`react-linkedin-login-oauth2`) and Google's redirect variant
 * (/googlesignin) hand us a code. Either goes to the server, which checks it with the provider and
 * answers a session like the password login. The server also issues the 20-character state and
 * keeps it in a cookie of this browser, so a code is only accepted back from the browser that
 * asked for it.
 */
import GoogleIcon from '@mui/icons-material/Google';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { Button, Stack } from '@mui/material';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useLinkedIn } from 'react-linkedin-login-oauth2';
import type { z } from 'zod';
import type { SignInProvider } from '../../domain/signIns';
import type { signInProvidersSchema } from '../../domain/userAnswers';
import { startSession } from '../../providers/authProvider';
import { useSessionCalls } from '../../providers/useApi';
import { storage } from '../../providers/storage';
import { translateMessage } from '../../i18n/messages';
import { useEnterApp } from './useEnterApp';

/** GET /api/auth/providers */
export type SignInProviders = z.input<typeof signInProvidersSchema>;

const NONE: SignInProviders = {
  google: false,
  googleClientId: null,
  googleRedirect: false,
  linkedin: false,
  linkedinClientId: null,
  linkedinScope: null,
  linkedinRedirectUri: null,
};

/** Which third-party sign-ins the server offers; null until it has said. */
export function useSignInProviders(): SignInProviders | null {
  const session = useSessionCalls();
  const [providers, setProviders] = useState<SignInProviders | null>(null);
  useEffect(() => {
    let live = true;
    session
      .getSignInProviders()
      .then((answer) => live && setProviders(answer))
      .catch(() => live && setProviders(NONE));
    return () => {
      live = false;
    };
  }, [session]);
  return providers;
}

/**
 * A provider's state (and nonce), fetched before its button is pressed: a popup must open within
 * the click, or the browser blocks it. `refresh` fetches the next one after each use.
 */
function useProviderState(provider: SignInProvider, enabled: boolean) {
  const session = useSessionCalls();
  const [answer, setAnswer] = useState<{ state: string; nonce?: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef(0);
  const refresh = useCallback(() => {
    const mine = ++attempt.current;
    setAnswer(null);
    session
      .requestSignInState(provider, false)
      .then((fetched) => {
        if (mine !== attempt.current) return;
        setAnswer(fetched);
        setFailure(null);
      })
      .catch((error: Error) => mine === attempt.current && setFailure(error.message));
  }, [session, provider]);
  useEffect(() => {
    if (enabled) refresh();
  }, [enabled, refresh]);
  return { state: answer?.state ?? null, nonce: answer?.nonce ?? null, failure, refresh };
}

/**
 * Finishes a federated sign-in: the server's session is stored and the profile fetched again. A
 * failure says 'Something went wrong' (with the server's reason under it), clears the token and
 * leaves the browser signed out.
 */
export function useFederatedSignIn() {
  const session = useSessionCalls();
  const translate = useTranslate();
  const notify = useNotify();
  const enterApp = useEnterApp();
  const [busy, setBusy] = useState(false);
  const complete = useCallback(
    async (provider: SignInProvider, body: Record<string, string>) => {
      setBusy(true);
      try {
        const answer = await session.signInWith(provider, body);
        await enterApp(await startSession(answer));
        return true;
      } catch (error) {
        storage.clearSession();
        const reason = (error as Error)?.message;
        notify(`${translate('app.auth.providerFailed')}${reason ? `: ${translateMessage(translate, reason)}` : ''}`, { type: 'error' });
        setBusy(false);
        return false;
      }
    },
    [session, enterApp, notify, translate],
  );
  return { complete, busy };
}

/** A provider's button where it is not configured: says so, and does nothing. */
function NotConfiguredButton({ provider }: { provider: SignInProvider }) {
  const translate = useTranslate();
  return (
    <Button variant="outlined" startIcon={provider === 'google' ? <GoogleIcon /> : <LinkedInIcon />} disabled fullWidth>
      {translate(provider === 'google' ? 'app.auth.google' : 'app.auth.linkedin')} ({translate('app.auth.notConfigured')})
    </Button>
  );
}

function GoogleButton({ providers, complete }: { providers: SignInProviders; complete: (body: Record<string, string>) => Promise<unknown> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  // Google's script may not load (offline, blocked): the redirect variant stands in where configured.
  const [scriptFailed, setScriptFailed] = useState(false);
  const { state, nonce, refresh } = useProviderState('google', providers.google);
  if (!providers.googleClientId) return <NotConfiguredButton provider="google" />;
  if (scriptFailed) {
    return providers.googleRedirect ? (
      <Button component={Link} to="/googlesignin" variant="outlined" startIcon={<GoogleIcon />} fullWidth>
        {translate('app.auth.google')}
      </Button>
    ) : (
      <NotConfiguredButton provider="google" />
    );
  }
  return (
    <GoogleOAuthProvider clientId={providers.googleClientId} locale={locale} onScriptLoadError={() => setScriptFailed(true)}>
      <Stack sx={{ alignItems: 'center', minHeight: 40 }} data-testid="google-button">
        {/* The ID token carries this browser's nonce, so a token copied elsewhere signs no one in. */}
        {state && nonce && (
          <GoogleLogin
            key={nonce}
            nonce={nonce}
            onSuccess={({ credential }) => {
              if (credential) void complete({ credential, state }).then(refresh);
              else notify('app.auth.providerFailed', { type: 'error' });
            }}
            onError={() => notify('app.auth.providerFailed', { type: 'error' })}
            text="continue_with"
            width={320}
          />
        )}
      </Stack>
    </GoogleOAuthProvider>
  );
}

/** The library's error codes that the specification words itself. */
const LINKEDIN_ERRORS: Record<string, string> = {
  user_closed_popup: 'User closed the popup',
  state_mismatch: 'State does not match',
};

function LinkedInButton({ providers, complete, busy }: { providers: SignInProviders; complete: (body: Record<string, string>) => Promise<unknown>; busy: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { state, failure, refresh } = useProviderState('linkedin', providers.linkedin);
  const { linkedInLogin } = useLinkedIn({
    clientId: providers.linkedinClientId ?? '',
    redirectUri: providers.linkedinRedirectUri ?? '',
    scope: providers.linkedinScope ?? undefined,
    state: state ?? undefined,
    closePopupMessage: 'User closed the popup',
    onSuccess: (code) => void complete({ code, state: state ?? '' }).then(refresh),
    onError: ({ error, errorMessage }) => {
      notify(translateMessage(translate, LINKEDIN_ERRORS[error] ?? 'Something went wrong'), { type: 'error' });
      if (error !== 'user_closed_popup') console.warn('LinkedIn sign-in:', error, errorMessage);
      refresh();
    },
  });
  if (!providers.linkedin) return <NotConfiguredButton provider="linkedin" />;
  return (
    <Button
      variant="outlined"
      startIcon={<LinkedInIcon />}
      fullWidth
      disabled={busy || (!state && !failure)}
      onClick={() => (state ? linkedInLogin() : failure && notify(`${translate('app.auth.providerFailed')}: ${translateMessage(translate, failure)}`, { type: 'error' }))}
    >
      {translate('app.auth.linkedin')}
    </Button>
  );
}

/** The Google and LinkedIn buttons of the sign-in and sign-up pages. */
export function FederatedButtons() {
  const providers = useSignInProviders();
  const { complete, busy } = useFederatedSignIn();
  if (!providers) return <Stack sx={{ minHeight: 96 }} />;
  return (
    <Stack spacing={2}>
      <GoogleButton providers={providers} complete={(body) => complete('google', body)} />
      <LinkedInButton providers={providers} complete={(body) => complete('linkedin', body)} busy={busy} />
    </Stack>
  );
}
