/**
 * The one way a screen waits for its data: a spinner while it is on its way, the server's words
 * (in the reader's language) when it could not be had, a line when there is none, else the screen
 * (still shown when asking again fails: what was read stays readable).
 */
import { Alert, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Spinner } from '../../custom/layout/Spinner';
import { translateMessage } from '../../i18n/messages';
import { toHttpError } from '../../providers/httpClient';

export interface QueryLike<T> {
  isPending: boolean;
  error: unknown;
  data?: T;
}

/** Two queries a screen needs both of, as one: pending while either is, failed when either failed. */
export function bothOf<A, B>(a: QueryLike<A>, b: QueryLike<B>): QueryLike<[A, B]> {
  return { isPending: a.isPending || b.isPending, error: a.error || b.error, data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined };
}

export function QueryState<T>({
  query,
  isEmpty,
  empty,
  compact = false,
  title,
  children,
}: {
  query: QueryLike<T>;
  /** When the data holds nothing to show; `empty` is said instead. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** A small spinner, for a part of a screen rather than a whole one. */
  compact?: boolean;
  /** The page's title while it says why it could not load (a whole screen's). */
  title?: string;
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  // Data once had stays on screen when asking again fails (a background refresh, a poll).
  if (query.data === undefined && query.isPending && !query.error) return compact ? <CircularProgress size={24} sx={{ m: 2 }} /> : <Spinner />;
  if (query.data === undefined)
    return (
      <Alert severity="error">
        {title && <Title title={title} />}
        {translateMessage(translate, toHttpError(query.error).message)}
      </Alert>
    );
  if (isEmpty?.(query.data))
    return (
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
        {empty}
      </Typography>
    );
  return <>{children(query.data)}</>;
}
