/** Sign-up pages: the server answers alike whether or not the email has an account, so the code page must not promise a code. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import OtpPage from '../../src/custom/auth/OtpPage';
import { GenericSignupPage } from '../../src/custom/auth/SignupPage';
import { mockApi, renderPage } from './kit';

describe('sign-up', () => {
  it('leads to the code page, which says that an existing account gets a note instead of a code', async () => {
    mockApi(({ url }) =>
      url === '/api/users/register'
        ? { status: 200, data: { result: 1, data: { isVerified: false, email: 'kavya@example.com' }, msg: 'Check your email' } }
        : undefined,
    );
    const { location } = renderPage(
      <Routes>
        <Route path="/generic-signup" element={<GenericSignupPage />} />
        <Route path="/otp" element={<OtpPage />} />
      </Routes>,
      { profile: null, path: '/generic-signup' },
    );
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Kavya' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'kavya@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Learn2Code' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location().pathname).toBe('/otp'));
    expect(
      await screen.findByText(
        'If kavya@example.com is new to Skillgauge, we sent it a 6-digit code that expires in 10 minutes. If it already has an account, we sent it a note on how to sign in instead.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^We sent a 6-digit code/)).toBeNull();
  });
});
