import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { z } from 'zod';
import { otpSchema } from '../../domain/schemas';
import { startSession } from '../../providers/authProvider';
import { useSessionCalls } from '../../providers/useApi';
import { storage } from '../../providers/storage';
import { translateMessage } from '../../i18n/messages';
import { AuthCard, AuthLink } from './AuthCard';
import { useAuthForm } from './useAuthForm';
import { useEnterApp } from './useEnterApp';

/** `/otp`: the 6-digit code mailed to an unverified account; verifying it signs the user in. */
export default function OtpPage() {
  const session = useSessionCalls();
  const translate = useTranslate();
  const notify = useNotify();
  const enterApp = useEnterApp();
  const email = storage.pendingEmail();
  const afterSignup = !!(useLocation().state as { afterSignup?: boolean } | null)?.afterSignup;
  const [resending, setResending] = useState(false);
  const form = useAuthForm({ otp: '' }, z.object({ otp: otpSchema }), async ({ otp }) => {
    const answer = await session.verifyCode(email ?? '', otp);
    await enterApp(await startSession(answer));
  });

  if (!email)
    return (
      <AuthCard title={translate('app.auth.otpTitle')}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.auth.otpMissingEmail')}
        </Alert>
        <AuthLink to="/">{translate('app.auth.backToLogin')}</AuthLink>
      </AuthCard>
    );

  async function resend() {
    setResending(true);
    try {
      await session.sendCode(email ?? '');
      notify('app.auth.codeSent', { type: 'info' });
    } catch (error) {
      notify(translateMessage(translate, (error as Error).message), { type: 'error' });
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard title={translate('app.auth.otpTitle')} subtitle={translate(afterSignup ? 'app.auth.otpHelpSignup' : 'app.auth.otpHelp', { email })}>
      <Box component="form" onSubmit={form.onSubmit} noValidate>
        <Stack spacing={2}>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <TextField
            {...form.field('otp')}
            onChange={(e) => form.setValues({ otp: e.target.value.replace(/\D/g, '').slice(0, 6) })}
            label={translate('app.auth.otp')}
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, style: { letterSpacing: 8, fontSize: 22 } } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={form.busy} fullWidth>
            {translate('app.auth.verify')}
          </Button>
          <Button onClick={resend} disabled={resending}>
            {translate('app.auth.resend')}
          </Button>
          <AuthLink to="/">{translate('app.auth.backToLogin')}</AuthLink>
        </Stack>
      </Box>
    </AuthCard>
  );
}
