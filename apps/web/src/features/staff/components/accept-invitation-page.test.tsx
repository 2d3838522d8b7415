import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { AcceptInvitationPage } from './accept-invitation-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = 'a'.repeat(43);
const renderInvite = () =>
  renderRoute(AcceptInvitationPage, {
    path: '/invite/:token',
    url: `/invite/${TOKEN}`,
    destinations: ['/login'],
  });

describe('the invitation page (docs/product/staff.md#staff-accounts)', () => {
  it('says who invites the person, sets the password and goes to the login page with the message and the email', async () => {
    const { calls } = stubFetch(({ method }) =>
      method === 'GET'
        ? jsonResponse(200, {
            name: 'Ana Diaz',
            email: 'ana@example.com',
            restaurant_name: 'Harbour Kitchen',
          })
        : jsonResponse(200, { message: 'Your password is set. Log in to start.' }),
    );
    const { router } = renderInvite();
    expect(
      await screen.findByText('Hi Ana Diaz, Harbour Kitchen has invited you. Choose a password to sign in.'),
    ).toBeInTheDocument();
    expect(calls()[0]?.url).toBe(`/api/v1/staff/invitation?token=${TOKEN}`);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough 1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'long enough 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');

    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'long enough 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      message: { type: 'success', text: 'Your password is set. Log in to start.' },
      firstSignIn: { email: 'ana@example.com', restaurant: 'Harbour Kitchen' },
    });
    expect(calls()[1]).toMatchObject({ method: 'POST', body: { token: TOKEN, password: 'long enough 1' } });
  });

  it('refuses a short password before sending it', async () => {
    const { calls } = stubFetch(() =>
      jsonResponse(200, { name: 'Ana Diaz', restaurant_name: 'Harbour Kitchen' }),
    );
    renderInvite();
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });

  it("shows the server's words for a used or expired link, and the way to the login page", async () => {
    stubFetch(() =>
      jsonResponse(400, {
        message: 'This invitation link is invalid, has expired or has already been used.',
      }),
    );
    renderInvite();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is invalid, has expired or has already been used.',
    );
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
  });
});
