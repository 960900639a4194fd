/** Label and value pairs as a description list: two columns from `sm` up, stacked on phones. */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Label and value pairs as a description list: two columns from `sm` up, stacked on phones. */
export function SummaryList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 260px) 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 1 }, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
