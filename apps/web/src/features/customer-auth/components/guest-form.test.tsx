import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSession, renderWithToasts } from '@/test/customer-fixtures';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { GuestForm } from './guest-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const onSuccess = vi.fn();
function GuestPage() {
  return <GuestForm onSuccess={onSuccess} restaurantId={5} />;
}
const renderGuest = () => renderWithToasts(GuestPage, { path: '/customer_details' });

function fill() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam' } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '555-000-1111 22' } });
}
const acceptTerms = () => fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/i }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^Continue as Guest/ }));

describe('GuestForm', () => {
  it('requires email, name and phone', () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, {}));
    renderGuest();
    submit();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps at most 10 digits in the phone and needs the terms accepted', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, {}));
    renderGuest();
    fill();
    expect(screen.getByLabelText('Phone number')).toHaveValue('5550001111');
    submit();
    expect(await screen.findByText('Please accept the Terms and Conditions')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates a guest with is_guest and no password, and stores the session', async () => {
    const session = customerSession({ customer_name: 'Sam', is_guest: true });
    const api = stubFetch(() =>
      jsonResponse(201, { message: 'Welcome! You can now place your order.', data: session }),
    );
    renderGuest();
    fill();
    acceptTerms();
    submit();
    expect(await screen.findByText('Welcome! You can now place your order.')).toBeInTheDocument();
    expect(api.calls()[0]).toMatchObject({ url: '/api/v1/customer/create', method: 'POST' });
    expect(api.calls()[0]?.body).toEqual({
      email: 'sam@example.com',
      customer_name: 'Sam',
      phone_number: '5550001111',
      restaurant_id: 5,
      is_guest: true,
    });
    expect(localStorage.getItem('CustomerToken')).toBe(session.token);
    expect(JSON.parse(localStorage.getItem('customerData') ?? '{}')).toMatchObject({ is_guest: true });
    expect(onSuccess).toHaveBeenCalledWith(session);
  });

  it('clears the previous message when submitted again', async () => {
    stubFetch(() => jsonResponse(201, { message: 'Welcome!', data: customerSession({ is_guest: true }) }));
    renderGuest();
    fill();
    submit();
    await screen.findByText('Please accept the Terms and Conditions');
    acceptTerms();
    submit();
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    // A dismissed toast plays its exit animation (data-in false) before it leaves the page.
    const stale = screen.getByText('Please accept the Terms and Conditions').closest('.Toastify__toast');
    await waitFor(() => expect(stale).toHaveAttribute('data-in', 'false'));
  });

  it("shows the server's message, else Error creating account. Please try again.", async () => {
    stubFetch(() => jsonResponse(404, { message: 'Restaurant not found' }));
    renderGuest();
    fill();
    acceptTerms();
    submit();
    expect(await screen.findByText('Restaurant not found')).toBeInTheDocument();

    stubFetch(() => jsonResponse(500, {}));
    submit();
    expect(await screen.findByText('Error creating account. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('CustomerToken')).toBeNull());
  });
});
