/**
 * `/job-candidate/:jobId`: a job's candidates on a board, one column per hiring stage of the job's
 * client. Cards move between and within stages by dragging (pointer or touch) and by keyboard
 * (dnd-kit's keyboard sensor: Space to pick up, arrows to move, Space to drop, each step
 * announced), and by each card's "Move to…" menu. Every change of stage is recorded on the server
 * (who, when, from, to) and shown as the card's history. The same candidates as a table, sortable
 * by score, for narrow screens.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDndContext,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import ViewColumnIcon from '@mui/icons-material/ViewWeekOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { Spinner } from '../../custom/layout/Spinner';
import { useFormat } from '../../i18n/useFormat';
import { translateMessage } from '../../i18n/messages';
import { request } from '../../providers/httpClient';
import { usePhone } from '../shared/ResponsiveList';
import { AddCandidatesDialog } from './AddCandidates';
import { ApplicationDetails } from './ApplicationDetails';
import { boardQueryKey, JOB_PATHS, JOBS_API, type Board, type BoardCard, type Stage } from './api';
import { experienceText, JobStatusChip, useStageLabel } from './labels';

/** Card ids per stage id, in the board's order. */
type Columns = Record<string, string[]>;

const columnsOf = (board: Board): Columns => {
  const columns: Columns = Object.fromEntries(board.stages.map((s) => [s.id, [] as string[]]));
  for (const card of [...board.cards].sort((a, b) => a.position - b.position)) columns[card.stageId]?.push(card.id);
  return columns;
};

/** The board's data and the one way to move a card: POST, then the board again. */
function useBoard(jobId: string) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const stageLabel = useStageLabel();
  const query = useQuery({
    queryKey: boardQueryKey(jobId),
    queryFn: () => request<Board>({ url: JOBS_API.board(jobId) }),
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
      await request({ url: JOBS_API.move(card.id), method: 'POST', data: { stageId, ...(position === undefined ? {} : { position }) } });
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
      await request({ url: JOBS_API.remove(card.id), method: 'DELETE' });
      notify('app.jobs.board.removed', { type: 'success', messageArgs: { name: card.name } });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    }
    await refresh();
  };
  return { ...query, move, remove, refresh };
}

/** A card's score on the job's assessment, or where its attempt stands. */
function ScoreLine({ card }: { card: BoardCard }) {
  const translate = useTranslate();
  const { score } = useFormat();
  if (card.percent !== null)
    return (
      <Stack direction="row" spacing={0.5} alignItems="center">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {score(card.percent)}
        </Typography>
        {card.band && <Chip size="small" variant="outlined" label={translate(`app.enums.band.${card.band}`)} />}
      </Stack>
    );
  return (
    <Typography variant="body2" color="text.secondary">
      {card.invitationStatus ? translate(`app.enums.invitationStatus.${card.invitationStatus}`) : translate('app.jobs.board.notScored')}
    </Typography>
  );
}

