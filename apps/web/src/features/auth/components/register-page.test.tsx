import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { RegisterPage } from './register-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderRegister = (url = '/register') =>
  renderRoute(RegisterPage, { path: url, destinations: ['/login'] });

const owner = {
  'First name': 'Maria',
  'Last name': 'Rossi',
  Email: 'maria@trattoria.example',
  Phone: '5551234567',
  'Street address': '12 Market Street',
  City: 'Springfield',
  State: 'IL',
  'Zip code': '62701',
  Country: 'United States',
  Password: 'tomato-basil-8',
  'Confirm password': 'tomato-basil-8',
};

/** Fills every field with fireEvent (fast and timer-free); `overrides` replace single values. */
function fillForm(overrides: Partial<Record<keyof typeof owner, string>> = {}) {
  for (const [label, value] of Object.entries({ ...owner, ...overrides })) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const acceptTerms = () => fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/i }));
// The busy spinner adds its own label ("Working") to the button's name.
const registerButton = () => screen.getByRole('button', { name: /(^Register|Registering\.\.\.)$/ });

describe('Register page', () => {
  it('keeps only digits in the phone field, at most 10, with the 10-digit pattern', async () => {
    renderRegister();
    const phone = screen.getByLabelText('Phone');
    await userEvent.setup().type(phone, 'a(555) 12-34x5678 9');
    expect(phone).toHaveValue('5551234567');
    expect(phone).toHaveAttribute('pattern', '\\d{10}');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    // No maxlength: it would cut a pasted '(555) 123-4567' before the digits are kept.
    expect(phone).not.toHaveAttribute('maxlength');
  });

  it('keeps all ten digits of a pasted formatted number', async () => {
    renderRegister();
    const phone = screen.getByLabelText('Phone');
    const user = userEvent.setup();
    await user.click(phone);
    await user.paste('(415) 555-0199');
    expect(phone).toHaveValue('4155550199');
  });

  it('styles Register ready only when every field is filled and the terms are accepted', () => {
    renderRegister();
    expect(registerButton()).toHaveAttribute('data-ready', 'false');
    fillForm();
    expect(registerButton()).toHaveAttribute('data-ready', 'false');
    acceptTerms();
    expect(registerButton()).toHaveAttribute('data-ready', 'true');
    fireEvent.change(screen.getByLabelText('City'), { target: { value: '  ' } });
    expect(registerButton()).toHaveAttribute('data-ready', 'false');
  });

  it('asks to accept the terms, for 9 seconds, without calling the server', async () => {
    vi.useFakeTimers();
    const { fetchMock } = stubFetch(() => jsonResponse(201, { message: 'ok', user_id: 1 }));
    renderRegister();
    fillForm();
    fireEvent.click(registerButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please accept the Terms and Conditions');
    act(() => vi.advanceTimersByTime(8900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the passwords do not match, for 3 seconds', () => {
    vi.useFakeTimers();
    const { fetchMock } = stubFetch(() => jsonResponse(201, { message: 'ok', user_id: 1 }));
    renderRegister();
    fillForm({ 'Confirm password': 'tomato-basil-9' });
    acceptTerms();
    fireEvent.click(registerButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the registration without confirmPassword, then shows the message and goes to /login after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubFetch(() =>
      jsonResponse(201, {
        message: 'Registration successful. Please check your email to verify your account.',
        user_id: 3,
      }),
    );
    const { router } = renderRegister();
    fillForm();
    acceptTerms();
    fireEvent.click(registerButton());
    expect(
      await screen.findByText('Registration successful. Please check your email to verify your account.'),
    ).toBeInTheDocument();
    expect(calls()[0]).toEqual({
      url: '/api/v1/auth/register',
      method: 'POST',
      headers: expect.any(Object),
      body: {
        first_name: 'Maria',
        last_name: 'Rossi',
        email: 'maria@trattoria.example',
        phone: '5551234567',
        address: '12 Market Street',
        city: 'Springfield',
        state: 'IL',
        zip_code: '62701',
        country: 'United States',
        password: 'tomato-basil-8',
      },
    });
    act(() => vi.advanceTimersByTime(4900));
    expect(router.state.location.pathname).toBe('/register');
    act(() => vi.advanceTimersByTime(200));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });

  it('shows "Registering..." while the request is in flight', async () => {
    stubFetch(() => new Promise(() => {}));
    renderRegister();
    fillForm();
    acceptTerms();
    fireEvent.click(registerButton());
    await waitFor(() => expect(registerButton()).toHaveTextContent('Registering...'));
    expect(registerButton()).toBeDisabled();
  });

  it("shows the server's message on failure, for 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => jsonResponse(409, { message: 'An account with this email already exists' }));
    renderRegister();
    fillForm();
    acceptTerms();
    fireEvent.click(registerButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    act(() => vi.advanceTimersByTime(5100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to the generic text when the server sends no message', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    renderRegister();
    fillForm();
    acceptTerms();
    fireEvent.click(registerButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during registration');
  });

  it('shows field errors from the shared schema before calling the server', () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, { message: 'ok', user_id: 1 }));
    renderRegister();
    fillForm({ Password: 'short', 'Confirm password': 'short' });
    acceptTerms();
    fireEvent.click(registerButton());
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the nine-section Terms and Conditions and closes it', async () => {
    renderRegister('/dashboard/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      '1. Acceptance of Terms',
      '2. Registration',
      '3. Privacy',
      '4. Conduct',
      '5. Availability',
      '6. Modifications',
      '7. Liability',
      '8. Governing Law',
      '9. Contact',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
