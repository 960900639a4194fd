/** A button that shows a spinner in place of its icon, and refuses clicks, while its work runs. */
import { Button, CircularProgress } from '@mui/material';
import type { ComponentProps } from 'react';

export function BusyButton({ busy, children, ...props }: { busy: boolean } & ComponentProps<typeof Button>) {
  return (
    <Button {...props} disabled={busy || props.disabled} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : props.startIcon}>
      {children}
    </Button>
  );
}
