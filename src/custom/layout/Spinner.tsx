import { Box, CircularProgress } from '@mui/material';

/** The spinner shown while auth or a lazily loaded screen is on its way. */
export function Spinner({ fullHeight = false }: { fullHeight?: boolean }) {
  return (
    <Box role="progressbar" aria-busy="true" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullHeight ? '100vh' : 240, width: '100%' }}>
      <CircularProgress />
    </Box>
  );
}
