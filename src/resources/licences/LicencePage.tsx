/**
 * `/clientLicence/:id`: a licence's figures, its dates and state, and the invitations that spent
 * its credits. Provider staff with the permission may revoke it: its unused credits stop working.
 */
import BlockIcon from '@mui/icons-material/Block';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import type { Profile } from '../../providers/authProvider';
import { useApi } from '../../providers/useApi';
import { QueryState } from '../shared/QueryState';
import { LICENCE_PATHS, type LicenceRecord } from './api';
import { CreditsBar, LicenceStateChip } from './LicenceParts';

export default function LicencePage() {
  const api = useApi();
  const { id = '' } = useParams();
  const profile = useProfile();
  const translate = useTranslate();
  const licence = useQuery({ queryKey: ['licence', id], queryFn: () => api.getLicence(id) });
  if (!profile) return null;
  return (
    <QueryState query={licence} title={translate('app.licences.title')}>
      {(l) => <LicenceView l={l} profile={profile} />}
    </QueryState>
  );
}

/** A licence's credits and dates, with the invitations that spent them. */
function LicenceView({ l, profile }: { l: LicenceRecord; profile: Profile }) {
  const translate = useTranslate();
  const format = useFormat();
  const staff = !profile.clientId;
  const facts: [string, string][] = [
    ...(staff ? ([[translate('resources.licences.fields.clientName'), l.clientName]] as [string, string][]) : []),
    [translate('resources.licences.fields.assessmentName'), l.assessmentName ?? translate('app.licences.anyAssessment')],
    [translate('resources.licences.fields.validFrom'), format.date(l.validFrom)],
    [translate('resources.licences.fields.validUntil'), format.date(l.validUntil)],
    [translate('resources.licences.fields.createdAt'), format.date(l.createdAt)],
    ...(l.grantedByName ? ([[translate('resources.licences.fields.grantedByName'), l.grantedByName]] as [string, string][]) : []),
    ...(l.revokedAt ? ([[translate('resources.licences.fields.revokedAt'), format.dateTime(l.revokedAt)]] as [string, string][]) : []),
  ];
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Title title={translate('app.licences.pageTitle', { name: l.assessmentName ?? translate('app.licences.anyAssessment') })} />
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LicenceStateChip state={l.state} />
            <Typography variant="h6" component="h2">
              {translate('app.licences.creditsOf', { used: format.number(l.used), credits: format.number(l.credits) })}
            </Typography>
          </Stack>
          {can(profile, 'LICENCES', 'edit') && l.state !== 'REVOKED' && <RevokeButton id={l.id} unused={l.remaining} />}
        </Stack>
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <CreditsBar {...l} />
        </Box>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, m: 0 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary" variant="body2">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {l.notes && (
          <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
            {l.notes}
          </Typography>
        )}
      </Paper>

      <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="licence-usage">
        <Typography id="licence-usage" variant="h6" component="h2" gutterBottom>
          {translate('app.licences.usageTitle')}
        </Typography>
        {l.usage.length === 0 ? (
          <Typography color="text.secondary">{translate('app.licences.usageEmpty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.licences.usage.candidate')}</TableCell>
                  <TableCell>{translate('app.licences.usage.assessment')}</TableCell>
                  <TableCell>{translate('app.licences.usage.status')}</TableCell>
                  <TableCell>{translate('app.licences.usage.invitedAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {l.usage.map((u) => (
                  <TableRow key={u.id}>
                    <TableCell>
                      <Box>{u.candidateName}</Box>
                      <Typography variant="caption" color="text.secondary">
                        {u.candidateEmail}
                      </Typography>
                    </TableCell>
                    <TableCell>{u.assessmentName}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" label={translate(`app.enums.invitationStatus.${u.status}`, { _: u.status })} />
                    </TableCell>
                    <TableCell>{format.dateTime(u.invitedAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {l.usageTotal > l.usage.length && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.licences.usageMore', { shown: l.usage.length, total: l.usageTotal })}
          </Typography>
        )}
      </Paper>
      <Box>
        <Button component={Link} to={LICENCE_PATHS.list}>
          {translate('app.licences.backToList')}
        </Button>
      </Box>
    </Stack>
  );
}

function RevokeButton({ id, unused }: { id: string; unused: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: () => api.revokeLicence(id),
    onSuccess: async () => {
      setOpen(false);
      notify('app.licences.revoked', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['licence', id] });
      await queryClient.invalidateQueries({ queryKey: ['licence-balance'] });
    },
    onError: (e: Error) => notify(translateMessage(translate, e.message), { type: 'error' }),
  });
  return (
    <>
      <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        {translate('app.licences.revoke')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="revoke-licence-title">
        <DialogTitle id="revoke-licence-title">{translate('app.licences.revokeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.licences.revokeBody', { smart_count: unused })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
            {translate('app.licences.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
