import { Alert, Box, Button, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { COMPANY_LEGAL_TYPES } from '../../domain/constants';
import { genericSignupSchema, signupSchema } from '../../domain/schemas';
import { useSessionCalls } from '../../providers/useApi';
import { storage } from '../../providers/storage';
import { AuthCard, AuthLink } from './AuthCard';
import { FederatedButtons } from './federated';
import { useAuthForm } from './useAuthForm';

/**
 * `/signup` (a client company and its first CLIENT user) and `/generic-signup` (a USER account).
 * Both accounts start unverified: the mailed code at /otp finishes the sign-up. An email that
 * already has an account gets a note instead of a code, and the answer does not say which.
 */
export function SignupForm({ company }: { company: boolean }) {
  const session = useSessionCalls();
  const translate = useTranslate();
  const navigate = useNavigate();
  const initial: Record<string, string> = company ? { companyName: '', legalType: '', name: '', email: '', password: '' } : { name: '', email: '', password: '' };
  const form = useAuthForm(initial, company ? signupSchema : genericSignupSchema, async (values) => {
    const answer = await session.signUp(values, company);
    storage.setPendingEmail(answer.email);
    // The server answers alike whether or not the email has an account: the code page says both.
    navigate('/otp', { state: { afterSignup: true } });
  });
  return (
    <AuthCard
      title={translate(company ? 'app.auth.signupTitle' : 'app.auth.genericSignupTitle')}
      subtitle={company ? translate('app.auth.signupHelp') : undefined}
      width={480}
    >
      <Box component="form" onSubmit={form.onSubmit} noValidate>
        <Stack spacing={2}>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          {company && <TextField {...form.field('companyName')} label={translate('app.auth.companyName')} autoFocus fullWidth />}
          {company && (
            <TextField {...form.field('legalType')} select label={translate('app.auth.legalType')} fullWidth>
              {COMPANY_LEGAL_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {translate(`app.enums.legalType.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField {...form.field('name')} label={translate('app.auth.name')} autoComplete="name" autoFocus={!company} fullWidth />
          <TextField {...form.field('email')} label={translate('app.auth.email')} type="email" autoComplete="email" fullWidth />
          <TextField
            {...form.field('password')}
            label={translate('app.auth.password')}
            type="password"
            autoComplete="new-password"
            fullWidth
            helperText={form.field('password').helperText ?? translate('app.auth.passwordRule')}
          />
          <Button type="submit" variant="contained" size="large" disabled={form.busy} fullWidth>
            {translate('app.auth.createAccount')}
          </Button>
          {/* A federated sign-up makes a personal (USER) account; a company signs up with the form. */}
          {!company && (
            <>
              <Divider>{translate('app.auth.orContinueWith')}</Divider>
              <FederatedButtons />
            </>
          )}
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {translate('app.auth.haveAccount')} <AuthLink to="/">{translate('app.auth.signIn')}</AuthLink>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}

export const CompanySignupPage = () => <SignupForm company />;
export const GenericSignupPage = () => <SignupForm company={false} />;
