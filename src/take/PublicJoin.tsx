/**
 * `/take/public/:slug`: an assessment's public link. The candidate gives a name, an email and
 * optionally a phone, enters the code mailed to that email, and is taken to their own attempt
 * (`/take/<token>`; the link is mailed too). One attempt per email: proving the email again gives an
 * unfinished attempt back under a new link.
 */
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { OTP_TTL_MINUTES } from '../domain/constants';
import type { PublicAssessment } from '../domain/take';
import { publicApi, TakeApiError } from './api';
import { useTakeI18n } from './i18n';
import { TakeLayout } from './Layout';
import { nameFor } from './parts';
import { Loading } from './Loading';
import { LoadErrorPage } from './StatusPages';

/**
 * A labelled text input, drawn like the theme's outlined fields but plain HTML: this page is a
 * first screen, and MUI's inputs would add about 12 KB to it.
 */
function Field({ label, value, onChange, error, type = 'text', required, autoComplete, inputMode, autoFocus }: { label: string; value: string; onChange: (value: string) => void; error?: string; type?: string; required?: boolean; autoComplete: string; inputMode?: 'numeric'; autoFocus?: boolean }) {
  const id = useId();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="label" htmlFor={id} sx={{ display: 'block', mb: 0.5, fontWeight: 500, color: error ? 'error.main' : 'text.primary' }}>
        {label}
        {required && ' *'}
      </Typography>
      <Box
        component="input"
        id={id}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{
          width: '100%',
          minHeight: 48,
          px: 1.5,
          font: 'inherit',
          fontSize: '1rem',
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: error ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
          borderRadius: 1,
          '&:hover': { borderColor: error ? 'error.main' : 'text.primary' },
          '&:focus': { outline: 'none', borderColor: 'primary.main', boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` },
        }}
      />
      {error && (
        <Typography id={`${id}-error`} variant="body2" color="error" sx={{ mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

/** A message box without MUI's Alert (its icons and close button would weigh on this first screen). */
function Notice({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  return (
    <Box role={tone === 'error' ? 'alert' : 'status'} sx={{ mt: 2, p: 1.5, borderLeft: 4, borderColor: `${tone}.main`, bgcolor: tone === 'error' ? '#fdeded' : '#e5f6fd', color: tone === 'error' ? '#5f2120' : '#014361', borderRadius: 1 }}>
      {children}
    </Box>
  );
}

export default function PublicJoin({ slug }: { slug: string }) {
  const { t, serverMessage, language } = useTakeI18n();
  const api = useMemo(() => publicApi(slug), [slug]);
  const [assessment, setAssessment] = useState<PublicAssessment | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [person, setPerson] = useState({ name: '', email: '', phone: '' });
  /** The code typed; null until one was mailed (the first step). */
  const [code, setCode] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () => {
    setLoadError(null);
    api.get().then(setAssessment, setLoadError);
  };
  useEffect(load, [api]);

  if (loadError) return <LoadErrorPage error={loadError} onRetry={load} />;
  if (!assessment) return <Loading />;
  const named = nameFor(assessment.names, language);
  const who = { name: person.name, email: person.email, phone: person.phone || null, language };

  /** Runs a request, showing its refusal on the fields and above the button. */
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await work();
    } catch (error) {
      if (error instanceof TakeApiError) {
        setErrors(Object.fromEntries(Object.entries(error.errors ?? {}).map(([field, message]) => [field, serverMessage({ ...error.errorCodes?.[field], message })])));
        setFailure(serverMessage(error));
      } else setFailure(t('errors.network'));
    }
    setBusy(false);
  };
  const askCode = () =>
    attempt(async () => {
      await api.askCode(who);
      setCode('');
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code === null) return void askCode();
    void attempt(async () => {
      const { token } = await api.join({ ...who, code: code.trim() });
      window.location.assign(`/take/${token}`);
      // Leaving: the button stays busy until the page goes.
      await new Promise(() => undefined);
    });
  };

  const field = (name: keyof typeof person, label: string, props: { type?: string; autoComplete: string; required?: boolean }) => (
    <Field
      label={label}
      value={person[name]}
      onChange={(value) => setPerson({ ...person, [name]: value })}
      error={errors[name]}
      type={props.type}
      required={props.required}
      autoComplete={props.autoComplete}
    />
  );

  return (
    <TakeLayout title={named.name} screen={t('public.screen')} titleLanguage={named.language}>
      {named.description && (
        <Typography lang={named.language} sx={{ mb: 1, whiteSpace: 'pre-line' }}>
          {named.description}
        </Typography>
      )}
      <Typography color="text.secondary">{t('public.minutes', { minutes: Math.max(1, assessment.estimatedMinutes) })}</Typography>
      {!assessment.open ? (
        <Notice tone="info">{t('public.closed')}</Notice>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2, maxWidth: 480 }}>
          {code === null ? (
            <>
              <Typography>{t('public.intro')}</Typography>
              {field('name', t('public.name'), { autoComplete: 'name', required: true })}
              {field('email', t('public.email'), { type: 'email', autoComplete: 'email', required: true })}
              {field('phone', t('public.phone'), { type: 'tel', autoComplete: 'tel' })}
            </>
          ) : (
            <>
              <Notice tone="info">{t('public.codeSentTo', { email: person.email.trim(), minutes: OTP_TTL_MINUTES })}</Notice>
              <Field label={t('public.code')} value={code} onChange={setCode} error={errors.code} type="text" required autoComplete="one-time-code" inputMode="numeric" autoFocus />
            </>
          )}
          {failure && <Notice tone="error">{failure}</Notice>}
          <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? t('public.submitting') : code === null ? t('public.submit') : t('public.join')}
            </Button>
            {code !== null && (
              <>
                <Button disabled={busy} onClick={() => void askCode()}>
                  {t('public.resend')}
                </Button>
                <Button disabled={busy} onClick={() => setCode(null)}>
                  {t('public.changeEmail')}
                </Button>
              </>
            )}
          </Box>
        </Box>
      )}
    </TakeLayout>
  );
}
