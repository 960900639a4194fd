/**
 * Sorting order: the items put in order by dragging (pointer or touch) and by keyboard alone
 * (dnd-kit's keyboard sensor: Space to pick up, arrows to move, Space to drop, each step
 * announced), and by Move up / Move down buttons beside each item. The answer is every item's
 * id in the chosen order; the order first shown is an answer only once the candidate keeps it.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { useId, useMemo } from 'react';
import type { CandidateOption, ChoiceAnswer } from '../../domain/attemptQuestions';
import { useAnnounce } from '../announcer';
import { useTakeI18n } from '../i18n';
import type { AnswerProps } from './types';


function SortableItem({ option, position, total, onMove }: { option: CandidateOption; position: number; total: number; onMove: (from: number, to: number) => void }) {
  const { t } = useTakeI18n();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: option.id });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        mb: 1,
        p: 0.5,
        border: 1,
        borderColor: isDragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: isDragging ? 3 : 0,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        listStyle: 'none',
      }}
    >
      <IconButton ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('answers.sorting.handle', { item: option.text })} sx={{ cursor: 'grab', touchAction: 'none' }}>
        <DragIndicator />
      </IconButton>
      <Typography component="span" sx={{ fontWeight: 500, minWidth: '1.5em', textAlign: 'right' }}>
        {position + 1}.
      </Typography>
      <Typography component="span" sx={{ flexGrow: 1, overflowWrap: 'anywhere', px: 0.5 }}>
        {option.text}
      </Typography>
      <IconButton aria-label={t('answers.sorting.moveUp', { item: option.text })} disabled={position === 0} onClick={() => onMove(position, position - 1)}>
        <ArrowUpward />
      </IconButton>
      <IconButton aria-label={t('answers.sorting.moveDown', { item: option.text })} disabled={position === total - 1} onClick={() => onMove(position, position + 1)}>
        <ArrowDownward />
      </IconButton>
    </Box>
  );
}

export function SortingAnswer({ question, value, onChange, labelledBy }: AnswerProps<ChoiceAnswer>) {
  const { t } = useTakeI18n();
  const announce = useAnnounce();
  const hintId = useId();
  const byId = useMemo(() => new Map(question.options.map((o) => [o.id, o])), [question.options]);
  // The chosen order while it holds every item once; else the order the server sent.
  const order = useMemo(() => {
    const given = value?.optionIds ?? [];
    const complete = given.length === question.options.length && given.every((id) => byId.has(id)) && new Set(given).size === given.length;
    return complete ? given : question.options.map((o) => o.id);
  }, [value, question.options, byId]);
  const total = order.length;

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= total || from === to) return;
    const next = arrayMove(order, from, to);
    onChange({ optionIds: next });
    announce(t('answers.sorting.moved', { item: byId.get(order[from])?.text ?? '', n: to + 1, total }));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id)));
    onChange({ optionIds: next });
  };

  const text = (id: string | number) => byId.get(String(id))?.text ?? '';
  const place = (id: string | number) => order.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('answers.sorting.pickedUp', { item: text(active.id), n: place(active.id), total }),
    onDragOver: ({ active, over }) => (over ? t('answers.sorting.over', { item: text(active.id), n: place(over.id), total }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('answers.sorting.dropped', { item: text(active.id), n: place(over.id), total }) : undefined),
    onDragCancel: ({ active }) => t('answers.sorting.cancelled', { item: text(active.id) }),
  };

  return (
    <>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('answers.sorting.hint')}
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('answers.sorting.instructions') } }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <Box component="ol" aria-labelledby={labelledBy} aria-describedby={hintId} sx={{ p: 0, m: 0 }}>
            {order.map((id, position) => (
              <SortableItem key={id} option={byId.get(id)!} position={position} total={total} onMove={move} />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      {!value && (
        <Button variant="outlined" onClick={() => onChange({ optionIds: [...order] })} sx={{ mt: 1 }}>
          {t('answers.sorting.confirm')}
        </Button>
      )}
    </>
  );
}
