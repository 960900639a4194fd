/**
 * What staff can do to an invitation: send it again (a new link; the old one stops working),
 * revoke it (only before the candidate opens it), extend its expiry, grant extra time. Each asks
 * first; the server checks every rule again and its message is shown when it refuses.
 */
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Menu, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { extendSchema } from '../../domain/assessment';
import { isFinalStatus } from '../../domain/attempt';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { fromLocalInput, toLocalInput } from '../assessments/assessmentDraft';
import type { InvitationRow } from './api';
import { ExtraTimeInput, extraTimeValue, parseExtraTime, type ExtraTimeValue } from './ExtraTimeInput';

type Action = 'resend' | 'revoke' | 'expiry' | 'extraTime';

/** The actions an invitation in this state allows (the server has the last word). */
export function invitationActions(row: Pick<InvitationRow, 'status' | 'revokedAt' | 'openedAt' | 'startedAt'>): Action[] {
  if (row.revokedAt || (isFinalStatus(row.status) && !(row.status === 'EXPIRED' && !row.startedAt))) return [];
  // Expired before it was started: a later expiry brings it back (then it can be sent again).
  if (row.status === 'EXPIRED') return ['expiry', 'extraTime'];
  // Revoking is for a link nobody has opened yet.
  return row.status === 'PENDING' && !row.openedAt ? ['resend', 'revoke', 'expiry', 'extraTime'] : ['resend', 'expiry', 'extraTime'];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function InvitationActions({ row, onDone }: { row: InvitationRow; onDone: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.invitations.${key}`, options);
  const profile = useProfile();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Action | null>(null);
  const actions = invitationActions(row);
  if (!profile || !can(profile, 'CANDIDATES', 'edit') || actions.length === 0) return null;
  // Rows open their attempt when clicked: the menu must not.
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <span onClick={stop}>
      <IconButton size="small" aria-label={t('actionsFor', { name: row.candidateName })} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              setOpen(action);
            }}
          >
            {t(`action.${action}`)}
          </MenuItem>
        ))}
      </Menu>
      {open && <ActionDialog action={open} row={row} onClose={() => setOpen(null)} onDone={onDone} />}
    </span>
  );
}

function ActionDialog({ action, row, onClose, onDone }: { action: Action; row: InvitationRow; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.invitations.${key}`, options);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const base = row.expiresAt && Date.parse(row.expiresAt) > Date.now() ? Date.parse(row.expiresAt) : Date.now();
  const [expiry, setExpiry] = useState(() => toLocalInput(new Date(base + 7 * DAY_MS).toISOString()));
  const [extra, setExtra] = useState<ExtraTimeValue>(() => extraTimeValue(row.extraTime));

  /** The call of this action, or the message that keeps it from being made. */
  function call(): (() => Promise<{ message?: string }>) | { message: string } {
    switch (action) {
      case 'resend':
        return () => api.resendInvitation(row.id);
      case 'revoke':
        return () => api.revokeInvitation(row.id);
      case 'expiry': {
        const expiresAt = fromLocalInput(expiry);
        const checked = extendSchema.safeParse({ expiresAt });
        if (!checked.success) return { message: checked.error.issues[0].message };
        if (Date.parse(checked.data.expiresAt) <= Date.now()) return { message: 'The expiry must be in the future.' };
        return () => api.extendInvitation(row.id, checked.data);
      }
      case 'extraTime': {
        const parsed = parseExtraTime(extra);
        return 'message' in parsed ? parsed : () => api.giveExtraTime(row.id, parsed.extraTime);
      }
    }
  }

  async function confirm() {
    const planned = call();
    if ('message' in planned) return setError(planned.message);
    setBusy(true);
    try {
      const answer = await planned();
      // Resend and extra time answer what changed for the candidate (the old link stops working; parts from now on).
      if (answer?.message) notify(translateMessage(translate, answer.message), { type: 'success' });
      else notify(`app.invitations.done.${action}`, { type: 'success', messageArgs: { name: row.candidateName } });
      onDone();
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  let body: ReactNode = <DialogContentText>{t(`confirm.${action}`, { name: row.candidateName, email: row.candidateEmail })}</DialogContentText>;
  if (action === 'expiry')
    body = (
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogContentText>{t('confirm.expiry', { name: row.candidateName })}</DialogContentText>
        <TextField
          type="datetime-local"
          label={t('newExpiry')}
          value={expiry}
          onChange={(e) => {
            setExpiry(e.target.value);
            setError(undefined);
          }}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!error}
          helperText={error ? translateMessage(translate, error) : undefined}
        />
      </Stack>
    );
  if (action === 'extraTime')
    body = (
      <Stack spacing={1}>
        <DialogContentText>{t('confirm.extraTime', { name: row.candidateName })}</DialogContentText>
        <ExtraTimeInput
          value={extra}
          onChange={(value) => {
            setExtra(value);
            setError(undefined);
          }}
          error={error}
        />
      </Stack>
    );
  const fieldShowsError = action === 'expiry' || (action === 'extraTime' && extra.kind !== 'none');
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="invitation-action-title" fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()}>
      <DialogTitle id="invitation-action-title">{t(`action.${action}`)}</DialogTitle>
      <DialogContent>
        {body}
        {error && !fieldShowsError && (
          <DialogContentText color="error" role="alert" sx={{ mt: 2 }}>
            {translateMessage(translate, error)}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color={action === 'revoke' ? 'error' : 'primary'} onClick={confirm} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {t(`action.${action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
