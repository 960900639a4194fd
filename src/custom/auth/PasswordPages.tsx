import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { changeCredentialsSchema, changePasswordSchema, emailSchema, passwordSchema } from '../../domain/schemas';
import { loadProfile } from '../../providers/authProvider';
import { useApi, useSessionCalls } from '../../providers/useApi';
import { storage } from '../../providers/storage';
import { AuthCard, AuthLink } from './AuthCard';
import { useAuthForm } from './useAuthForm';

/** `/forgotpassword`: asks for the email and mails a reset link. */
export function ForgotPasswordPage() {
  const session = useSessionCalls();
  const translate = useTranslate();
  const [sent, setSent] = useState(false);
  const form = useAuthForm({ email: '' }, z.object({ email: emailSchema }), async (values) => {
    await session.forgotPassword(values.email);
    setSent(true);
  });
  return (
    <AuthCard title={translate('app.auth.forgotTitle')} subtitle={translate('app.auth.forgotHelp')}>
      <Box component="form" onSubmit={form.onSubmit} noValidate>
        <Stack spacing={2}>
          {sent && <Alert severity="success">{translate('app.auth.resetSent')}</Alert>}
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <TextField {...form.field('email')} label={translate('app.auth.email')} type="email" autoComplete="email" autoFocus fullWidth />
          <Button type="submit" variant="contained" disabled={form.busy} fullWidth>
            {translate('app.auth.sendLink')}
          </Button>
          <AuthLink to="/">{translate('app.auth.backToLogin')}</AuthLink>
        </Stack>
      </Box>
    </AuthCard>
  );
}

/** `/resetPassword?token=…`: the mailed link; checks the token, then continues to /newPassword. */
export function ResetPasswordPage() {
  const session = useSessionCalls();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'checking' | 'valid' | 'invalid'; email?: string }>({ status: 'checking' });
  useEffect(() => {
    if (!token) return setState({ status: 'invalid' });
    session
      .checkResetToken(token)
      .then((answer) => setState({ status: 'valid', email: answer.email }))
      .catch(() => setState({ status: 'invalid' }));
  }, [session, token]);
  return (
    <AuthCard title={translate('app.auth.resetTitle')}>
      <Stack spacing={2}>
        {state.status === 'checking' && <Typography>{translate('app.auth.resetChecking')}</Typography>}
        {state.status === 'invalid' && <Alert severity="error">{translate('app.auth.resetInvalid')}</Alert>}
        {state.status === 'valid' && (
          <>
            <Alert severity="success">{translate('app.auth.resetValid', { email: state.email })}</Alert>
            <Button variant="contained" onClick={() => navigate('/newPassword', { state: { token } })}>
              {translate('app.auth.continue')}
            </Button>
          </>
        )}
        {state.status === 'invalid' && <AuthLink to="/forgotpassword">{translate('app.auth.sendLink')}</AuthLink>}
        <AuthLink to="/">{translate('app.auth.backToLogin')}</AuthLink>
      </Stack>
    </AuthCard>
  );
}

const newPasswordForm = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

