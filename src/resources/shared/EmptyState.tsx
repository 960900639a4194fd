/** What a list shows before it has anything: an icon, a sentence on what will be here, and what to do first. */
import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export function EmptyState({ icon, title, body, action }: { icon: ReactNode; title: string; body: string; action?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper sx={{ p: { xs: 3, md: 5 }, mt: 2, textAlign: 'center', '& > svg': { fontSize: 56, mb: 1, color: 'action.active' } }}>
      {icon}
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
        {translate(body)}
      </Typography>
      {action}
    </Paper>
  );
}
