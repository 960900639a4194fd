/**
 * Lists on every screen size, the way react-admin's demo does it: the configurable table from the
 * `sm` breakpoint up, and on phones a SimpleList whose rows open the same page as the table's
 * rows. Each resource says only what its phone row shows.
 */
import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { DatagridConfigurable, List, SimpleList, type DatagridConfigurableProps, type ListProps, type RaRecord, type SimpleListProps } from 'react-admin';
import { DEFAULT_PAGE_SIZE, type PageSize } from '../../domain/constants';
import { ListPagination } from './ListPagination';

/** Below `sm` (600 px): phones, where a table shows two or three columns at best. */
export function usePhone(): boolean {
  // noSsr: decide on the first render, so a phone never mounts the table first.
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}

/** What a phone row shows: a line of its own, a line under it, and a short note at the right. */
export type PhoneRow<R extends RaRecord = RaRecord> = Pick<SimpleListProps<R>, 'primaryText' | 'secondaryText' | 'tertiaryText'>;

export interface ResponsiveDatagridProps<R extends RaRecord = RaRecord> extends DatagridConfigurableProps {
  phone: PhoneRow<R>;
  children: ReactNode;
}

/** The list's rows: table columns as children, the phone row as `phone`; rowClick serves both. */
export function ResponsiveDatagrid<R extends RaRecord = RaRecord>({ phone, rowClick, children, ...datagrid }: ResponsiveDatagridProps<R>) {
  const isPhone = usePhone();
  if (isPhone) {
    return <SimpleList<R> {...phone} rowClick={rowClick} sx={{ '& .RaSimpleList-tertiary': { ml: 1, opacity: 1 } }} />;
  }
  return (
    <DatagridConfigurable rowClick={rowClick} {...datagrid}>
      {children}
    </DatagridConfigurable>
  );
}

export interface ResponsiveListProps extends Omit<ListProps, 'sx' | 'perPage'> {
  /** One of the sizes the pagination offers (DEFAULT_PAGE_SIZE unless the list says otherwise). */
  perPage?: PageSize;
}

/**
 * react-admin's List, paged by the offered page sizes, with room below it for the round Create
 * button that floats over the page bottom on screens narrower than `md`, so that it never covers
 * the last row or the page arrows.
 */
export function ResponsiveList({ perPage = DEFAULT_PAGE_SIZE, pagination = <ListPagination />, ...props }: ResponsiveListProps) {
  return <List perPage={perPage} pagination={pagination} {...props} sx={roomForFloatingButton} />;
}

// The button floats 60 px above the bottom edge and is 56 px tall (react-admin's CreateButton).
const roomForFloatingButton = { '&:has(.RaCreateButton-floating)': { pb: '136px' } };
