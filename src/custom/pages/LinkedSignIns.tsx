import GoogleIcon from '@mui/icons-material/Google';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { Alert, Box, Button, List, ListItem, ListItemIcon, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { passwordSchema } from '../../domain/schemas';
import { SIGN_IN_PROVIDER_LABELS } from '../../domain/signIns';
import type { linkedSignInSchema, signInsSchema } from '../../domain/userAnswers';
import { formatDate } from '../../domain/format';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { storage } from '../../providers/storage';
import { useAuthForm } from '../auth/useAuthForm';

type LinkedSignIn = z.input<typeof linkedSignInSchema>;
/** GET /api/users/me/sign-ins */
export type SignIns = z.input<typeof signInsSchema>;

const QUERY_KEY = ['me', 'sign-ins'];

/** The signed-in account's linked sign-ins, and whether it has a password. */
export function useSignIns() {
  const api = useApi();
  return useQuery({ queryKey: QUERY_KEY, queryFn: () => api.getSignIns() });
}

const setPasswordSchema = z.object({ newPassword: passwordSchema });

/** Sets the first password of an account made by a Google or LinkedIn sign-in. */
function SetPasswordForm({ onSet }: { onSet: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const form = useAuthForm({ newPassword: '' }, setPasswordSchema, async (values) => {
    const answer = await api.setPassword(values.newPassword);
    // Setting a password ends the account's sessions; the answer is this browser's new one.
    storage.saveSession(answer.token);
    notify('app.signIns.passwordSet', { type: 'success' });
    form.setValues({ newPassword: '' });
    onSet();
  });
  const field = form.field('newPassword');
  return (
    <Box component="form" onSubmit={form.onSubmit} noValidate>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          {...field}
          label={translate('app.signIns.newPassword')}
          type="password"
          autoComplete="new-password"
          size="small"
          helperText={field.helperText ?? translate('app.auth.passwordRule')}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={form.busy || !form.values.newPassword}>
          {translate('app.signIns.setPassword')}
        </Button>
      </Stack>
    </Box>
  );
}

/** /profile: the Google and LinkedIn sign-ins linked to one's account, and removing them. */
export function LinkedSignIns() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useSignIns();
  const [removing, setRemoving] = useState<LinkedSignIn | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const remove = async () => {
    if (!removing) return;
    try {
      await api.removeSignIn(removing.id);
      notify('app.signIns.removed', { type: 'info', messageArgs: { provider: SIGN_IN_PROVIDER_LABELS[removing.provider] } });
      await reload();
    } catch (failure) {
      notify(translateMessage(translate, (failure as Error).message), { type: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Box component="section" aria-labelledby="linked-sign-ins" sx={{ mt: 4 }}>
      <Typography id="linked-sign-ins" variant="h6" component="h2" gutterBottom>
        {translate('app.signIns.title')}
      </Typography>
      {error && <Alert severity="error">{translateMessage(translate, (error as Error).message)}</Alert>}
      {!isPending && data && (
        <Stack spacing={2}>
          {data.identities.length ? (
            <List dense disablePadding>
              {data.identities.map((identity) => (
                <ListItem
                  key={identity.id}
                  disableGutters
                  secondaryAction={
                    <Button size="small" color="error" onClick={() => setRemoving(identity)}>
                      {translate('app.signIns.remove')}
                    </Button>
                  }
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>{identity.provider === 'google' ? <GoogleIcon /> : <LinkedInIcon />}</ListItemIcon>
                  <ListItemText
                    primary={`${SIGN_IN_PROVIDER_LABELS[identity.provider]}${identity.email ? ` · ${identity.email}` : ''}`}
                    secondary={translate('app.signIns.usedOn', {
                      linked: formatDate(identity.createdAt, locale),
                      used: formatDate(identity.lastUsedAt, locale),
                    })}
                    sx={{ pr: 10 }}
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">{translate('app.signIns.none')}</Typography>
          )}
          {!data.hasPassword && (
            <>
              <Alert severity="info">{translate('app.signIns.noPassword')}</Alert>
              <SetPasswordForm onSet={() => void reload()} />
            </>
          )}
        </Stack>
      )}
      <Confirm
        isOpen={!!removing}
        title="app.signIns.removeTitle"
        content="app.signIns.removeBody"
        translateOptions={{ provider: removing ? SIGN_IN_PROVIDER_LABELS[removing.provider] : '' }}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
