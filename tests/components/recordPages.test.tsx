/**
 * A record's page reads only what getOne answered: a list's rows (summaries) never stand in for
 * the full record, so a page opened from a list waits for it instead of crashing on a missing field.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { CoreAdminContext, useGetList, useGetOne, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/providers/queryClient';

const full = { id: 'q1', title: 'Percentage increase', history: [{ id: 'h1', action: 'created' }] };

/** Lists answer summaries (no history), as the question bank's list does. */
const dataProvider = {
  getList: async () => ({ data: [{ id: full.id, title: full.title }], total: 1 }),
  getOne: async () => ({ data: full }),
} as unknown as DataProvider;

/** The question's page: every record it is given, in order. */
function RecordPage({ seen }: { seen: unknown[] }) {
  const { data } = useGetOne('questions', { id: 'q1' });
  if (data) seen.push(data);
  if (!data) return <p>loading</p>;
  return 'history' in data ? <p>{(data as typeof full).history.length} events</p> : <p>a list row</p>;
}

/** The list first, then (as a click on its row does) the record's page. */
function ListThenPage({ seen }: { seen: unknown[] }) {
  const { data } = useGetList('questions', { pagination: { page: 1, perPage: 10 } });
  const [opened, setOpened] = useState(false);
  if (!data) return <p>list loading</p>;
  return opened ? <RecordPage seen={seen} /> : <button onClick={() => setOpened(true)}>{data[0].title}</button>;
}

async function openFromList(queryClient: QueryClient) {
  const seen: unknown[] = [];
  render(
    <CoreAdminContext dataProvider={dataProvider} queryClient={queryClient}>
      <ListThenPage seen={seen} />
    </CoreAdminContext>,
  );
  (await screen.findByRole('button', { name: 'Percentage increase' })).click();
  return seen;
}

describe('a record page opened from its list', () => {
  it('renders only the full record (the app query client)', async () => {
    const seen = await openFromList(createQueryClient());
    await screen.findByText('1 events');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((record) => 'history' in (record as object))).toBe(true);
  });

  it('(control) the stock query client hands the page the list row first', async () => {
    const seen = await openFromList(new QueryClient());
    // The row without history comes first, which is what crashed the question page.
    expect(seen[0]).toEqual({ id: 'q1', title: 'Percentage increase' });
  });

  it('still updates a record already fetched', async () => {
    const client = createQueryClient();
    const key = ['questions', 'getOne', { id: 'q1', meta: undefined }];
    client.setQueryData(key, { id: 'q1', title: 'From a list' });
    expect(client.getQueryData(key)).toBeUndefined();
    await client.fetchQuery({ queryKey: key, queryFn: async () => full });
    client.setQueryData(key, { ...full, title: 'Renamed' });
    expect(client.getQueryData<typeof full>(key)?.title).toBe('Renamed');
  });
});
