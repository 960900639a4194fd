/** A job's board as columns, one per hiring stage, that cards are dragged between (dnd-kit). */
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
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type Board, type BoardCard, type Stage } from './api';
import { CandidateCard } from './BoardCard';

/** Card ids per stage id, in the board's order. */
type Columns = Record<string, string[]>;

const columnsOf = (board: Board): Columns => {
  const columns: Columns = Object.fromEntries(board.stages.map((s) => [s.id, [] as string[]]));
  for (const card of [...board.cards].sort((a, b) => a.position - b.position)) columns[card.stageId]?.push(card.id);
  return columns;
};

/**
 * Where a dragged card goes: the column under the pointer (by keyboard, the one the card overlaps
 * most), wherever in it the card is dropped, and in it the closest card for its place. dnd-kit's
 * closestCorners compared corners, so a tall empty column lost to a short card in the next one.
 */
const boardCollision =
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
