/**
 * The one way a wizard offers rows to tick from a long list (tests of the library, the bank's
 * questions, qualifying and custom questions): a resource's list, a page at a time through
 * react-admin's useInfiniteGetList, with "Show more" while the server holds more.
 */
import { Box, Button, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useInfiniteGetList, useTranslate, type RaRecord } from 'react-admin';
import { QueryState } from './QueryState';

export const PICK_PAGE = 20;

/** The rows of `resource` under `filter`, sorted by `sortField`; the pages shown start again when the filter changes. */
export function usePickPool<R extends RaRecord>(resource: string, filter: Record<string, unknown>, sortField: string) {
  const query = useInfiniteGetList<R>(resource, { filter, sort: { field: sortField, order: 'ASC' }, pagination: { page: 1, perPage: PICK_PAGE } }, { placeholderData: keepPreviousData });
  return { ...query, rows: query.data?.pages.flatMap((page) => page.data) ?? [] };
}

export function PickList<R extends RaRecord>({
  label,
  pool,
  picked,
  onToggle,
  renderRow,
  empty,
  maxHeight = 360,
}: {
  label: string;
  pool: ReturnType<typeof usePickPool<R>>;
  picked: Set<string>;
  onToggle: (row: R) => void;
  renderRow: (row: R) => ReactNode;
  empty: string;
  maxHeight?: number;
}) {
  const translate = useTranslate();
  return (
    <QueryState query={{ isPending: pool.isPending, error: pool.error, data: pool.rows }} isEmpty={(rows) => rows.length === 0} empty={empty} compact>
      {(rows) => (
        <>
          <Stack component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: { md: maxHeight }, overflowY: { md: 'auto' } }}>
            {rows.map((row) => (
              <Box component="li" key={row.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
                <FormControlLabel
                  sx={{ m: 0, py: 0.5, width: '100%', alignItems: 'flex-start' }}
                  control={<Checkbox checked={picked.has(String(row.id))} onChange={() => onToggle(row)} sx={{ mt: -0.5 }} />}
                  label={renderRow(row)}
                  slotProps={{ typography: { component: 'div' } }}
                />
              </Box>
            ))}
          </Stack>
          {pool.hasNextPage && (
            <Button size="small" onClick={() => void pool.fetchNextPage()} disabled={pool.isFetchingNextPage} sx={{ mt: 1 }}>
              {translate('app.assessmentWizard.showMore')}
            </Button>
          )}
        </>
      )}
    </QueryState>
  );
}
