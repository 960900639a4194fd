/**
 * "Take an assessment" on a USER's dashboard: the provider's Self Assessments, each with Start (or
 * Continue, or, once completed, the user's own report). Starting asks the server for this user's own attempt and opens its
 * candidate page in the same tab.
 */
import AssessmentIcon from '@mui/icons-material/Assessment';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, CircularProgress, Grid, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { selfAssessmentSchema } from '../../domain/assessmentAnswers';
import type { InvitationStatus } from '../../domain/attempt';
import { nameIn } from '../../domain/language';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { REPORT_PATHS } from '../../domain/printing';

/** A row of GET /api/self-assessments. */
export type SelfAssessment = z.input<typeof selfAssessmentSchema>;


/** Where the user can still go: Start, Continue, or nothing more (completed, expired, disqualified). */
export function selfAssessmentAction(status: InvitationStatus | null | undefined): 'start' | 'continue' | null {
  if (!status || status === 'PENDING') return 'start';
  if (status === 'IN_PROGRESS') return 'continue';
  return null;
}

/** `hideWhenEmpty`: nothing at all when there is none to take (a client's people, most of whom have none). */
export function SelfAssessments({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [opening, setOpening] = useState<string | null>(null);
  const { data, error, isPending } = useQuery({ queryKey: ['self-assessments'], queryFn: () => api.getSelfAssessments() });

  async function open(id: string) {
    setOpening(id);
    try {
      const { link } = await api.startSelfAssessment(id);
      window.location.assign(link);
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
      setOpening(null);
    }
  }

  if (hideWhenEmpty && (isPending || error || data.length === 0)) return null;
  return (
    <Paper component="section" aria-labelledby="self-assessments" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography id="self-assessments" variant="h6" component="h2" gutterBottom>
        {translate('app.selfAssessments.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.selfAssessments.help')}
      </Typography>
      {isPending ? (
        <CircularProgress size={24} />
      ) : error ? (
        <Alert severity="error">{translateMessage(translate, error.message)}</Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.selfAssessments.none')}</Typography>
      ) : (
        <Grid container spacing={2}>
          {data.map((row) => {
            const a = { ...row, ...nameIn(row, locale) };
            const status = a.invitation?.status;
            const action = selfAssessmentAction(status);
            return (
              <Grid key={a.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                  <CardContent sx={{ flex: 1 }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      {a.name}
                    </Typography>
                    {a.description && (
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        {a.description}
                      </Typography>
                    )}
                    <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                      {a.estimatedMinutes ? <Chip size="small" label={translate('app.tests.minutes', { smart_count: a.estimatedMinutes })} /> : null}
                      {status && <Chip size="small" variant="outlined" label={translate(`app.enums.invitationStatus.${status}`)} />}
                    </Box>
                  </CardContent>
                  {a.invitation?.status === 'COMPLETED' && (
                    <CardActions>
                      <Button component={Link} to={REPORT_PATHS.report(a.invitation.id)} startIcon={<AssessmentIcon />} aria-label={`${translate('app.selfAssessments.report')}: ${a.name}`}>
                        {translate('app.selfAssessments.report')}
                      </Button>
                    </CardActions>
                  )}
                  {action && (
                    <CardActions>
                      <Button
                        variant="contained"
                        startIcon={opening === a.id ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
                        disabled={!!opening}
                        onClick={() => open(a.id)}
                        aria-label={`${translate(`app.selfAssessments.${action}`)}: ${a.name}`}
                      >
                        {translate(`app.selfAssessments.${action}`)}
                      </Button>
                    </CardActions>
                  )}
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
    </Paper>
  );
}
