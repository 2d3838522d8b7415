import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSession, renderWithToasts } from '@/test/customer-fixtures';
import { deferred, jsonResponse, stubFetch } from '@/test/render-route';
import { SignupForm } from './signup-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const onSuccess = vi.fn();
function renderSignup(restaurantId?: number | null) {
  function SignupPage() {
    return <SignupForm onSuccess={onSuccess} restaurantId={restaurantId} />;
  }
  return renderWithToasts(SignupPage, { path: '/customer_details' });
}

const diner = {
  Name: 'Ada Diner',
  Email: 'ada@example.com',
  'Phone number': '5551234567',
  Password: 'tomato-basil',
  'Confirm password': 'tomato-basil',
};
function fill(overrides: Partial<Record<keyof typeof diner, string>> = {}) {
  for (const [label, value] of Object.entries({ ...diner, ...overrides })) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}
const acceptTerms = () => fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/i }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^Create Account/ }));

describe('SignupForm', () => {
  it('keeps only digits in the phone, at most 10, with the 10-digit pattern', async () => {
    renderSignup(1);
    const phone = screen.getByLabelText('Phone number');
    await userEvent.setup().type(phone, '(555) 123-4567 89');
    expect(phone).toHaveValue('5551234567');
    expect(phone).toHaveAttribute('pattern', '\\d{10}');
    expect(phone).toHaveAttribute('type', 'tel');
  });

  it('shows the Terms and Conditions text in an expander', () => {
    renderSignup(1);
    const toggle = screen.getByRole('button', { name: 'Terms and Conditions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const terms = screen.getByRole('region', { name: 'Terms and Conditions' });
    expect(within(terms).getByText('You must be 18 years or older to use TableServe.')).toBeVisible();
  });

  it('requires every field', () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, {}));
    renderSignup(1);
    submit();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says Passwords do not match', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, {}));
    renderSignup(1);
    fill({ 'Confirm password': 'tomato-basil!' });
    acceptTerms();
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks to accept the Terms and Conditions', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, {}));
    renderSignup(1);
    fill();
    submit();
    expect(await screen.findByText('Please accept the Terms and Conditions')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs a known restaurant', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, {}));
    renderSignup(null);
    fill();
    acceptTerms();
    submit();
    expect(
      await screen.findByText('Restaurant information is missing. Please refresh the page and try again.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses the stored restaurant when none is given', async () => {
    localStorage.setItem('current_restaurant_id', '9');
    const api = stubFetch(() => jsonResponse(201, { message: 'ok', data: customerSession() }));
    renderSignup();
    fill();
    acceptTerms();
    submit();
    await waitFor(() => expect(api.calls()).toHaveLength(1));
    expect(api.calls()[0]?.body).toMatchObject({ restaurant_id: 9 });
  });

  it('creates the account, stores the session and says Account created successfully', async () => {
    const session = customerSession();
    const api = stubFetch(() =>
      jsonResponse(201, { message: 'Account created successfully', data: session }),
    );
    renderSignup(3);
    fill();
    acceptTerms();
    submit();
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
    expect(api.calls()[0]).toMatchObject({
      url: '/api/v1/customer/create',
      method: 'POST',
      body: {
        customer_name: 'Ada Diner',
        email: 'ada@example.com',
        phone_number: '5551234567',
        password: 'tomato-basil',
        restaurant_id: 3,
      },
    });
    expect(api.calls()[0]?.body).not.toHaveProperty('confirmPassword');
    expect(localStorage.getItem('CustomerToken')).toBe(session.token);
    expect(localStorage.getItem('customerData')).toContain('"customer_name":"Ada Diner"');
    expect(onSuccess).toHaveBeenCalledWith(session);
  });

  it("shows the server's error text", async () => {
    stubFetch(() =>
      jsonResponse(409, { message: 'An account with this email already exists. Please log in.' }),
    );
    renderSignup(3);
    fill();
    acceptTerms();
    submit();
    expect(
      await screen.findByText('An account with this email already exists. Please log in.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('CustomerToken')).toBeNull();
  });

  it('falls back to Error creating account. Please try again.', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderSignup(3);
    fill();
    acceptTerms();
    submit();
    expect(await screen.findByText('Error creating account. Please try again.')).toBeInTheDocument();
  });

  it('is busy while pending and sends once', async () => {
    const reply = deferred<Response>();
    const { fetchMock } = stubFetch(() => reply.promise);
    renderSignup(3);
    fill();
    acceptTerms();
    const form = screen.getByRole('form', { name: 'Create an Account' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: /Create Account/ })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    reply.resolve(jsonResponse(201, { message: 'ok', data: customerSession() }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
  });
});
