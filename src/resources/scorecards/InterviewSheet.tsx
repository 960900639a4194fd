/**
 * Rating a candidate on the job's scorecards, from the job's board: 1–5 and a note per competency,
 * saved as a draft or submitted, beside the candidate's test score. Blind until submitted: the
 * other interviewers' sheets and the means show only once one's own is in (the server decides).
 */
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Rating, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { can } from '../../domain/permissions';
import type { Interview, RatingInput, ScorecardRow, Sheet } from '../../domain/scorecards';
import { useProfile } from '../../custom/layout/useProfile';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { useStageLabel } from '../jobs/labels';
import { BandChip } from '../reports/bands';
import { QueryState } from '../shared/QueryState';

const interviewKey = (scorecardId: string, cardId: string) => ['interview', scorecardId, cardId];

/** A candidate on the board, as far as rating goes: where they are and where they have been. */
interface RatedCard {
  id: string;
  name: string;
  stageId: string;
  history: { toStage: string | null }[];
}

/**
 * The card's way to its interview sheets: shown when the user may rate and the candidate is at a
 * scorecard's stage or has been through it (a later stage, or rejected after the interview).
 */
export function InterviewButton({ card }: { card: RatedCard }) {
  const translate = useTranslate();
  const { jobId = '' } = useParams();
  const profile = useProfile();
  const mayRate = can(profile, 'CAMPAIGN', 'view') && can(profile, 'CANDIDATES', 'edit');
  const { data: scorecards = [] } = useGetList<ScorecardRow>('scorecards', { filter: { jobId }, pagination: { page: 1, perPage: 20 }, sort: { field: 'createdAt', order: 'ASC' } }, { enabled: mayRate && !!jobId });
  const stageLabel = useStageLabel();
  const [open, setOpen] = useState(false);
  // The board's history names stages as they read on screen.
  const reached = scorecards.filter((s) => s.stageId === card.stageId || card.history.some((h) => h.toStage === stageLabel(s.stageName)));
  if (!mayRate || reached.length === 0) return null;
  return (
    <>
      <IconButton size="small" aria-label={translate('app.scorecards.rate', { name: card.name })} onClick={() => setOpen(true)}>
        <RateReviewIcon fontSize="small" />
      </IconButton>
      {open && <InterviewDialog card={card} scorecards={reached} onClose={() => setOpen(false)} />}
    </>
  );
}

function InterviewDialog({ card, scorecards, onClose }: { card: { id: string; name: string }; scorecards: ScorecardRow[]; onClose: () => void }) {
  const translate = useTranslate();
  const stageLabel = useStageLabel();
  const [chosen, setChosen] = useState(0);
  const scorecard = scorecards[Math.min(chosen, scorecards.length - 1)];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`interview-${card.id}`}>
      <DialogTitle id={`interview-${card.id}`}>{translate('app.scorecards.titleFor', { name: card.name })}</DialogTitle>
      <DialogContent>
        {scorecards.length > 1 && (
          <Tabs value={chosen} onChange={(_, v: number) => setChosen(v)} variant="scrollable" sx={{ mb: 1 }}>
            {scorecards.map((s) => (
              <Tab key={s.id} label={stageLabel(s.stageName)} />
            ))}
          </Tabs>
        )}
        <InterviewSheet key={scorecard.id} scorecardId={scorecard.id} cardId={card.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function InterviewSheet({ scorecardId, cardId }: { scorecardId: string; cardId: string }) {
  const api = useApi();
  const interview = useQuery({ queryKey: interviewKey(scorecardId, cardId), queryFn: () => api.getInterview(scorecardId, cardId) });
  return <QueryState query={interview}>{(found) => (found.mine?.submittedAt ? <Submitted interview={found} /> : <RatingForm interview={found} />)}</QueryState>;
}

/** The candidate's test score, beside which the interview is read. */
function TestScore({ candidate }: { candidate: Interview['candidate'] }) {
  const translate = useTranslate();
  const { score } = useFormat();
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
      <Typography variant="body2">{translate('app.scorecards.testScore')}</Typography>
      {candidate.percent === null ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.jobs.board.notScored')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {score(candidate.percent)}
          </Typography>
          <BandChip band={candidate.band} />
        </>
      )}
    </Stack>
  );
}

