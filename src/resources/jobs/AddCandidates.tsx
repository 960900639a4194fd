/**
 * Adding candidates to a job: those invited to the job's assessment (picked, best scores first),
 * or a new candidate invited to that assessment from here (mailed their link, as any invitation).
 * Either way the candidate lands in the first stage.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { candidateSchema } from '../../domain/assessment';
import { fieldErrors } from '../../domain/schemas';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import type { Invitable, JobRecord } from './api';

function InvitedTab({ job, onAdded }: { job: JobRecord; onAdded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { score } = useFormat();
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const api = useApi();
  const { data, isPending, refetch } = useQuery({ queryKey: ['jobInvitable', job.id, q], queryFn: () => api.getInvitable(job.id, q.trim()) });
  const add = async (row: Invitable) => {
    setBusy(row.invitationId);
    try {
      await api.addToJob(job.id, row.invitationId);
      notify('app.jobs.board.addedOne', { type: 'success', messageArgs: { name: row.name } });
      onAdded();
      await refetch();
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <TextField size="small" label={translate('app.jobs.board.search')} value={q} onChange={(e) => setQ(e.target.value)} fullWidth />
      {!isPending && !data?.length && <Typography color="text.secondary">{translate('app.jobs.board.noneToAdd')}</Typography>}
      <List dense aria-label={translate('app.jobs.board.invitedList')}>
        {(data ?? []).map((row) => (
          <ListItem
            key={row.invitationId}
            disableGutters
            secondaryAction={
              <Button size="small" disabled={busy === row.invitationId} onClick={() => add(row)} aria-label={translate('app.jobs.board.addName', { name: row.name })}>
                {translate('app.jobs.board.addOne')}
              </Button>
            }
          >
            <ListItemText
              primary={row.name}
              secondary={[row.email, row.percent === null ? translate(`app.enums.invitationStatus.${row.status}`) : score(row.percent)].join(' · ')}
              sx={{ pr: 8, overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

function InviteTab({ job, onAdded, onClose }: { job: JobRecord; onAdded: () => void; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [person, setPerson] = useState({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const api = useApi();
  const send = async () => {
    const payload = { name: person.name, email: person.email, ...(person.phone.trim() ? { phone: person.phone } : {}) };
    const parsed = candidateSchema.safeParse(payload);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await api.inviteToJob(job.id, parsed.data);
      notify('app.jobs.board.invited', { type: 'success', messageArgs: { name: parsed.data.name } });
      onAdded();
      onClose();
    } catch (e) {
      const error = e as Error & { body?: { errors?: Record<string, string> } };
      setErrors({ _: error.message, ...(error.body?.errors ?? {}) });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: 'name' | 'email' | 'phone', type = 'text') => (
    <TextField
      size="small"
      type={type}
      label={translate(`app.jobs.board.person.${name}`)}
      value={person[name]}
      onChange={(e) => setPerson({ ...person, [name]: e.target.value })}
      error={!!errors[name]}
      helperText={errors[name] ? translateMessage(translate, errors[name]) : undefined}
      required={name !== 'phone'}
      fullWidth
    />
  );
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.jobs.board.inviteHelp', { assessment: job.assessmentName ?? '' })}
      </Typography>
      {errors._ && <Alert severity="error">{translateMessage(translate, errors._)}</Alert>}
      {field('name')}
      {field('email', 'email')}
      {field('phone', 'tel')}
      <Box>
        <Button variant="contained" onClick={send} disabled={busy}>
          {translate('app.jobs.board.sendInvite')}
        </Button>
      </Box>
    </Stack>
  );
}

export function AddCandidatesDialog({ job, onClose, onAdded }: { job: JobRecord; onClose: () => void; onAdded: () => void }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'invited' | 'new'>('invited');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-candidates-title">
      <DialogTitle id="add-candidates-title">{translate('app.jobs.board.addTitle', { title: job.title })}</DialogTitle>
      <DialogContent>
        {!job.assessmentId ? (
          <Alert severity="info">{translate('app.messages.jobNoAssessment')}</Alert>
        ) : (
          <>
            <Tabs value={tab} onChange={(_, next) => setTab(next)} variant="fullWidth">
              <Tab value="invited" label={translate('app.jobs.board.tabInvited')} />
              <Tab value="new" label={translate('app.jobs.board.tabNew')} />
            </Tabs>
            {tab === 'invited' ? <InvitedTab job={job} onAdded={onAdded} /> : <InviteTab job={job} onAdded={onAdded} onClose={onClose} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
