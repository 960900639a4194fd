/** A candidate on a job's board: the card, its score line, its moves and its menu. */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import HistoryIcon from '@mui/icons-material/History';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, Card, Chip, Divider, IconButton, List, ListItem, ListItemText, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';
import { InterviewButton } from '../scorecards/InterviewSheet';
import { ApplicationDetails } from './ApplicationDetails';
import { type BoardCard, type Stage } from './api';

/** A card's score on the job's assessment, or where its attempt stands. */
export function ScoreLine({ card }: { card: BoardCard }) {
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
export function CardMenu({ card, stages, mayMove, mayRemove, onMove, onRemove }: { card: BoardCard; stages: Stage[]; mayMove: boolean; mayRemove: boolean; onMove: (stageId: string) => void; onRemove: () => void }) {
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

export function CandidateCard({ card, stages, mayMove, mayRemove, onMove, onRemove }: CardProps) {
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
        <InterviewButton card={card} />
        <IconButton size="small" aria-label={translate('app.jobs.board.history', { name: card.name })} aria-expanded={open} onClick={() => setOpen(!open)}>
          <HistoryIcon fontSize="small" />
        </IconButton>
        <CardMenu card={card} stages={stages} mayMove={mayMove} mayRemove={mayRemove} onMove={(stageId) => onMove(card, stageId)} onRemove={() => onRemove(card)} />
      </Stack>
      {open && <History card={card} />}
    </Card>
  );
}
