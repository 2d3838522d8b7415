import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { LoginPage } from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderLogin = () =>
  renderRoute(LoginPage, {
    path: '/login',
    destinations: [
      '/dashboard',
      '/select-subscription',
      '/register',
      '/dashboard/order-summary',
      '/dashboard/kitchen-management',
    ],
  });

const loginButton = () => screen.getByRole('button', { name: 'Log in' });

async function fillLogin(email = 'owner@example.com', password = 'secret-pass') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

const activeSubscription = {
  status: 'active',
  is_in_grace_period: false,
  subscription_id: 5,
  end_date: '2030-01-31',
  grace_period_end_date: null,
};

describe('Login page', () => {
  it('shows the message the previous screen handed over', async () => {
    const { router } = renderRoute(LoginPage, { path: '/login', url: '/invite', destinations: ['/invite'] });
    await router.navigate('/login', {
      state: { message: { type: 'success', text: 'Password reset link sent to your email.' } },
    });
    expect(await screen.findByText('Password reset link sent to your email.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeInTheDocument();
  });

  it('greets a staff member who has just set their password: their email filled in, no sign-up link (docs/product/staff.md#staff-accounts)', async () => {
    const { router } = renderRoute(LoginPage, { path: '/login', url: '/invite', destinations: ['/invite'] });
    await router.navigate('/login', {
      state: {
        message: { type: 'success', text: 'Your password is set. Log in to start.' },
        firstSignIn: { email: 'ana@example.com', restaurant: 'Harbour Kitchen' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to Harbour Kitchen' })).toBeInTheDocument();
    expect(
      screen.getByText('Your email is filled in: enter the password you just chose.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your password is set. Log in to start.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('styles the login button active only when both fields are non-empty after trimming', async () => {
    renderLogin();
    const user = userEvent.setup();
    expect(loginButton()).toHaveAttribute('data-ready', 'false');
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    expect(loginButton()).toHaveAttribute('data-ready', 'false');
    await user.type(screen.getByLabelText('Password'), '   ');
    expect(loginButton()).toHaveAttribute('data-ready', 'false');
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(loginButton()).toHaveAttribute('data-ready', 'true');
    expect(loginButton()).toHaveAttribute('type', 'submit');
  });

  it('disables the button and shows the loading screen while logging in', async () => {
    const pending = deferred<Response>();
    stubFetch(() => pending.promise);
    renderLogin();
    const user = await fillLogin();
    await user.click(loginButton());
    expect(loginButton()).toBeDisabled();
    expect(screen.getByText('Logging you in…')).toBeInTheDocument();
    pending.resolve(jsonResponse(401, { message: 'Invalid email or password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await waitFor(() => expect(loginButton()).toBeEnabled());
  });

  it('sends email, password and is_verified false', async () => {
    const { calls } = stubFetch(() => jsonResponse(401, { message: 'Invalid email or password' }));
    renderLogin();
    const user = await fillLogin(' owner@example.com ', 'secret-pass');
    await user.click(loginButton());
    await screen.findByRole('alert');
    expect(calls()[0]).toMatchObject({
      url: '/api/v1/auth/login',
      method: 'POST',
      body: { email: 'owner@example.com', password: 'secret-pass', is_verified: false },
    });
  });

  it('clears the message when a field is edited', async () => {
    stubFetch(() => jsonResponse(409, { message: 'Please verify your email first' }));
    renderLogin();
    const user = await fillLogin();
    await user.click(loginButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please verify your email first');
    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the network text when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderLogin();
    const user = await fillLogin();
    await user.click(loginButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection');
  });

  it('stores the session and goes to the dashboard with an active subscription', async () => {
    const { calls } = stubFetch(({ url }) =>
      url === '/api/v1/auth/login'
        ? jsonResponse(200, { user_id: 42, token: 'owner-token', resturant: { restaurant_id: 9 } })
        : jsonResponse(200, activeSubscription),
    );
    renderLogin();
    const user = await fillLogin();
    await user.click(loginButton());
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();
    expect(sessionStorage.getItem('user_id')).toBe('42');
    expect(sessionStorage.getItem('restaurant_id')).toBe('9');
    expect(sessionStorage.getItem('subscription_id')).toBe('5');
    expect(localStorage.getItem('RestaurantToken')).toBe('owner-token');
    expect(calls()[1]).toMatchObject({
      url: '/api/v1/subscription/subscription-status/42',
      headers: { Authorization: 'Bearer owner-token' },
    });
  });

  it.each([
    ['kitchen', '/dashboard/kitchen-management'],
    ['server', '/dashboard/order-summary'],
    ['manager', '/dashboard/order-summary'],
  ] as const)(
    "lands a %s on the first screen the role allows, never asking for the owner's subscription (docs/product/staff.md#roles)",
    async (role, landing) => {
      const { calls } = stubFetch(() =>
        jsonResponse(200, { user_id: 42, token: 'staff-token', role, resturant: { restaurant_id: 9 } }),
      );
      renderLogin();
      const user = await fillLogin();
      await user.click(loginButton());
      expect(await screen.findByText(`Page ${landing}`)).toBeInTheDocument();
      expect(calls().map((call) => call.url)).toEqual(['/api/v1/auth/login']);
      expect(sessionStorage.getItem('staff_role')).toBe(role);
      expect(localStorage.getItem('RestaurantToken')).toBe('staff-token');
    },
  );

  it('goes to plan selection when the status call answers 404', async () => {
    stubFetch(({ url }) =>
      url === '/api/v1/auth/login'
        ? jsonResponse(200, { user_id: 42, token: 'owner-token' })
        : jsonResponse(404, { message: 'Not found' }),
    );
    renderLogin();
    const user = await fillLogin();
    await user.click(loginButton());
    expect(await screen.findByText('Page /select-subscription')).toBeInTheDocument();
    expect(sessionStorage.getItem('user_id')).toBe('42');
    expect(sessionStorage.getItem('restaurant_id')).toBeNull();
    expect(sessionStorage.getItem('subscription_id')).toBeNull();
  });

  it('goes to plan selection when the status call fails otherwise', async () => {
    stubFetch(({ url }) =>
      url === '/api/v1/auth/login'
        ? jsonResponse(200, { user_id: 42, token: 'owner-token' })
        : jsonResponse(500, { message: 'boom' }),
    );
    renderLogin();
    const user = await fillLogin();
    await user.click(loginButton());
    expect(await screen.findByText('Page /select-subscription')).toBeInTheDocument();
  });

  it('links to registration', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });
});

describe('Login page, forgot-password mode', () => {
  async function openForgotMode(email = 'owner@example.com') {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), email);
    return user;
  }

  it('toggles in place and back with Back to Login', async () => {
    const { router } = renderLogin();
    const user = await openForgotMode();
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('requires the reset email', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toBeRequired();
  });

  it('on success shows the sent message and returns to login mode', async () => {
    const { calls } = stubFetch(() =>
      jsonResponse(200, { message: 'Password reset link sent to your email.' }),
    );
    renderLogin();
    const user = await openForgotMode();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const banner = await screen.findByText('Password reset link sent to your email.');
    expect(banner.closest('[data-type]')).toHaveAttribute('data-type', 'success');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(calls()[0]).toMatchObject({
      url: '/api/v1/auth/forgot_password',
      method: 'POST',
      body: { email: 'owner@example.com' },
    });
  });

  it('on 404 shows the info message and stays in forgot mode', async () => {
    stubFetch(() => jsonResponse(404, { message: 'Not found' }));
    renderLogin();
    const user = await openForgotMode();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const banner = await screen.findByText(
      'Please check your email, if this account exist, you will receive an password reset email',
    );
    expect(banner.closest('[data-type]')).toHaveAttribute('data-type', 'info');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('on another failure shows the generic error', async () => {
    stubFetch(() => jsonResponse(503, { message: 'Busy' }));
    renderLogin();
    const user = await openForgotMode();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });

  it('ignores a reset request while one is in flight', async () => {
    const pending = deferred<Response>();
    const { fetchMock } = stubFetch(() => pending.promise);
    renderLogin();
    await openForgotMode();
    const form = screen.getByRole('form', { name: 'Reset password' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fireEvent.submit(form);
    await new Promise((settle) => setTimeout(settle, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    pending.resolve(jsonResponse(200, { message: 'ok' }));
    await screen.findByText('Password reset link sent to your email.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
