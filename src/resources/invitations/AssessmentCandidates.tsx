/**
 * `/viewcandidatelist/:id`: the candidates of one assessment (its invitations) with their stored
 * scores: score, band, a band per test, integrity and percentile, sortable and filterable (status,
 * integrity, band, "High in Problem Solving"), exported as CSV; what staff can do to each (resend,
 * revoke, extend, extra time); "Invite candidates"; and 2 to 4 of them compared side by side
 * (`?compare=a,b`, so that the comparison has an address of its own).
 */
import { isInvitable } from '../../domain/assessment';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazy } from '../../lazy';
import { useTranslate } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { can } from '../../domain/permissions';
import { Spinner } from '../../custom/layout/Spinner';
import { useProfile } from '../../custom/layout/useProfile';
import { useApi } from '../../providers/useApi';
import { retryUnlessAnswered } from '../../providers/queryClient';
import { ASSESSMENT_PATHS, type AssessmentRecord } from '../assessments/api';
import { useAssessment } from '../assessments/useAssessment';
import { AssessmentStatusChip } from '../assessments/AssessmentChips';
import { QueryState } from '../shared/QueryState';
import { ResponsiveList, usePhone } from '../shared/ResponsiveList';
import { CandidateScoreRows, ExportCsvButton, ScoreListActions, useScoreFilters } from './CandidateScores';
import { COMPARE_PARAM, compareIdsOf, type ScoreColumns } from './comparison';

const CandidateComparison = lazy(() => import('./CandidateComparison'));

const NO_COLUMNS: ScoreColumns = { tests: [], skills: [] };

export default function AssessmentCandidates() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const api = useApi();
  const assessment = useAssessment(id);
  // The tests and skills of the score columns and the skill band filter (asked beside the assessment); without them the list still shows the overall score.
  const { data: columns = NO_COLUMNS } = useQuery({ queryKey: ['score-columns', id], enabled: !!id, queryFn: () => api.getScoreColumns(id), retry: retryUnlessAnswered });
  return (
    <QueryState query={assessment} title={translate('app.nav.participants')}>
      {(record) => <CandidatesOf assessment={record} columns={columns} />}
    </QueryState>
  );
}

/** An assessment's candidates with their scores, and the comparison of those chosen. */
function CandidatesOf({ assessment, columns }: { assessment: AssessmentRecord; columns: ScoreColumns }) {
  const translate = useTranslate();
  const profile = useProfile();
  const phone = usePhone();
  const [search, setSearch] = useSearchParams();
  const filters = useScoreFilters(columns.skills);
  const compareIds = compareIdsOf(search);

  const setCompare = (ids: string[] | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (ids) next.set(COMPARE_PARAM, ids.join(','));
      else next.delete(COMPARE_PARAM);
      return next;
    });

  const mayInvite = isInvitable(assessment) && can(profile, 'CANDIDATES', 'create');
  const invite = mayInvite && (
    <Button component={Link} to={ASSESSMENT_PATHS.invite(assessment.id)} startIcon={<PersonAddIcon />} size="small">
      {translate('app.assessments.invite')}
    </Button>
  );
  // Column choices per assessment: its tests are columns of their own.
  const preferenceKey = `invitations.scores.${assessment.id}`;
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', pt: 1 }}>
        <Button component={Link} to={ASSESSMENT_PATHS.view(assessment.id)} startIcon={<ArrowBackIcon />} size="small">
          {assessment.name}
        </Button>
        <AssessmentStatusChip status={assessment.status} />
      </Box>
      <ResponsiveList
        resource="invitations"
        // Per assessment: its skill band filters and the selection mean nothing in another.
        storeKey={`invitations.ofAssessment.${assessment.id}`}
        filter={{ assessmentId: assessment.id }}
        filters={filters}
        title={translate('app.invitations.ofAssessment', { name: assessment.name })}
        sort={{ field: 'percent', order: 'DESC' }}
        actions={
          <ScoreListActions preferenceKey={preferenceKey} exportButton={<ExportCsvButton assessmentId={assessment.id} assessmentName={assessment.name} tests={columns.tests} />}>
            {invite || null}
          </ScoreListActions>
        }
        empty={
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <Typography color="text.secondary" gutterBottom>
              {translate('app.invitations.noneForAssessment')}
            </Typography>
            {invite}
          </Box>
        }
      >
        <CandidateScoreRows tests={columns.tests} preferenceKey={preferenceKey} onCompare={setCompare} />
      </ResponsiveList>
      <Dialog open={compareIds.length > 0} onClose={() => setCompare(null)} fullScreen={phone} fullWidth maxWidth="lg" aria-labelledby="comparison-title">
        <DialogTitle id="comparison-title">{translate('app.comparison.title', { smart_count: compareIds.length, name: assessment.name })}</DialogTitle>
        <DialogContent dividers>
          {compareIds.length > 0 && (
            <Suspense fallback={<Spinner />}>
              <CandidateComparison assessmentId={assessment.id} ids={compareIds} />
            </Suspense>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCompare(null)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
