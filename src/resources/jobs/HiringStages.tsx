/**
 * `/managehiringstages`: a client's hiring stages in order (the defaults until it changes them).
 * Add (at most HIRING_STAGE_LIMITS.max), rename, reorder by dragging or by keyboard (dnd-kit's
 * keyboard sensor, announced) or the up and down buttons, and delete a stage no candidate sits in
 * once asked, naming it (the server refuses otherwise, with its reason shown). Provider staff
 * choose the client first.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import SaveIcon from '@mui/icons-material/Check';
import { Box, Button, Card, CardContent, Chip, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { HIRING_STAGE_LIMITS } from '../../domain/business';
import { stageNameSchema } from '../../domain/jobs';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { ClientSelect } from '../shared/ClientSelect';
import { QueryState } from '../shared/QueryState';
import type { StageRow } from './api';
import { HiringTabs } from './HiringTabs';
import { useStageLabel } from './labels';

function StageItem({ stage, index, total, mayEdit, mayDelete, onRename, onMove, onDelete }: {
  stage: StageRow;
  index: number;
  total: number;
  mayEdit: boolean;
  mayDelete: boolean;
  onRename: (stage: StageRow, name: string) => Promise<boolean>;
  onMove: (from: number, to: number) => void;
  onDelete: (stage: StageRow) => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(stage.name);
  useEffect(() => setName(stage.name), [stage.name]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: stage.id, disabled: !mayEdit });
  const changed = name.trim() !== stage.name;
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 0.5, mb: 1, p: 0.5, border: 1, borderRadius: 1, borderColor: isDragging ? 'primary.main' : 'divider', bgcolor: 'background.paper', position: 'relative', zIndex: isDragging ? 1 : 'auto', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      {mayEdit && (
        <IconButton ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={translate('app.jobs.stages.handle', { name: stage.name })} sx={{ cursor: 'grab', touchAction: 'none' }}>
          <DragIndicator />
        </IconButton>
      )}
      <Typography component="span" sx={{ minWidth: '1.5em', textAlign: 'right' }}>
        {index + 1}.
      </Typography>
      <TextField
        size="small"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && changed) void onRename(stage, name).then((ok) => ok || setName(stage.name));
        }}
        slotProps={{ htmlInput: { 'aria-label': translate('app.jobs.stages.nameOf', { n: index + 1 }), maxLength: HIRING_STAGE_LIMITS.nameMax, readOnly: !mayEdit } }}
        sx={{ flex: '1 1 160px', minWidth: 0 }}
      />
      {changed && mayEdit && (
        <IconButton aria-label={translate('app.jobs.stages.save', { name: stage.name })} onClick={() => void onRename(stage, name).then((ok) => ok || setName(stage.name))}>
          <SaveIcon />
        </IconButton>
      )}
      <Chip size="small" label={translate('app.jobs.candidateCount', { smart_count: stage.candidateCount })} />
      {mayEdit && (
        <>
          <IconButton aria-label={translate('app.jobs.stages.moveUp', { name: stage.name })} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
            <ArrowUpward />
          </IconButton>
          <IconButton aria-label={translate('app.jobs.stages.moveDown', { name: stage.name })} disabled={index === total - 1} onClick={() => onMove(index, index + 1)}>
            <ArrowDownward />
          </IconButton>
        </>
      )}
      {mayDelete && (
        <IconButton aria-label={translate('app.jobs.stages.delete', { name: stage.name })} onClick={() => onDelete(stage)} color="error">
          <DeleteIcon />
        </IconButton>
      )}
    </Box>
  );
}

/** The stages of a client (the signed-in client's own when none is named). */
const stagesKey = (clientId: string | undefined) => ['hiringStages', clientId ?? 'own'];

function StageManager({ clientId }: { clientId: string | undefined }) {
  const stageLabel = useStageLabel();
  const api = useApi();
  const stages = useQuery({
    queryKey: stagesKey(clientId),
    queryFn: () => api.getHiringStages(clientId),
    select: useCallback((rows: StageRow[]) => rows.map((s) => ({ ...s, name: stageLabel(s.name) })), [stageLabel]),
  });
  return (
    <QueryState query={stages} compact>
      {(data) => <StageEditor data={data} clientId={clientId} />}
    </QueryState>
  );
}