function RatingForm({ interview }: { interview: Interview }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const queryClient = useQueryClient();
  const { scorecard, candidate } = interview;
  const [ratings, setRatings] = useState<RatingInput['ratings']>(() =>
    scorecard.competencies.map((c) => interview.mine?.ratings.find((r) => r.competencyId === c.id) ?? { competencyId: c.id, rating: null, note: '' }),
  );
  const [note, setNote] = useState(interview.mine?.note ?? '');
  const [busy, setBusy] = useState(false);
  const set = (index: number, change: Partial<RatingInput['ratings'][number]>) => setRatings((all) => all.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const complete = ratings.every((r) => r.rating !== null);

  async function save(submit: boolean) {
    setBusy(true);
    try {
      const next = await api.rateCandidate(scorecard.id, candidate.cardId, { ratings, note, submit });
      queryClient.setQueryData(interviewKey(scorecard.id, candidate.cardId), next);
      notify(submit ? 'app.scorecards.submittedDone' : 'app.scorecards.saved', { type: 'success' });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" aria-label={translate('app.scorecards.yourRatings')} onSubmit={(e) => e.preventDefault()}>
      <TestScore candidate={candidate} />
      <Alert severity="info" sx={{ mb: 2 }}>
        {interview.othersSubmitted ? translate('app.scorecards.blind', { smart_count: interview.othersSubmitted }) : translate('app.scorecards.blindNone')}
      </Alert>
      <Stack spacing={2}>
        {scorecard.competencies.map((competency, index) => (
          <Box key={competency.id}>
            <Typography id={`rating-${competency.id}`} variant="subtitle2">
              {competency.name}
            </Typography>
            <Rating
              name={`rating-${competency.id}`}
              value={ratings[index].rating}
              max={5}
              onChange={(_, value) => set(index, { rating: value })}
              getLabelText={(value) => translate('app.scorecards.stars', { smart_count: value })}
            />
            <TextField size="small" fullWidth label={translate('app.scorecards.noteOn', { name: competency.name })} value={ratings[index].note} onChange={(e) => set(index, { note: e.target.value })} slotProps={{ htmlInput: { maxLength: 2000 } }} />
          </Box>
        ))}
        <TextField multiline minRows={2} fullWidth label={translate('app.scorecards.overallNote')} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 2000 } }} />
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button disabled={busy} onClick={() => save(false)}>
            {translate('app.scorecards.saveDraft')}
          </Button>
          <Button variant="contained" disabled={busy || !complete} onClick={() => save(true)}>
            {translate('app.scorecards.submit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Once one's own is in: every submitted sheet and each competency's mean. */
function Submitted({ interview }: { interview: Interview }) {
  const translate = useTranslate();
  const { number } = useFormat();
  const { scorecard, candidate } = interview;
  const sheets = [interview.mine!, ...(interview.others ?? [])];
  const nameOf = (id: string) => scorecard.competencies.find((c) => c.id === id)?.name ?? id;
  return (
    <Box>
      <TestScore candidate={candidate} />
      <Typography variant="subtitle2" component="h3">
        {translate('app.scorecards.means', { smart_count: sheets.length })}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 1, mb: 2 }}>
        {(interview.averages ?? []).map((a) => (
          <Box key={a.competencyId} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {nameOf(a.competencyId)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {a.mean === null ? '—' : `${number(a.mean)} / 5`}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack spacing={1.5}>
        {sheets.map((sheet) => (
          <SheetView key={sheet.interviewerId} sheet={sheet} nameOf={nameOf} />
        ))}
      </Stack>
    </Box>
  );
}

function SheetView({ sheet, nameOf }: { sheet: Sheet; nameOf: (id: string) => string }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate('app.scorecards.sheetOf', { name: sheet.interviewerName })} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography variant="subtitle2">{sheet.interviewerName}</Typography>
      {sheet.ratings.map((r) => (
        <Typography key={r.competencyId} variant="body2">
          {nameOf(r.competencyId)}: {r.rating ?? '—'} / 5{r.note ? ` · ${r.note}` : ''}
        </Typography>
      ))}
      {sheet.note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {sheet.note}
        </Typography>
      )}
    </Box>
  );
}
