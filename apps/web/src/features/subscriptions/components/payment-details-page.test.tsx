import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { plans, signInOwner, subscriptionFixture } from '@/test/subscription-fixtures';
import { PaymentDetailsPage } from './payment-details-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const professional = plans[1]!;
const coupon = {
  id: 'WELCOME20',
  name: 'Welcome offer',
  percent_off: 20,
  amount_off: null,
  valid: true,
  metadata: { applicable_product_id: null },
};
const futureExpiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
const created = (id = 77) => ({
  success: true,
  subscription_id: id,
  amount_paid: 80,
  subscription: subscriptionFixture({ subscription_id: id }),
});

/** Opens the payment screen as the plans screen does: with the plan and coupon in navigation state. */
async function openCheckout(
  handler: Parameters<typeof stubFetch>[0],
  state: unknown = { plan: professional, coupon },
) {
  signInOwner();
  const api = stubFetch(handler);
  const result = renderRoute(PaymentDetailsPage, {
    path: '/payment-details',
    url: '/select-subscription',
    destinations: ['/select-subscription', '/dashboard', '/login'],
  });
  await act(() => result.router.navigate('/payment-details', { state }));
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  return { ...api, ...result };
}

const billing = {
  'Name on card': 'Maria Rossi',
  Email: 'maria@trattoria.example',
  Address: '12 Market Street',
  City: 'Springfield',
  State: 'IL',
  'Postal code': '62701',
};

function fillBilling(overrides: Partial<Record<keyof typeof billing, string>> = {}) {
  for (const [label, value] of Object.entries({ ...billing, ...overrides })) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

function fillCard({ number = '4242 4242 4242 4242', expiry = futureExpiry, cvc = '123' } = {}) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: expiry } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: cvc } });
}

// The busy spinner adds its own label ("Working") to the button's name.
const payButton = () => screen.getByRole('button', { name: /^(Working\s*)?(Pay \$|Processing payment)/ });
const createCalls = (calls: () => Array<{ url: string; headers: Record<string, string>; body: unknown }>) =>
  calls().filter((call) => call.url.endsWith('/subscription/create-subscription'));

