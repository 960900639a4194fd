/** A coding question section's heading, with its help below it. */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function SectionTitle({ children, help, id }: { children: ReactNode; help?: ReactNode; id?: string }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 500 }}>
        {children}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      )}
    </Box>
  );
}
