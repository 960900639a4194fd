import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Box, Button, Divider, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { loginSchema } from '../../domain/schemas';
import { authProvider, LOGIN_FAILED } from '../../providers/authProvider';
import { AuthCard, AuthLink } from './AuthCard';
import { FederatedButtons } from './federated';
import { useAuthForm } from './useAuthForm';
import { useEnterApp } from './useEnterApp';

/** `/`: sign in with email (or username) and password; an unverified account continues at /otp. */
export default function LoginPage() {
  const translate = useTranslate();
  const enterApp = useEnterApp();
  const notify = useNotify();
  const [showPassword, setShowPassword] = useState(false);
  const form = useAuthForm({ email: '', password: '' }, loginSchema, async ({ email, password }) => {
    try {
      const { redirectTo } = await authProvider.login({ username: email, password });
      await enterApp(redirectTo);
    } catch (error) {
      // Section 4: a failed sign-in shows its message as an error toast (in the interface
      // language, through the i18n provider), and only there: the form keeps no second copy.
      const message = (error as Error)?.message || LOGIN_FAILED;
      notify(message, { type: 'error' });
      throw Object.assign(new Error(message, { cause: error }), { body: (error as { body?: unknown })?.body });
    }
  });

  return (
    <AuthCard title={translate('app.auth.signInTitle')} subtitle={translate('WELCOME')}>
      <Box component="form" onSubmit={form.onSubmit} noValidate>
        <Stack spacing={2}>
          <TextField {...form.field('email')} label={translate('app.auth.emailOrUsername')} autoComplete="username" autoFocus fullWidth />
          <TextField
            {...form.field('password')}
            label={translate('app.auth.password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            fullWidth
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton onClick={() => setShowPassword((s) => !s)} aria-label={translate(showPassword ? 'app.auth.hidePassword' : 'app.auth.showPassword')} edge="end">
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ textAlign: 'right' }}>
            <AuthLink to="/forgotpassword">{translate('app.auth.forgotPassword')}</AuthLink>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={form.busy} fullWidth>
            {translate('app.auth.signIn')}
          </Button>
          <Divider>{translate('app.auth.orContinueWith')}</Divider>
          <FederatedButtons />
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {translate('app.auth.noAccount')} <AuthLink to="/signup">{translate('app.auth.signUpCompany')}</AuthLink>
            {' · '}
            <AuthLink to="/generic-signup">{translate('app.auth.signUpPersonal')}</AuthLink>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
