import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { VerifyEmailPage } from './verify-email-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const token = 'abcdefghijklmnop1234';
const renderVerify = (url = `/verify-email?token=${token}`, strict = false) =>
  renderRoute(VerifyEmailPage, { path: '/verify-email', url, destinations: ['/login'], strict });

describe('Verify email page (docs/product/accounts.md#email-verification)', () => {
  it('without a token says the link is invalid and calls nothing', () => {
    const { fetchMock } = stubFetch(() => jsonResponse(200, { status: true, message: 'ok' }));
    renderVerify('/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid verification link.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a spinner, verifies the token once under StrictMode, then offers Login', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { status: true, message: 'Email verified' }));
    renderVerify(undefined, true);
    expect(screen.getByRole('status', { name: 'Verifying your email' })).toBeInTheDocument();
    expect(await screen.findByText('Email verified successfully. You can now login.')).toBeInTheDocument();
    expect(calls()).toEqual([expect.objectContaining({ url: `/api/v1/auth/verify-email?token=${token}` })]);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });

  it('says verification failed when the server answers status false', async () => {
    stubFetch(() => jsonResponse(200, { status: false, message: 'Not verified' }));
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email verification failed. Please try again.',
    );
  });

  it('says the link is invalid or expired on 400', async () => {
    stubFetch(() => jsonResponse(400, { message: 'Invalid or expired verification link' }));
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or expired verification link. Please request a new verification email.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', () => jsonResponse(500, { message: 'boom' })],
    ['no response', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows the generic error on %s, and can try again', async (_case, answer) => {
    const { fetchMock } = stubFetch(answer);
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error verifying email. Please try again.');
    fetchMock.mockImplementation(async () => jsonResponse(200, { status: true, message: 'ok' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByText('Email verified successfully. You can now login.')).toBeInTheDocument(),
    );
  });
});
