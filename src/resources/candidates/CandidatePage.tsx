/** `/candidate/:id/assessments`: one candidate (a person of the client that invited them) and their invitations. */
import { Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useApi } from '../../providers/useApi';
import { retryUnlessAnswered } from '../../providers/queryClient';
import { QueryState } from '../shared/QueryState';
import { SummaryList } from '../shared/SummaryList';
import { InvitationsOf } from '../invitations/InvitationList';

export default function CandidatePage() {
  const api = useApi();
  const { id = '' } = useParams();
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.candidates.fields.${key}`);
  const query = useQuery({ queryKey: ['candidate', id], queryFn: () => api.getCandidate(id), retry: retryUnlessAnswered });
  return (
    <QueryState query={query} title={translate('app.nav.participants')}>
      {(candidate) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Paper component="section" aria-labelledby="candidate-name" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography id="candidate-name" variant="h5" component="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
              {candidate.name}
            </Typography>
            <SummaryList
              rows={[
                [t('email'), candidate.email],
                [t('phone'), candidate.phone || '—'],
                ...(candidate.clientName ? [[t('clientName'), candidate.clientName] as [string, string]] : []),
              ]}
            />
          </Paper>
          <InvitationsOf
            filter={{ candidateId: candidate.id }}
            storeKey="invitations.ofCandidate"
            title={translate('app.candidates.title', { name: candidate.name })}
            columns={['assessment', 'started', 'expires', 'actions']}
            empty={false}
          />
        </Stack>
      )}
    </QueryState>
  );
}
