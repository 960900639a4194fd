/** The coding section's "Try it" panel on a server that has no sandbox: it says so plainly, in English and Hindi. */
import { screen } from '@testing-library/react';
import { Form } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_MISSING } from '../../src/domain/codeRunner';
import { CodingSection } from '../../src/resources/questions/CodingSection';
import { apiRequests, mockApi, renderPage, type Locale } from './kit';

const NO_SANDBOX = [62, 63, 68, 70, 74].map((id) => ({ id, name: String(id), available: false, reason: SANDBOX_MISSING }));

function renderWithoutSandbox(locale: Locale) {
  mockApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/question/run-test/languages') return { status: 200, data: { result: 1, data: NO_SANDBOX } };
    return undefined;
  });
  return renderPage(
    <Form record={{ id: 'q1', coding: { languages: [63, 70], starterCode: { 63: 'console.log(1)' }, testCases: [] } }} onSubmit={vi.fn()}>
      <CodingSection />
    </Form>,
    { locale },
  );
}

describe('Try it without a sandbox on the server', () => {
  it('says that this server cannot run code, with no Run button', async () => {
    renderWithoutSandbox('en');
    expect(await screen.findByText(/This server cannot run code: running code needs a sandbox/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run' })).toBeNull();
    expect(apiRequests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('says it in Hindi', async () => {
    renderWithoutSandbox('hi');
    expect(await screen.findByText(/यह सर्वर कोड नहीं चला सकता/)).toBeTruthy();
  });
});