/** `/newPassword`: sets the new password with the token from /resetPassword. */
export function NewPasswordPage() {
  const session = useSessionCalls();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = (location.state as { token?: string } | null)?.token ?? params.get('token') ?? '';
  const form = useAuthForm({ password: '', confirm: '' }, newPasswordForm, async ({ password }) => {
    await session.resetPassword(token, password);
    notify('app.auth.passwordReset', { type: 'success' });
    navigate('/', { replace: true });
  });
  if (!token)
    return (
      <AuthCard title={translate('app.auth.newPasswordTitle')}>
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('app.auth.resetInvalid')}
        </Alert>
        <AuthLink to="/forgotpassword">{translate('app.auth.sendLink')}</AuthLink>
      </AuthCard>
    );
  return (
    <AuthCard title={translate('app.auth.newPasswordTitle')} subtitle={translate('app.auth.passwordRule')}>
      <Box component="form" onSubmit={form.onSubmit} noValidate>
        <Stack spacing={2}>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <TextField {...form.field('password')} label={translate('app.auth.newPassword')} type="password" autoComplete="new-password" autoFocus fullWidth />
          <TextField {...form.field('confirm')} label={translate('app.auth.confirmPassword')} type="password" autoComplete="new-password" fullWidth />
          <Button type="submit" variant="contained" disabled={form.busy} fullWidth>
            {translate('app.auth.setPassword')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}

/** The panel of the signed-in password pages. */
function AccountPanel({ title, help, children }: { title: string; help?: string; children: React.ReactNode }) {
  return (
    <Paper sx={{ p: 3, maxWidth: 520 }}>
      <Title title={title} />
      {help && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {help}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

const changePasswordForm = changePasswordSchema
  .extend({ confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

/** `/change-password`: the signed-in user's new password; other sessions are signed out. */
export function ChangePasswordPage() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const form = useAuthForm({ currentPassword: '', newPassword: '', confirm: '' }, changePasswordForm, async ({ currentPassword, newPassword }) => {
    const answer = await api.changePassword(currentPassword, newPassword);
    storage.saveSession(answer.token);
    form.setValues({ currentPassword: '', newPassword: '', confirm: '' });
    notify('app.auth.passwordChanged', { type: 'success' });
  });
  return (
    <AccountPanel title={translate('app.auth.changePasswordTitle')} help={translate('app.auth.passwordRule')}>
      <Box component="form" onSubmit={form.onSubmit} noValidate>
        <Stack spacing={2}>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <TextField {...form.field('currentPassword')} label={translate('app.auth.currentPassword')} type="password" autoComplete="current-password" fullWidth />
          <TextField {...form.field('newPassword')} label={translate('app.auth.newPassword')} type="password" autoComplete="new-password" fullWidth />
          <TextField {...form.field('confirm')} label={translate('app.auth.confirmPassword')} type="password" autoComplete="new-password" fullWidth />
          <Button type="submit" variant="contained" disabled={form.busy}>
            {translate('app.auth.save')}
          </Button>
        </Stack>
      </Box>
    </AccountPanel>
  );
}

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const credentialsForm = z.object({
  currentPassword: changeCredentialsSchema.shape.currentPassword,
  email: z.preprocess(emptyToUndefined, changeCredentialsSchema.shape.email),
  username: z.preprocess(emptyToUndefined, changeCredentialsSchema.shape.username),
  newPassword: z.preprocess(emptyToUndefined, changeCredentialsSchema.shape.newPassword),
});

/** `/changeCredentials`: change email, username or password after sign-in. */
export function ChangeCredentialsPage() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const form = useAuthForm({ currentPassword: '', email: '', username: '', newPassword: '' }, credentialsForm, async (values) => {
    const answer = await api.changeCredentials(values);
    storage.saveSession(answer.token, answer.email);
    await loadProfile(true);
    form.setValues({ currentPassword: '', email: '', username: '', newPassword: '' });
    notify('app.auth.credentialsChanged', { type: 'success' });
  });
  return (
    <AccountPanel title={translate('app.auth.changeCredentialsTitle')} help={translate('app.auth.changeCredentialsHelp')}>
      <Box component="form" onSubmit={form.onSubmit} noValidate>
        <Stack spacing={2}>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <TextField {...form.field('email')} label={translate('app.auth.email')} type="email" fullWidth />
          <TextField {...form.field('username')} label={translate('app.auth.username')} fullWidth />
          <TextField {...form.field('newPassword')} label={translate('app.auth.newPassword')} type="password" autoComplete="new-password" fullWidth />
          <TextField {...form.field('currentPassword')} label={translate('app.auth.currentPassword')} type="password" autoComplete="current-password" fullWidth />
          <Button type="submit" variant="contained" disabled={form.busy}>
            {translate('app.auth.save')}
          </Button>
        </Stack>
      </Box>
    </AccountPanel>
  );
}

