import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const token = 'resetTOKEN_0123456789';
const renderReset = (query: string) =>
  renderRoute(ResetPasswordPage, {
    path: '/reset-password',
    url: `/reset-password${query}`,
    destinations: ['/login', '/'],
  });

async function submitPasswords(newPassword: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
  return user;
}

describe('Reset password page (docs/product/accounts.md#password-reset)', () => {
  it('says the passwords do not match without calling the server', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse(200, { message: 'ok' }));
    renderReset(`?token=${token}&type=restaurant`);
    await submitPasswords('new-password-1', 'new-password-2');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends an owner (type restaurant) reset to /auth/reset_password and offers Log in', async () => {
    const { calls } = stubFetch(() =>
      jsonResponse(200, { message: 'Your password has been reset. You can now log in.' }),
    );
    renderReset(`?token=${token}&type=restaurant`);
    const user = await submitPasswords('new-password-1', 'new-password-1');
    expect(await screen.findByText('Your password has been reset. You can now log in.')).toBeInTheDocument();
    expect(calls()[0]).toMatchObject({
      url: '/api/v1/auth/reset_password',
      method: 'POST',
      body: { token, new_password: 'new-password-1' },
    });
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });

  it.each(['?type=customer', ''])(
    'sends any other type (%s) to /customer/reset_password',
    async (typeQuery) => {
      const { calls } = stubFetch(() => jsonResponse(200, { message: 'Password updated.' }));
      renderReset(`?token=${token}${typeQuery.replace('?', '&')}`);
      await submitPasswords('new-password-1', 'new-password-1');
      expect(await screen.findByText('Password updated.')).toBeInTheDocument();
      expect(calls()[0]?.url).toBe('/api/v1/customer/reset_password');
      expect(screen.getByText(/return to the restaurant's menu and log in there/)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    },
  );

  it("shows the failure view with the server's message, and lets the user try again", async () => {
    stubFetch(() => jsonResponse(400, { message: 'This reset link is invalid or has expired' }));
    renderReset(`?token=${token}&type=restaurant`);
    const user = await submitPasswords('new-password-1', 'new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('falls back to the generic failure text when the server sends no message', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    renderReset(`?token=${token}&type=customer`);
    await submitPasswords('new-password-1', 'new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });

  it('checks the minimum length before calling the server', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse(200, { message: 'ok' }));
    renderReset(`?token=${token}&type=restaurant`);
    await submitPasswords('short', 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without a token shows the failure view and no form', () => {
    renderReset('?type=restaurant');
    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is incomplete');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });
});
