/** A job's candidates as a table, sorted by score unless told otherwise (the board's list view, and a phone's). */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';
import { ApplicationDetails } from './ApplicationDetails';
import { type Board, type BoardCard } from './api';
import { CardMenu, ScoreLine } from './BoardCard';
import { InterviewButton } from '../scorecards/InterviewSheet';

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
              <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
                <InterviewButton card={card} />
                <CardMenu card={card} stages={board.stages} mayMove={mayMove} mayRemove={mayRemove} onMove={(stageId) => onMove(card, stageId)} onRemove={() => onRemove(card)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
