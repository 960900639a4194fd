/** A small icon button on a list row (move up, move down, remove), named by its label and with it as a tooltip. */
import { IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

export function RowButton({ label, disabled, onClick, children }: { label: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  const button = (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </IconButton>
  );
  // A disabled button fires no events for the tooltip to follow.
  return disabled ? button : <Tooltip title={label}>{button}</Tooltip>;
}
