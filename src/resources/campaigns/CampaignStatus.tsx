/** A campaign's state as a chip: scheduled, running, ended, cancelled. */
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CampaignStatus } from '../../domain/business';

const COLOURS: Record<CampaignStatus, ChipProps['color']> = { SCHEDULED: 'info', RUNNING: 'success', ENDED: 'default', CANCELLED: 'warning' };

export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLOURS[status]} variant={status === 'ENDED' ? 'outlined' : 'filled'} label={translate(`app.campaigns.status.${status}`)} />;
}
