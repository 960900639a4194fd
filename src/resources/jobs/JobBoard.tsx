/**
 * `/job-candidate/:jobId`: a job's candidates on a board, one column per hiring stage of the job's
 * client. Cards move between and within stages by dragging (pointer or touch) and by keyboard
 * (dnd-kit's keyboard sensor: Space to pick up, arrows to move, Space to drop, each step
 * announced), and by each card's "Move to…" menu. Every change of stage is recorded on the server
 * (who, when, from, to) and shown as the card's history. The same candidates as a table, sortable
 * by score, for narrow screens.
 */
import EditIcon from '@mui/icons-material/EditOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import ViewColumnIcon from '@mui/icons-material/ViewWeekOutlined';
import { Alert, Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { QueryState } from '../shared/QueryState';
import { usePhone } from '../shared/ResponsiveList';
import { AddCandidatesDialog } from './AddCandidates';
import { boardQueryKey, JOB_PATHS, type Board, type BoardCard } from './api';
import { CandidateTable } from './CandidateTable';
import { experienceText, JobStatusChip, useStageLabel } from './labels';
import { StageBoard } from './StageBoard';

/** The board's data and the one way to move a card: POST, then the board again. */
function useBoard(jobId: string) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const stageLabel = useStageLabel();
  const api = useApi();
  const query = useQuery({
    queryKey: boardQueryKey(jobId),
    queryFn: () => api.getJobBoard(jobId),
    // Stage names as they read on screen, wherever the board shows them (columns, menus, history).
    select: useCallback(
      (board: Board): Board => ({
        ...board,
        stages: board.stages.map((s) => ({ ...s, name: stageLabel(s.name) })),
        cards: board.cards.map((c) => ({ ...c, history: c.history.map((h) => ({ ...h, fromStage: h.fromStage && stageLabel(h.fromStage), toStage: h.toStage && stageLabel(h.toStage) })) })),
      }),
      [stageLabel],
    ),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: boardQueryKey(jobId) });
  const move = async (card: BoardCard, stageId: string, position?: number) => {
    try {
      await api.moveCard(card.id, stageId, position);
      const stage = query.data?.stages.find((s) => s.id === stageId);
      // Said once the board shows it: a card moved to another column is drawn anew there, and a
      // menu opened on it before then would close under the user's pointer.
      await refresh();
      if (stageId !== card.stageId) notify('app.jobs.board.moved', { type: 'success', messageArgs: { name: card.name, stage: stage?.name ?? '' } });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
      await refresh();
    }
  };
  const remove = async (card: BoardCard) => {
    try {
      await api.removeCard(card.id);
      notify('app.jobs.board.removed', { type: 'success', messageArgs: { name: card.name } });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    }
    await refresh();
  };
  return { ...query, move, remove, refresh };
}

export default function JobBoard() {
  const { jobId = '' } = useParams();
  const translate = useTranslate();
  const board = useBoard(jobId);
  return (
    <QueryState query={board} title={translate('app.jobs.title')}>
      {(data) => <BoardView board={data} move={board.move} remove={board.remove} refresh={board.refresh} />}
    </QueryState>
  );
}

type BoardActions = Pick<ReturnType<typeof useBoard>, 'move' | 'remove' | 'refresh'>;

/** The job's facts and actions, and its candidates as a board or a list. */
function BoardView({ board, move, remove, refresh }: { board: Board } & BoardActions) {
  const translate = useTranslate();
  const profile = useProfile();
  const phone = usePhone();
  const [view, setView] = useState<'board' | 'list'>(phone ? 'list' : 'board');
  const [adding, setAdding] = useState(false);
  const { job } = board;
  const mayMove = can(profile, 'CANDIDATES', 'edit');
  const mayRemove = can(profile, 'CANDIDATES', 'delete');
  const mayAdd = can(profile, 'CANDIDATES', 'create') && job.status === 'OPEN';
  const facts = [
    job.clientName && !profile?.clientId ? job.clientName : null,
    translate(`app.jobs.employmentType.${job.employmentType}`),
    translate(`app.jobs.workMode.${job.workMode}`),
    translate(`app.jobs.notice.${job.notice}`),
    experienceText(translate, job.experienceMin, job.experienceMax),
    job.locationName,
    job.assessmentName ? translate('app.jobs.board.assessment', { name: job.assessmentName }) : translate('app.jobs.board.noAssessment'),
  ].filter(Boolean);

  return (
    <Box sx={{ pt: 1, minWidth: 0 }}>
      <Title title={job.title} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ xs: 'flex-start', sm: 'center' }} sx={{ mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          {/* The title is the page's heading (Title); here its status and facts. */}
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <JobStatusChip status={job.status} />
            <Typography variant="body2" color="text.secondary">
              {facts.join(' · ')}
            </Typography>
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {can(profile, 'CAMPAIGN', 'edit') && (
            <Button component={Link} to={JOB_PATHS.edit(job.id)} startIcon={<EditIcon />} size="small">
              {translate('app.jobs.edit')}
            </Button>
          )}
          <Button component={Link} to={JOB_PATHS.stages} startIcon={<ViewColumnIcon />} size="small">
            {translate('app.jobs.manageStages')}
          </Button>
          {mayAdd && (
            <Button variant="contained" startIcon={<PersonAddIcon />} size="small" onClick={() => setAdding(true)}>
              {translate('app.jobs.board.add')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ToggleButtonGroup exclusive size="small" value={view} onChange={(_, next) => next && setView(next)} aria-label={translate('app.jobs.board.view')} sx={{ mb: 1.5 }}>
        <ToggleButton value="board">{translate('app.jobs.board.asBoard')}</ToggleButton>
        <ToggleButton value="list">{translate('app.jobs.board.asList')}</ToggleButton>
      </ToggleButtonGroup>
      {!board.cards.length && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {translate(mayAdd ? 'app.jobs.board.emptyAdd' : 'app.jobs.board.empty')}
        </Alert>
      )}
      {view === 'board' ? (
        <StageBoard board={board} mayMove={mayMove} mayRemove={mayRemove} onMove={move} onRemove={remove} />
      ) : (
        // The board's columns show the stages even when empty; an empty table shows nothing.
        board.cards.length > 0 && <CandidateTable board={board} mayMove={mayMove} mayRemove={mayRemove} onMove={(card, stageId) => move(card, stageId)} onRemove={remove} />
      )}
      {adding && <AddCandidatesDialog job={job} onClose={() => setAdding(false)} onAdded={refresh} />}
    </Box>
  );
}