/** The card's moves, newest first. */
function History({ card }: { card: BoardCard }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  return (
    <List dense disablePadding aria-label={translate('app.jobs.board.historyOf', { name: card.name })}>
      {card.history.map((move) => (
        <ListItem key={move.id} disableGutters>
          <ListItemText
            primary={
              move.fromStage === null && move.toStage
                ? translate('app.jobs.board.historyAdded', { to: move.toStage })
                : translate('app.jobs.board.historyMoved', { from: move.fromStage ?? translate('app.jobs.board.removedStage'), to: move.toStage ?? translate('app.jobs.board.removedStage') })
            }
            secondary={translate('app.jobs.board.historyBy', { who: move.movedBy ?? '—', when: dateTime(move.movedAt) })}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** "Move to…": every other stage, and taking the candidate off the job; the plain alternative to dragging. */
function CardMenu({ card, stages, mayMove, mayRemove, onMove, onRemove }: { card: BoardCard; stages: Stage[]; mayMove: boolean; mayRemove: boolean; onMove: (stageId: string) => void; onRemove: () => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!mayMove && !mayRemove) return null;
  return (
    <>
      <IconButton size="small" aria-label={translate('app.jobs.board.moveTo', { name: card.name })} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {mayMove &&
          stages
            .filter((s) => s.id !== card.stageId)
            .map((s) => (
              <MenuItem
                key={s.id}
                onClick={() => {
                  setAnchor(null);
                  onMove(s.id);
                }}
              >
                {translate('app.jobs.board.moveToStage', { stage: s.name })}
              </MenuItem>
            ))}
        {mayMove && mayRemove && <Divider />}
        {mayRemove && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onRemove();
            }}
            sx={{ color: 'error.main' }}
          >
            {translate('app.jobs.board.remove')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

interface CardProps {
  card: BoardCard;
  stages: Stage[];
  mayMove: boolean;
  mayRemove: boolean;
  onMove: (card: BoardCard, stageId: string) => void;
  onRemove: (card: BoardCard) => void;
}

function CandidateCard({ card, stages, mayMove, mayRemove, onMove, onRemove }: CardProps) {
  const translate = useTranslate();
  const { date } = useFormat();
  const [open, setOpen] = useState(false);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: card.id, disabled: !mayMove });
  return (
    <Card
      component="li"
      ref={setNodeRef}
      variant="outlined"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ listStyle: 'none', mb: 1, p: 1, borderColor: isDragging ? 'primary.main' : 'divider', boxShadow: isDragging ? 3 : 0, opacity: isDragging ? 0.8 : 1, position: 'relative', zIndex: isDragging ? 1 : 'auto' }}
    >
      <Stack direction="row" alignItems="flex-start" spacing={0.5}>
        {mayMove && (
          <IconButton size="small" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={translate('app.jobs.board.handle', { name: card.name })} sx={{ cursor: 'grab', touchAction: 'none', mt: -0.25 }}>
            <DragIndicator fontSize="small" />
          </IconButton>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
            {card.name}
          </Typography>
          <ScoreLine card={card} />
          <Typography variant="caption" color="text.secondary">
            {translate('app.jobs.board.movedOn', { date: date(card.movedAt) })}
          </Typography>
          <ApplicationDetails card={card} />
        </Box>
        <IconButton size="small" aria-label={translate('app.jobs.board.history', { name: card.name })} aria-expanded={open} onClick={() => setOpen(!open)}>
          <HistoryIcon fontSize="small" />
        </IconButton>
        <CardMenu card={card} stages={stages} mayMove={mayMove} mayRemove={mayRemove} onMove={(stageId) => onMove(card, stageId)} onRemove={() => onRemove(card)} />
      </Stack>
      {open && <History card={card} />}
    </Card>
  );
}

/**
 * Where a dragged card goes: the column under the pointer (by keyboard, the one the card overlaps
 * most), wherever in it the card is dropped, and in it the closest card for its place. dnd-kit's
 * closestCorners compared corners, so a tall empty column lost to a short card in the next one.
 */
export const boardCollision =
  (columns: Columns): CollisionDetection =>
  (args) => {
    const columnTargets = args.droppableContainers.filter((target) => String(target.id) in columns);
    const under = pointerWithin({ ...args, droppableContainers: columnTargets });
    const [column] = under.length ? under : rectIntersection({ ...args, droppableContainers: columnTargets });
    if (!column) return [];
    const cards = columns[String(column.id)]!;
    const cardTargets = args.droppableContainers.filter((target) => cards.includes(String(target.id)));
    return cardTargets.length ? closestCenter({ ...args, droppableContainers: cardTargets }) : [column];
  };

function Column({ stage, cards, children }: { stage: Stage; cards: BoardCard[]; children: React.ReactNode }) {
  const translate = useTranslate();
  // The whole column, header to foot, is the drop target.
  const { setNodeRef } = useDroppable({ id: stage.id });
  const { over } = useDndContext();
  const isOver = !!over && (over.id === stage.id || cards.some((card) => card.id === over.id));
  const headingId = `stage-${stage.id}`;
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ flex: '0 0 260px', width: 260, p: 1, bgcolor: isOver ? 'action.hover' : 'grey.50', display: 'flex', flexDirection: 'column' }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ px: 0.5, mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {stage.name}
        </Typography>
        <Chip size="small" label={cards.length} aria-label={translate('app.jobs.candidateCount', { smart_count: cards.length })} />
      </Stack>
      <SortableContext id={stage.id} items={cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <Box component="ul" sx={{ p: 0, m: 0, minHeight: 80, flexGrow: 1 }}>
          {children}
          {!cards.length && (
            <Typography component="li" variant="body2" color="text.secondary" sx={{ listStyle: 'none', p: 1, textAlign: 'center' }}>
              {translate('app.jobs.board.emptyStage')}
            </Typography>
          )}
        </Box>
      </SortableContext>
    </Paper>
  );
}

/** The columns, dragged between by pointer, touch and keyboard. */
export function StageBoard({ board, mayMove, mayRemove, onMove, onRemove }: { board: Board; mayMove: boolean; mayRemove: boolean; onMove: (card: BoardCard, stageId: string, position?: number) => void; onRemove: (card: BoardCard) => void }) {
  const translate = useTranslate();
  const [columns, setColumns] = useState<Columns>(() => columnsOf(board));
  useEffect(() => setColumns(columnsOf(board)), [board]);
  const cardsById = useMemo(() => new Map(board.cards.map((c) => [c.id, c])), [board.cards]);
  const stageName = (id: string | undefined) => board.stages.find((s) => s.id === id)?.name ?? '';
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const collisionDetection = useMemo(() => boardCollision(columns), [columns]);

  /** The stage a card or column id belongs to. */
  const stageOf = (id: UniqueIdentifier | undefined, from: Columns = columns): string | undefined => {
    if (id === undefined) return undefined;
    const key = String(id);
    return key in from ? key : Object.keys(from).find((stage) => from[stage]!.includes(key));
  };

  // While dragging, a card that crosses into another column joins it at once, so the column makes room.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    const from = stageOf(active.id);
    const to = stageOf(over?.id);
    if (!from || !to || from === to || !over) return;
    setColumns((prev) => {
      const target = prev[to]!;
      const at = String(over.id) in prev ? target.length : Math.max(0, target.indexOf(String(over.id)));
      return { ...prev, [from]: prev[from]!.filter((id) => id !== active.id), [to]: [...target.slice(0, at), String(active.id), ...target.slice(at)] };
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const card = cardsById.get(String(active.id));
    const to = stageOf(over?.id);
    if (!card || !to || !over) return setColumns(columnsOf(board));
    const column = columns[to]!;
    const from = column.indexOf(card.id);
    const overIndex = column.indexOf(String(over.id));
    const ordered = overIndex >= 0 && from >= 0 ? arrayMove(column, from, overIndex) : column;
    setColumns({ ...columns, [to]: ordered });
    const position = ordered.indexOf(card.id);
    const before = columnsOf(board)[card.stageId]!.indexOf(card.id);
    if (to !== card.stageId || position !== before) onMove(card, to, position);
  };

  const place = (id: UniqueIdentifier) => {
    const stage = stageOf(id);
    return stage ? columns[stage]!.indexOf(String(id)) + 1 : 0;
  };
  const nameOf = (id: UniqueIdentifier) => cardsById.get(String(id))?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }: DragStartEvent) => translate('app.jobs.board.pickedUp', { name: nameOf(active.id), stage: stageName(stageOf(active.id)) }),
    onDragOver: ({ active, over }) => (over ? translate('app.jobs.board.over', { name: nameOf(active.id), stage: stageName(stageOf(over.id)), n: place(over.id) || 1 }) : undefined),
    onDragEnd: ({ active, over }) => (over ? translate('app.jobs.board.dropped', { name: nameOf(active.id), stage: stageName(stageOf(over.id)) }) : undefined),
    onDragCancel: ({ active }) => translate('app.jobs.board.cancelled', { name: nameOf(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setColumns(columnsOf(board))}
      accessibility={{ announcements, screenReaderInstructions: { draggable: translate('app.jobs.board.instructions') } }}
    >
      {/* The columns scroll sideways inside the board, never the page. */}
      <Box role="region" aria-label={translate('app.jobs.board.label')} tabIndex={0} sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', width: '100%', minWidth: 0, pb: 1, alignItems: 'stretch' }}>
        {board.stages.map((stage) => {
          const cards = (columns[stage.id] ?? []).map((id) => cardsById.get(id)!).filter(Boolean);
          return (
            <Column key={stage.id} stage={stage} cards={cards}>
              {cards.map((card) => (
                <CandidateCard key={card.id} card={card} stages={board.stages} mayMove={mayMove} mayRemove={mayRemove} onMove={(c, stageId) => onMove(c, stageId)} onRemove={onRemove} />
              ))}
            </Column>
          );
        })}
      </Box>
    </DndContext>
  );
}

type SortKey = 'name' | 'stage' | 'percent' | 'movedAt';

/** The same candidates as a table, sorted by score (best first) unless told otherwise. */
export function CandidateTable({ board, mayMove, mayRemove, onMove, onRemove }: { board: Board; mayMove: boolean; mayRemove: boolean; onMove: (card: BoardCard, stageId: string) => void; onRemove: (card: BoardCard) => void }) {
  const translate = useTranslate();
  const { date } = useFormat();
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'percent', desc: true });
  const stageIndex = new Map(board.stages.map((s, i) => [s.id, i]));
  const value = (card: BoardCard): number | string => {
    if (sort.key === 'name') return card.name.toLowerCase();
    if (sort.key === 'stage') return stageIndex.get(card.stageId) ?? 0;
    if (sort.key === 'movedAt') return card.movedAt;
    return card.percent ?? -1;
  };
  const rows = [...board.cards].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    return sort.desc ? -order : order;
  });
  const header = (key: SortKey, label: string) => (
    <TableCell sortDirection={sort.key === key ? (sort.desc ? 'desc' : 'asc') : false}>
      <TableSortLabel active={sort.key === key} direction={sort.key === key && sort.desc ? 'desc' : 'asc'} onClick={() => setSort({ key, desc: sort.key === key ? !sort.desc : key === 'percent' })}>
        {translate(label)}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <Box sx={{ overflowX: 'auto', width: '100%' }}>
      <Table size="small" aria-label={translate('app.jobs.board.tableLabel')}>
        <TableHead>
          <TableRow>
            {header('name', 'app.jobs.board.candidate')}
            {header('stage', 'app.jobs.board.stage')}
            {header('percent', 'app.jobs.board.scoreColumn')}
            {header('movedAt', 'app.jobs.board.movedColumn')}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((card) => (
            <TableRow key={card.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {card.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {card.email}
                </Typography>
                <ApplicationDetails card={card} />
              </TableCell>
              <TableCell>{board.stages.find((s) => s.id === card.stageId)?.name}</TableCell>
              <TableCell>
                <ScoreLine card={card} />
              </TableCell>
              <TableCell>{date(card.movedAt)}</TableCell>
              <TableCell padding="none">
                <CardMenu card={card} stages={board.stages} mayMove={mayMove} mayRemove={mayRemove} onMove={(stageId) => onMove(card, stageId)} onRemove={() => onRemove(card)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export default function JobBoard() {
  const { jobId = '' } = useParams();
  const translate = useTranslate();
  const profile = useProfile();
  const phone = usePhone();
  const [view, setView] = useState<'board' | 'list'>(phone ? 'list' : 'board');
  const [adding, setAdding] = useState(false);
  const { data: board, error, isPending, move, remove, refresh } = useBoard(jobId);
  if (isPending) return <Spinner />;
  if (error || !board) return <Alert severity="error">{translateMessage(translate, (error as Error | null)?.message)}</Alert>;
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
