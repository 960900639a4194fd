/**
 * The price list (provider staff): read in pages the server will serve, the price for any
 * assessment found wherever it falls, and a new price for an assessment searched by name.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PriceList from '../../src/resources/orders/PriceList';
import type { PriceRow } from '../../src/domain/orders';
import { profiles, renderPage, tableRows } from './kit';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
/** 120 priced assessments, newest first, and the price for any assessment, the oldest of all. */
const prices: PriceRow[] = [
  ...Array.from({ length: 120 }, (_, i) => ({
    id: `p-${i}`,
    assessmentId: `a-${i}`,
    assessmentName: `Assessment ${String(i).padStart(3, '0')}`,
    clientName: null,
    unitPricePaise: 45_000,
    taxRateBp: 1800,
    updatedAt: day(200 - i),
  })),
  { id: 'p-any', assessmentId: null, assessmentName: null, clientName: null, unitPricePaise: 50_000, taxRateBp: 1800, updatedAt: day(0) },
];
const assessments = [
  { id: 'a-0', name: 'Assessment 000', clientId: null, clientName: null },
  { id: 'new-1', name: 'Warehouse safety', clientId: 'c-1', clientName: 'Acme' },
];

describe('the price list', () => {
  it('pages through the prices and knows of the price for any assessment on a later page', async () => {
    renderPage(<PriceList />, { profile: profiles.admin(), records: { 'price-list': prices, assessments } });
    await waitFor(async () => expect(await tableRows()).toHaveLength(50));
    expect((await tableRows())[0][0]).toBe('Assessment 000');
    expect(screen.queryByText(/There is no price for any assessment/)).toBeNull();
    expect(screen.getByText('1-50 of 121')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(async () => expect((await tableRows())[0][0]).toBe('Assessment 050'));
  });

  it('warns when there is no price for any assessment', async () => {
    renderPage(<PriceList />, { profile: profiles.admin(), records: { 'price-list': prices.slice(0, 3), assessments } });
    expect(await screen.findByText(/There is no price for any assessment/)).toBeTruthy();
  });

  it('adds a price for an assessment found by name, leaving out those priced already', async () => {
    const view = renderPage(<PriceList />, { profile: profiles.admin(), records: { 'price-list': prices, assessments } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a price' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Assessment' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Warehouse safety · Acme']);
    fireEvent.click(options[0]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Price per credit/ }), { target: { value: '1,250.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.dataProvider.db['price-list'].find((p) => p.assessmentId === 'new-1')).toMatchObject({ unitPricePaise: 125_050, taxRateBp: 1800 }));
  });
});
