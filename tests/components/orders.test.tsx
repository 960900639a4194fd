/**
 * Orders screens: the place-order page's figures as the client types and the order it sends; the
 * orders list (client column for staff only, status in words); the order page's payment form (staff
 * only, at most what is owed, a confirmation before it is sent) and the client's cancel.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OrderRecord, OrderRow } from '../../src/domain/orders';
import { OrderListView } from '../../src/resources/orders/OrderList';
import OrderPage from '../../src/resources/orders/OrderPage';
import PlaceOrderPage, { parseCredits } from '../../src/resources/orders/PlaceOrderPage';
import { ORDER_MESSAGES } from '../../src/domain/business';
import { createI18nProvider } from '../../src/i18n';
import { translateMessage } from '../../src/i18n/messages';
import { apiRequests, columnHeaders, mockApi, profiles, renderPage, renderResource } from './kit';

const ID = '00000000-0000-4000-8000-0000000000aa';
const ASSESSMENT = '00000000-0000-4000-8000-0000000000bb';
const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

const row = (overrides: Partial<OrderRow> = {}): OrderRow => ({
  id: ID,
  number: 'SG-1001',
  clientId: 'c-1',
  clientName: 'Acme Industries',
  assessmentId: ASSESSMENT,
  assessmentName: 'Support hiring',
  credits: 10,
  unitPricePaise: 45_000,
  taxRateBp: 1800,
  subtotalPaise: 450_000,
  taxPaise: 81_000,
  totalPaise: 531_000,
  paidPaise: 200_000,
  status: 'PENDING',
  placedAt: '2026-11-01T10:00:00Z',
  ...overrides,
});
const record = (overrides: Partial<OrderRecord> = {}): OrderRecord => ({
  ...row(),
  notes: null,
  placedByName: 'Chitra Client',
  paidAt: null,
  cancelledAt: null,
  refundedAt: null,
  outstandingPaise: 331_000,
  payments: [{ id: 'p1', orderId: 'o1', amountPaise: 200_000, method: 'UPI', provider: 'MANUAL', reference: 'UPI 4123', paidOn: '2026-11-03', recordedBy: null, createdAt: '2026-11-03T10:00:00Z' }],
  licence: null,
  ...overrides,
});

function renderOrder(stored: OrderRecord, profile = profiles.admin()) {
  mockApi((call) => {
    if (call.method === 'GET' && call.url === `/api/orders/${ID}`) return ok(stored);
    if (call.method === 'POST' && call.url === `/api/orders/${ID}/payments`) return ok({ duplicate: false, completed: true });
    if (call.method === 'POST' && call.url === `/api/orders/${ID}/cancel`) return ok({ ...stored, status: 'CANCELLED' });
    return undefined;
  });
  return renderPage(
    <Routes>
      <Route path="/orders/:id" element={<OrderPage />} />
    </Routes>,
    { path: `/orders/${ID}`, profile },
  );
}

describe('the place-order page', () => {
  it('shows unit price, subtotal, GST and total as the client types, and sends the order', async () => {
    mockApi((call) => {
      if (call.url === `/api/orders/price/${ASSESSMENT}`) return ok({ assessmentId: ASSESSMENT, assessmentName: 'Support hiring', unitPricePaise: 45_000, taxRateBp: 1800 });
      if (call.method === 'POST' && call.url === '/api/orders') return ok(record());
      return undefined;
    });
    renderPage(
      <Routes>
        <Route path="/placeOrder/:assessmentId" element={<PlaceOrderPage />} />
        <Route path="/orders/:id" element={<p>order page</p>} />
      </Routes>,
      { path: `/placeOrder/${ASSESSMENT}`, profile: profiles.client() },
    );
    const credits = await screen.findByRole('textbox', { name: /credits/i });
    fireEvent.change(credits, { target: { value: '3' } });
    expect(screen.getByText('₹1,350.00')).toBeTruthy();
    expect(screen.getByText('₹243.00')).toBeTruthy();
    expect(screen.getByText('₹1,593.00')).toBeTruthy();
    fireEvent.change(credits, { target: { value: '0' } });
    expect((screen.getByRole('button', { name: 'Place order' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(credits, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('order page');
    expect(apiRequests.find((r) => r.method === 'POST')?.data).toEqual({ assessmentId: ASSESSMENT, credits: 3 });
  });

  it('says so when the assessment has no price', async () => {
    mockApi((call) => (call.url === `/api/orders/price/${ASSESSMENT}` ? { status: 409, data: { result: 0, msg: 'This assessment has no price yet; contact Skillgauge' } } : undefined));
    renderPage(
      <Routes>
        <Route path="/placeOrder/:assessmentId" element={<PlaceOrderPage />} />
      </Routes>,
      { path: `/placeOrder/${ASSESSMENT}`, profile: profiles.client(), locale: 'hi' },
    );
    expect(await screen.findByText('इस आकलन का अभी कोई मूल्य नहीं है; Skillgauge से संपर्क करें')).toBeTruthy();
  });

  it('takes whole numbers of credits within the limits', () => {
    expect([parseCredits('5'), parseCredits(' 12 '), parseCredits('0'), parseCredits('2.5'), parseCredits('100001'), parseCredits('abc')]).toEqual([5, 12, null, null, null, null]);
  });
});

describe('the orders list', () => {
  it('shows the client column to staff, with totals in rupees and the status in words', async () => {
    renderResource(<OrderListView />, { resource: 'orders', records: { orders: [row()] }, profile: profiles.admin() });
    await screen.findByText('SG-1001');
    expect(await columnHeaders()).toEqual(['Number', 'Client', 'Assessment', 'Credits', 'Total', 'Paid', 'Status', 'Placed']);
    expect(screen.getByText('₹5,310.00')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it('leaves the client column out for a client', async () => {
    renderResource(<OrderListView />, { resource: 'orders', records: { orders: [row()] }, profile: profiles.client() });
    await screen.findByText('SG-1001');
    expect(await columnHeaders()).not.toContain('Client');
  });
});

describe('the order page', () => {
  it('lets staff record a payment of at most what is owed, after a confirmation', async () => {
    renderOrder(record());
    const amount = await screen.findByRole('textbox', { name: /amount/i });
    expect((amount as HTMLInputElement).value).toBe('3310.00');
    fireEvent.change(amount, { target: { value: '4000' } });
    expect(screen.getByText(/More than is owed/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Record a payment' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '3310' } });
    fireEvent.change(screen.getByRole('textbox', { name: /reference/i }), { target: { value: 'NEFT 998' } });
    fireEvent.click(submit);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'POST')?.data).toMatchObject({ amountPaise: 331_000, method: 'BANK_TRANSFER', reference: 'NEFT 998' }));
  });

  it('shows a client no payment form; it cancels its unpaid order after a confirmation', async () => {
    renderOrder(record({ paidPaise: 0, payments: [], outstandingPaise: 531_000 }), profiles.client());
    await screen.findByText('No payments recorded yet.');
    expect(screen.queryByRole('button', { name: 'Record a payment' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findAllByRole('button', { name: 'Cancel order' });
    fireEvent.click(confirm[confirm.length - 1]);
    await waitFor(() => expect(apiRequests.some((r) => r.method === 'POST' && r.url === `/api/orders/${ID}/cancel`)).toBe(true));
  });
});

describe('the server’s order messages', () => {
  it('read in English as the server sends them, and every one in Hindi', () => {
    const english = createI18nProvider('en').translate;
    const hindi = createI18nProvider('hi').translate;
    for (const sentence of Object.values(ORDER_MESSAGES)) {
      expect(translateMessage(english, sentence)).toBe(sentence);
      const inHindi = translateMessage(hindi, sentence);
      expect(inHindi, sentence).not.toBe(sentence);
      expect(inHindi, sentence).toMatch(/[\u0900-\u097F]/);
    }
  });
});