describe('Payment screen without a plan', () => {
  it('shows the message, then goes to /select-subscription after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInOwner();
    renderRoute(PaymentDetailsPage, { path: '/payment-details', destinations: ['/select-subscription'] });
    expect(
      screen.getByText('No plan selected. Please select a subscription plan first.'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(screen.queryByText('Page /select-subscription')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Page /select-subscription')).toBeInTheDocument();
  });

  it('sends a visitor without an owner session to /login', async () => {
    renderRoute(PaymentDetailsPage, { path: '/payment-details', destinations: ['/login'] });
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });
});

describe('Payment screen', () => {
  it('summarises the plan, the coupon and the discounted total', async () => {
    await openCheckout(() => jsonResponse(500, {}));
    expect(screen.getByText('Subscribe to Professional')).toBeInTheDocument();
    expect(screen.getByText(/WELCOME20/)).toBeInTheDocument();
    expect(screen.getAllByText('$80.00').length).toBeGreaterThan(0);
    expect(payButton()).toHaveTextContent('Pay $80.00');
    expect(screen.getAllByText('Test mode').length).toBeGreaterThan(0);
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
  });

  it('labels every field with its autocomplete token', async () => {
    await openCheckout(() => jsonResponse(500, {}));
    const tokens = {
      'Name on card': 'name',
      Email: 'email',
      Address: 'address-line1',
      City: 'address-level2',
      State: 'address-level1',
      'Postal code': 'postal-code',
      'Card number': 'cc-number',
      'Expiry date': 'cc-exp',
      CVC: 'cc-csc',
    };
    for (const [label, token] of Object.entries(tokens)) {
      expect(screen.getByLabelText(label)).toHaveAttribute('autocomplete', token);
    }
  });

  it('keeps Pay disabled until the card is complete', async () => {
    await openCheckout(() => jsonResponse(500, {}));
    fillBilling();
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription('Please complete your card details');

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: futureExpiry } });
    expect(payButton()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '12' } });
    expect(payButton()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    expect(payButton()).toBeEnabled();
    expect(screen.queryByText('Please complete your card details')).not.toBeInTheDocument();
  });

  it("rejects any card but the test cards: 'Your card number is invalid.'", async () => {
    await openCheckout(() => jsonResponse(500, {}));
    fillCard({ number: '5555 5555 5555 4444' });
    expect(screen.getByText('Your card number is invalid.')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
  });

  it('refuses an expiry date in the past', async () => {
    await openCheckout(() => jsonResponse(500, {}));
    fillCard({ expiry: '01/20' });
    expect(screen.getByText("Your card's expiration date is in the past.")).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
  });

  it('asks for every billing field before paying', async () => {
    const { calls } = await openCheckout(() => jsonResponse(201, created()));
    fillBilling({ City: '   ' });
    fillCard();
    fireEvent.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill out all billing details before proceeding.',
    );
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(createCalls(calls)).toHaveLength(0);
  });

  it('pays, stores the subscription id and goes to /dashboard', async () => {
    const { calls } = await openCheckout((call) =>
      call.url.endsWith('/create-subscription') ? jsonResponse(201, created(77)) : jsonResponse(404, {}),
    );
    fillBilling();
    fillCard();
    fireEvent.click(payButton());
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();
    expect(sessionStorage.getItem('subscription_id')).toBe('77');
    const [call] = createCalls(calls);
    expect(call).toMatchObject({
      url: '/api/v1/subscription/create-subscription',
      method: 'POST',
      headers: { Authorization: 'Bearer owner-token' },
      body: {
        user_id: 42,
        plan_id: 2,
        payment_method_id: 'pm_card_visa',
        coupon_id: 'WELCOME20',
        billing_details: {
          name: 'Maria Rossi',
          email: 'maria@trattoria.example',
          address: { line1: '12 Market Street', city: 'Springfield', state: 'IL', postal_code: '62701' },
        },
      },
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves the new subscription in the status cache before going to /dashboard', async () => {
    const { router, queryClient, calls } = await openCheckout((call) =>
      call.url.endsWith('/create-subscription') ? jsonResponse(201, created(77)) : jsonResponse(404, {}),
    );
    // The plans screen's answer: no subscription yet.
    queryClient.setQueryData(['subscription-status', 42], null);
    let cachedOnArrival: unknown;
    router.subscribe((state) => {
      if (state.location.pathname === '/dashboard')
        cachedOnArrival ??= queryClient.getQueryData(['subscription-status', 42]);
    });
    fillBilling();
    fillCard();
    fireEvent.click(payButton());
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();
    expect(cachedOnArrival).toMatchObject({ subscription_id: 77, status: 'active' });
    expect(calls().filter((call) => call.url.includes('/subscription-status/'))).toHaveLength(0);
  });

  it('reads the status again before going to /dashboard when the payment names no subscription', async () => {
    const { router, queryClient, calls } = await openCheckout((call) =>
      call.url.endsWith('/create-subscription')
        ? jsonResponse(201, { success: true, subscription_id: 77, amount_paid: 80 })
        : jsonResponse(200, subscriptionFixture({ subscription_id: 77 })),
    );
    queryClient.setQueryData(['subscription-status', 42], null);
    let cachedOnArrival: unknown;
    router.subscribe((state) => {
      if (state.location.pathname === '/dashboard')
        cachedOnArrival ??= queryClient.getQueryData(['subscription-status', 42]);
    });
    fillBilling();
    fillCard();
    fireEvent.click(payButton());
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();
    expect(cachedOnArrival).toMatchObject({ subscription_id: 77, status: 'active' });
    expect(calls().map((call) => call.url)).toEqual([
      '/api/v1/subscription/create-subscription',
      '/api/v1/subscription/subscription-status/42',
    ]);
  });

  it('sends no coupon_id without a coupon', async () => {
    const { calls } = await openCheckout(() => jsonResponse(201, created()), {
      plan: professional,
      coupon: null,
    });
    expect(payButton()).toHaveTextContent('Pay $100.00');
    fillBilling();
    fillCard();
    fireEvent.click(payButton());
    await screen.findByText('Page /dashboard');
    expect(createCalls(calls)[0]?.body).not.toHaveProperty('coupon_id');
  });

  it('shows a busy button and starts one payment for a double click', async () => {
    const pending = deferred<Response>();
    const { calls } = await openCheckout(() => pending.promise);
    fillBilling();
    fillCard();
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    await waitFor(() => expect(payButton()).toHaveTextContent('Processing payment…'));
    expect(payButton()).toBeDisabled();
    expect(createCalls(calls)).toHaveLength(1);
    pending.resolve(jsonResponse(201, created()));
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();
  });

  it("says 'Payment failed. Please try again.' when the card is declined (402)", async () => {
    await openCheckout(() =>
      jsonResponse(402, { message: 'Payment failed. Please try again.', code: 'PAYMENT_FAILED' }),
    );
    fillBilling();
    fillCard({ number: '4000 0000 0000 0002' });
    fireEvent.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it("shows the server's message, else the generic text", async () => {
    let answer = jsonResponse(409, { message: 'You already have an active subscription' });
    await openCheckout(() => answer);
    fillBilling();
    fillCard();
    fireEvent.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an active subscription');

    answer = new Response('Bad gateway', { status: 502 });
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An error occurred. Please try again.'),
    );
  });

  it('reuses the Idempotency-Key when the same payment is retried, and makes a new one for another card', async () => {
    const answers = [
      jsonResponse(503, { message: 'Service unavailable' }),
      jsonResponse(402, { message: 'Payment failed. Please try again.' }),
      jsonResponse(201, created()),
    ];
    const { calls } = await openCheckout(() => answers.shift()!);
    fillBilling();
    fillCard({ number: '4000 0000 0000 0002' });
    fireEvent.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');

    // The same attempt again: same request, same key, so the server can never charge twice.
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Payment failed. Please try again.'),
    );

    // Another card is a new attempt.
    fillCard({ number: '4242 4242 4242 4242' });
    fireEvent.click(payButton());
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();

    const keys = createCalls(calls).map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
