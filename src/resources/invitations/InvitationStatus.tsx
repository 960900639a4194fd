/** An invitation's status as lists and pages show it (revoked ones say so), and the "online" dot. */
import { Box, Chip, Tooltip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InvitationStatus } from '../../domain/attempt';
import type { InvitationRow } from './api';

const COLOURS: Record<InvitationStatus, ChipProps['color']> = {
  PENDING: 'default',
  IN_PROGRESS: 'info',
  COMPLETED: 'success',
  EXPIRED: 'warning',
  DISQUALIFIED: 'error',
};

/** The status's name: revoked invitations keep PENDING but are shown as revoked. */
export const statusKey = (row: Pick<InvitationRow, 'status' | 'revokedAt'>) =>
  row.revokedAt && row.status === 'PENDING' ? 'app.invitations.revoked' : `app.enums.invitationStatus.${row.status}`;

export function InvitationStatusChip({ row }: { row: Pick<InvitationRow, 'status' | 'revokedAt'> }) {
  const translate = useTranslate();
  const revoked = !!row.revokedAt && row.status === 'PENDING';
  return <Chip size="small" color={revoked ? 'default' : COLOURS[row.status]} variant={revoked ? 'outlined' : 'filled'} label={translate(statusKey(row))} />;
}

/** Green while the candidate is taking the assessment (seen within the last minute); a hollow grey ring otherwise. */
export function OnlineDot({ online }: { online: boolean }) {
  const translate = useTranslate();
  const label = translate(online ? 'app.invitations.online' : 'app.invitations.offline');
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        sx={{
          display: 'inline-block',
          width: 12,
          height: 12,
          borderRadius: '50%',
          verticalAlign: 'middle',
          ...(online ? { bgcolor: 'success.main', boxShadow: (t) => `0 0 0 3px ${t.palette.success.light}55` } : { border: 2, borderColor: 'grey.400' }),
        }}
      />
    </Tooltip>
  );
}
