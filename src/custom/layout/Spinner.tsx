import { Box, CircularProgress } from '@mui/material';

/** The spinner shown while auth, a screen's code (src/lazy.ts) or its data is on its way. */
export function Spinner({ fullHeight = false, waitingFor }: { fullHeight?: boolean; waitingFor?: string }) {
  // data-waiting-for names what the spinner waits for, for the e2e walk's log when one stays.
  return (
    <Box role="progressbar" aria-busy="true" data-waiting-for={waitingFor} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullHeight ? '100vh' : 240, width: '100%' }}>
      <CircularProgress />
    </Box>
  );
}