/** The stages in order, to rename, move, remove and add to. */
function StageEditor({ data, clientId }: { data: StageRow[]; clientId: string | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const api = useApi();
  const [order, setOrder] = useState<StageRow[]>(data);
  const [newName, setNewName] = useState('');
  const [newError, setNewError] = useState<string | null>(null);
  // The stage asked about before it is removed.
  const [removing, setRemoving] = useState<StageRow | null>(null);
  useEffect(() => setOrder(data), [data]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const mayCreate = can(profile, 'CANDIDATES', 'create');
  const mayEdit = can(profile, 'CANDIDATES', 'edit');
  const mayDelete = can(profile, 'CANDIDATES', 'delete');

  const refresh = () => queryClient.invalidateQueries({ queryKey: stagesKey(clientId) });
  const failed = (e: unknown) => notify(translateMessage(translate, (e as Error).message), { type: 'error' });

  const reorder = async (next: StageRow[]) => {
    setOrder(next);
    try {
      await api.reorderHiringStages(next.map((s) => s.id), clientId);
      notify('app.jobs.stages.reordered', { type: 'success' });
    } catch (e) {
      failed(e);
    }
    await refresh();
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    void reorder(arrayMove(order, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      order.findIndex((s) => s.id === active.id),
      order.findIndex((s) => s.id === over.id),
    );
  };
  const rename = async (stage: StageRow, name: string) => {
    const parsed = stageNameSchema.safeParse(name);
    if (!parsed.success) {
      notify(translateMessage(translate, parsed.error.issues[0]?.message), { type: 'error' });
      return false;
    }
    try {
      await api.renameHiringStage(stage.id, parsed.data);
      notify('app.jobs.stages.renamed', { type: 'success', messageArgs: { name: parsed.data } });
      await refresh();
      return true;
    } catch (e) {
      failed(e);
      return false;
    }
  };
  const remove = async (stage: StageRow) => {
    try {
      await api.deleteHiringStage(stage.id);
      notify('app.jobs.stages.deleted', { type: 'success', messageArgs: { name: stage.name } });
    } catch (e) {
      failed(e);
    }
    await refresh();
  };
  const add = async () => {
    const parsed = stageNameSchema.safeParse(newName);
    if (!parsed.success) return setNewError(parsed.error.issues[0]?.message ?? null);
    try {
      await api.addHiringStage(parsed.data, clientId);
      setNewName('');
      setNewError(null);
      notify('app.jobs.stages.added', { type: 'success', messageArgs: { name: parsed.data } });
      await refresh();
    } catch (e) {
      setNewError((e as Error).message);
    }
  };

  const full = order.length >= HIRING_STAGE_LIMITS.max;
  const text = (id: string | number) => order.find((s) => s.id === id)?.name ?? '';
  const place = (id: string | number) => order.findIndex((s) => s.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('app.jobs.stages.pickedUp', { name: text(active.id), n: place(active.id), total: order.length }),
    onDragOver: ({ active, over }) => (over ? translate('app.jobs.stages.over', { name: text(active.id), n: place(over.id), total: order.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? translate('app.jobs.stages.dropped', { name: text(active.id), n: place(over.id), total: order.length }) : undefined),
    onDragCancel: ({ active }) => translate('app.jobs.stages.cancelled', { name: text(active.id) }),
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('app.jobs.stages.help', { max: HIRING_STAGE_LIMITS.max })}
      </Typography>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: translate('app.jobs.stages.instructions') } }}>
        <SortableContext items={order.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <Box component="ol" aria-label={translate('app.jobs.stages.listLabel')} sx={{ p: 0, m: 0 }}>
            {order.map((stage, index) => (
              <StageItem key={stage.id} stage={stage} index={index} total={order.length} mayEdit={mayEdit} mayDelete={mayDelete} onRename={rename} onMove={move} onDelete={setRemoving} />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <Confirm
        isOpen={!!removing}
        title="app.jobs.stages.deleteTitle"
        content="app.jobs.stages.deleteBody"
        confirm="app.jobs.stages.deleteConfirm"
        translateOptions={{ name: removing?.name ?? '' }}
        onConfirm={() => {
          if (removing) void remove(removing);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
      {mayCreate && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'flex-start' }} sx={{ mt: 2 }}>
          <TextField
            size="small"
            label={translate('app.jobs.stages.newName')}
            value={newName}
            disabled={full}
            onChange={(e) => setNewName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void add()}
            error={!!newError}
            helperText={full ? translate('app.messages.jobStageLimit') : newError ? translateMessage(translate, newError) : undefined}
            slotProps={{ htmlInput: { maxLength: HIRING_STAGE_LIMITS.nameMax } }}
          />
          <Button variant="contained" onClick={() => void add()} disabled={full}>
            {translate('app.jobs.stages.add')}
          </Button>
        </Stack>
      )}
    </>
  );
}

export default function HiringStages() {
  const translate = useTranslate();
  const profile = useProfile();
  const staff = !!profile && !profile.clientId;
  const [clientId, setClientId] = useState('');
  return (
    <Box sx={{ pt: 1 }}>
      <Title title="app.jobs.stages.title" />
      <HiringTabs />
      <Box sx={{ maxWidth: 720 }}>
        <Card variant="outlined">
          <CardContent>
            {staff && (
              <Box sx={{ mb: 2 }}>
                <ClientSelect label="app.jobs.stages.client" value={clientId} onChange={setClientId} />
              </Box>
            )}
            {staff && !clientId ? <Typography color="text.secondary">{translate('app.jobs.stages.chooseClient')}</Typography> : <StageManager key={clientId} clientId={staff ? clientId : undefined} />}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
