import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSession, renderWithToasts } from '@/test/customer-fixtures';
import { deferred, jsonResponse, stubFetch } from '@/test/render-route';
import { LoginForm } from './login-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const onSuccess = vi.fn();
function LoginPage() {
  return <LoginForm onSuccess={onSuccess} />;
}
const renderLogin = () => renderWithToasts(LoginPage, { path: '/customer_details' });

function fill(email = 'ada@example.com', password = 'tomato-basil') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^Log In/ }));

describe('LoginForm', () => {
  it('requires email and password without calling the server', () => {
    const { fetchMock } = stubFetch(() => jsonResponse(200, {}));
    renderLogin();
    submit();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores customerData and CustomerToken and says Login successful for 2 s', async () => {
    const session = customerSession();
    const api = stubFetch(() => jsonResponse(200, { message: 'Login successful', data: session }));
    renderLogin();
    fill(' Ada@Example.com ');
    submit();

    const toast = await screen.findByText('Login successful');
    expect(api.calls()[0]).toMatchObject({
      url: '/api/v1/customer/login',
      method: 'POST',
      body: { email: 'ada@example.com', password: 'tomato-basil' },
    });
    expect(localStorage.getItem('CustomerToken')).toBe(session.token);
    const { token: _token, ...stored } = session;
    expect(JSON.parse(localStorage.getItem('customerData') ?? 'null')).toEqual(stored);
    expect(onSuccess).toHaveBeenCalledWith(session);
    const progress = toast.closest('.Toastify__toast')?.querySelector('[role="progressbar"]');
    expect(progress).toHaveStyle({ animationDuration: '2000ms' });
  });

  it.each([
    ['a 401', () => jsonResponse(401, { message: 'Wrong password' })],
    ['a server error', () => jsonResponse(500, { message: 'Something went wrong on our side.' })],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('says Invalid email or password after %s, for 9 s', async (_case, answer) => {
    stubFetch(answer);
    renderLogin();
    fill();
    submit();
    const toast = await screen.findByText('Invalid email or password');
    expect(toast.closest('.Toastify__toast')?.querySelector('[role="progressbar"]')).toHaveStyle({
      animationDuration: '9000ms',
    });
    expect(localStorage.getItem('CustomerToken')).toBeNull();
  });

  it('is busy while pending and ignores a second submit', async () => {
    const reply = deferred<Response>();
    const { fetchMock } = stubFetch(() => reply.promise);
    renderLogin();
    fill();
    const form = screen.getByRole('form', { name: 'Log In' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: /Log In/ })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => reply.resolve(jsonResponse(200, { message: 'ok', data: customerSession() })));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Log In/ })).toBeEnabled());
  });
});
