/**
 * A client's careers page address (/careers/<slug>): the field the client (at /details) or the
 * provider's staff (the client form) change, checked as the server checks it, and the link to the
 * page as it stands (the saved address, opened in a new tab).
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Link, Typography } from '@mui/material';
import { TextInput, useRecordContext, useTranslate } from 'react-admin';
import { careersPath } from '../../domain/careers';

export function CareersAddressInput({ disabled = false }: { disabled?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<{ slug?: string }>();
  const saved = record?.slug;
  const url = saved ? `${window.location.origin}${careersPath(saved)}` : null;
  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.careers.address.title')}
      </Typography>
      <TextInput source="slug" label="app.careers.address.label" helperText="app.careers.address.help" disabled={disabled} sx={{ width: { xs: '100%', sm: 360 } }} slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }} />
      {url && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <Link href={url} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }} aria-label={`${translate('app.careers.address.open')}: ${url}`}>
            {url}
            <OpenInNewIcon fontSize="inherit" />
          </Link>
        </Typography>
      )}
    </Box>
  );
}
