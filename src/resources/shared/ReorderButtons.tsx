/** Move up, move down and remove on a row of an ordered list that the user builds (a test's questions, an assessment's tests). */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RowButton } from './RowButton';

/** The list with its item at `index` swapped with its neighbour above (-1) or below (1). */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const order = [...items];
  [order[index], order[index + by]] = [order[index + by], order[index]];
  return order;
}

/** The buttons of one row; each is named with the row's name, so that a screen reader tells the rows apart. */
export function ReorderButtons<T>({ items, index, name, onChange }: { items: readonly T[]; index: number; name: string; onChange: (items: T[]) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      <RowButton label={`${translate('app.order.moveUp')}: ${name}`} disabled={index === 0} onClick={() => onChange(moveItem(items, index, -1))}>
        <ArrowUpwardIcon fontSize="small" />
      </RowButton>
      <RowButton label={`${translate('app.order.moveDown')}: ${name}`} disabled={index === items.length - 1} onClick={() => onChange(moveItem(items, index, 1))}>
        <ArrowDownwardIcon fontSize="small" />
      </RowButton>
      <RowButton label={`${translate('app.order.remove')}: ${name}`} onClick={() => onChange(items.filter((_, i) => i !== index))}>
        <DeleteOutlineIcon fontSize="small" />
      </RowButton>
    </Box>
  );
}
