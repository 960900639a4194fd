import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useProfile } from '../layout/useProfile';
import { LinkedSignIns, useSignIns } from './LinkedSignIns';

/** /profile: the signed-in user's own details. */
export default function ProfilePage() {
  const translate = useTranslate();
  const profile = useProfile();
  // Both changes ask for the current password: an account made by a Google or LinkedIn sign-in sets its first one below.
  const hasPassword = useSignIns().data?.hasPassword !== false;
  if (!profile) return null;
  const rows: [string, string | null][] = [
    ['resources.users.fields.name', profile.name],
    ['resources.users.fields.email', profile.email],
    ['resources.users.fields.username', profile.username],
    ['resources.users.fields.role', translate(`app.enums.role.${profile.role}`)],
    ['resources.users.fields.membershipType', profile.membershipType && translate(`app.enums.membershipType.${profile.membershipType}`)],
    ['resources.users.fields.position', profile.positionName],
    ['resources.users.fields.clientId', profile.clientName],
  ];
  return (
    <Paper sx={{ p: 3, maxWidth: 640 }}>
      <Title title={translate('app.profile.title')} />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, m: 0 }}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
      {hasPassword && (
        <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap' }}>
          <Button component={Link} to="/change-password" variant="outlined">
            {translate('app.nav.changePassword')}
          </Button>
          <Button component={Link} to="/changeCredentials" variant="outlined">
            {translate('app.nav.changeCredentials')}
          </Button>
        </Stack>
      )}
      <LinkedSignIns />
    </Paper>
  );
}
