import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithToasts } from '@/test/customer-fixtures';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const onSuccess = vi.fn();
function ForgotPage() {
  return <ForgotPasswordForm onSuccess={onSuccess} />;
}

function requestLink(email = 'ada@example.com') {
  renderWithToasts(ForgotPage, { path: '/customer_details' });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: /^Send Reset Link/ }));
}

describe('ForgotPasswordForm', () => {
  it('requires a valid email', () => {
    const { fetchMock } = stubFetch(() => jsonResponse(200, {}));
    requestLink('');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the email and shows the server's message", async () => {
    const api = stubFetch(() => jsonResponse(200, { message: 'Password reset link sent to your email' }));
    requestLink();
    expect(await screen.findByText('Password reset link sent to your email')).toBeInTheDocument();
    expect(api.calls()[0]).toMatchObject({
      url: '/api/v1/customer/forgot-password',
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
    expect(onSuccess).toHaveBeenCalled();
  });

  it('falls back to Password reset link sent to your email when the server says nothing', async () => {
    stubFetch(() => jsonResponse(200, { message: '' }));
    requestLink();
    expect(await screen.findByText('Password reset link sent to your email')).toBeInTheDocument();
  });

  it("shows the server's error, else Error resetting password", async () => {
    stubFetch(() => jsonResponse(429, { message: 'Too many attempts. Please wait a minute and try again.' }));
    requestLink();
    expect(
      await screen.findByText('Too many attempts. Please wait a minute and try again.'),
    ).toBeInTheDocument();

    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getByRole('button', { name: /^Send Reset Link/ }));
    expect(await screen.findByText('Error resetting password')).toBeInTheDocument();
  });
});
