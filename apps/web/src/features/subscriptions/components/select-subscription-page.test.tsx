import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { daysFromNow, plans, signInOwner, subscriptionFixture } from '@/test/subscription-fixtures';
import { SelectSubscriptionPage } from './select-subscription-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Handler = Parameters<typeof stubFetch>[0];

/** The API: plans, the owner's status (404 by default) and whatever else the test answers. */
function stubApi({
  status = jsonResponse(404, { message: 'No subscription found' }),
  other,
}: {
  status?: Response;
  other?: Handler;
} = {}) {
  return stubFetch((call) => {
    if (call.url.endsWith('/subscription/plans')) return jsonResponse(200, { plans });
    if (call.url.includes('/subscription/subscription-status/')) return status.clone();
    if (other) return other(call);
    return jsonResponse(500, { message: 'unexpected' });
  });
}

const renderPage = () =>
  renderRoute(SelectSubscriptionPage, {
    path: '/select-subscription',
    destinations: ['/payment-details', '/dashboard', '/login', '/subscription-details'],
  });

/** The coupon-applied notice (a live region; the busy Apply button's spinner is one too). */
const appliedNotice = async () =>
  (await screen.findByText(/applied/)).closest('[role="status"]') as HTMLElement;

const applyButton = () => screen.getByRole('button', { name: /^(Working)?\s*Apply$/ });

describe('Plans screen: session', () => {
  it('sends a visitor without an owner session to /login', async () => {
    stubApi();
    renderPage();
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });

  it('sends a visitor with a non-numeric user id to /login', async () => {
    signInOwner({ userId: 'abc' });
    stubApi();
    renderPage();
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });
});

describe('Plans screen: choosing a plan', () => {
  it('lists the plans with prices per month and highlights Professional', async () => {
    signInOwner();
    const { calls } = stubApi();
    renderPage();
    const professional = await screen.findByRole('radio', { name: 'Professional' });
    expect(professional).toBeChecked();
    expect(screen.getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByText('$200.00')).toBeInTheDocument();
    expect(screen.getAllByText('/month')).toHaveLength(3);
    expect(screen.getByText('Recommended')).toBeInTheDocument();
    expect(calls().find((call) => call.url.includes('subscription-status'))).toMatchObject({
      url: '/api/v1/subscription/subscription-status/42',
      headers: { Authorization: 'Bearer owner-token' },
    });
  });

  it('continues to /payment-details with the plan and coupon in navigation state', async () => {
    signInOwner();
    stubApi();
    const { router } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Enterprise' }));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$200.00');
    await user.click(screen.getByRole('button', { name: /Continue to payment/ }));
    expect(await screen.findByText('Page /payment-details')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({
      plan: { plan_id: 3, name: 'Enterprise' },
      coupon: null,
    });
  });

  it('shows the loading failure text when the plans cannot be loaded', async () => {
    signInOwner();
    stubFetch((call) =>
      call.url.endsWith('/plans')
        ? jsonResponse(500, { message: 'boom' })
        : jsonResponse(404, { message: 'none' }),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading subscription data. Please try again.',
    );
  });

  it('shows the loading failure text when the status cannot be loaded', async () => {
    signInOwner();
    stubApi({ status: jsonResponse(500, { message: 'boom' }) });
    renderPage();
    // The status call is retried once on a server error before giving up.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Error loading subscription data. Please try again.',
    );
  });
});

describe('Plans screen: coupons (docs/product/subscriptions.md#coupons)', () => {
  const coupon = {
    id: 'WELCOME20',
    name: 'Welcome offer',
    percent_off: 20,
    amount_off: null,
    valid: true,
    metadata: { applicable_product_id: null },
  };

  async function openWithCoupon(other: Handler) {
    signInOwner();
    const api = stubApi({ other });
    const result = renderPage();
    await screen.findByRole('radio', { name: 'Professional' });
    return { ...api, ...result };
  }

  it('asks for a code when the field is empty, without calling the server', async () => {
    const { calls } = await openWithCoupon(() => jsonResponse(200, { valid: true, coupon, error: null }));
    await userEvent.setup().click(applyButton());
    expect(screen.getByText('Please enter a coupon code')).toBeInTheDocument();
    expect(calls().some((call) => call.url.endsWith('/validate-coupon'))).toBe(false);
  });

  it("applies a percent-off coupon: '20% off' and the discounted total", async () => {
    const { calls, router } = await openWithCoupon(() =>
      jsonResponse(200, { valid: true, coupon, error: null }),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Coupon code'), ' WELCOME20 ');
    await user.click(applyButton());
    const notice = await appliedNotice();
    expect(notice).toHaveTextContent('WELCOME20 applied');
    expect(notice).toHaveTextContent('20% off');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$80.00');
    expect(calls().find((call) => call.url.endsWith('/validate-coupon'))).toMatchObject({
      method: 'POST',
      body: { coupon_id: 'WELCOME20', plan_id: 2 },
    });

    await user.click(screen.getByRole('button', { name: /Continue to payment/ }));
    await screen.findByText('Page /payment-details');
    expect(router.state.location.state).toMatchObject({ plan: { plan_id: 2 }, coupon: { id: 'WELCOME20' } });
  });

  it("applies a fixed-amount coupon: '$5.00 off', never below zero", async () => {
    const fixed = { ...coupon, id: 'FIVE', percent_off: null, amount_off: 500 };
    await openWithCoupon(() => jsonResponse(200, { valid: true, coupon: fixed, error: null }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Coupon code'), 'FIVE');
    await user.click(applyButton());
    expect(await appliedNotice()).toHaveTextContent('$5.00 off');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$95.00');
  });

  it("says 'Invalid coupon' for an unknown code", async () => {
    await openWithCoupon(() => jsonResponse(200, { valid: false, coupon: null, error: 'Invalid coupon' }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Coupon code'), 'NOPE');
    await user.click(applyButton());
    expect(await screen.findByText('Invalid coupon')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$100.00');
  });

  it("says 'This coupon has expired' for an expired code", async () => {
    await openWithCoupon(() =>
      jsonResponse(200, { valid: false, coupon: null, error: 'This coupon has expired' }),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Coupon code'), 'SUMMER');
    await user.click(applyButton());
    expect(await screen.findByText('This coupon has expired')).toBeInTheDocument();
  });

  it("says 'Failed to validate coupon' when the request fails", async () => {
    await openWithCoupon(() => jsonResponse(500, { message: 'boom' }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Coupon code'), 'WELCOME20');
    await user.click(applyButton());
    expect(await screen.findByText('Failed to validate coupon')).toBeInTheDocument();
  });

  it('blocks applying while a validation is in flight', async () => {
    const pending = deferred<Response>();
    const { calls } = await openWithCoupon(() => pending.promise);
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'WELCOME20' } });
    const form = screen.getByRole('form', { name: 'Coupon' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(applyButton()).toBeDisabled());
    expect(calls().filter((call) => call.url.endsWith('/validate-coupon'))).toHaveLength(1);
    pending.resolve(jsonResponse(200, { valid: true, coupon, error: null }));
    expect(await appliedNotice()).toHaveTextContent('20% off');
  });
});

describe('Plans screen: lapsed subscriptions', () => {
  it.each([
    ['expired', /expired on/],
    ['canceled', /has been canceled/],
    ['grace_period', /day 3 of 7/],
  ] as const)('shows a %s subscription and offers Renew / Subscribe for Services', async (status, text) => {
    signInOwner();
    stubApi({
      status: jsonResponse(
        200,
        subscriptionFixture({
          status,
          plan_id: 3,
          plan_name: 'Enterprise',
          start_date: daysFromNow(-32),
          end_date: daysFromNow(-2),
          next_billing_date: null,
          grace_period_end_date: status === 'grace_period' ? daysFromNow(5) : null,
          is_in_grace_period: status === 'grace_period',
        }),
      ),
    });
    renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Renew \/ Subscribe for Services/ })).toBeInTheDocument();
    // The lapsed plan is selected, ready to renew.
    expect(screen.getByRole('radio', { name: 'Enterprise' })).toBeChecked();
  });
});

describe('Plans screen: an active owner cancels with a pro-rated refund', () => {
  const cancelResult = {
    success: true,
    message: 'Your subscription has been canceled and a refund has been issued.',
    refund_amount: 66.67,
    used_days: 10,
    remaining_days: 20,
    daily_rate: 3.33,
    subscription: subscriptionFixture({ status: 'canceled', next_billing_date: null, remaining_days: 0 }),
  };

  it('disables cancel before day 5 and shows the days remaining', async () => {
    signInOwner();
    stubApi({ status: jsonResponse(200, subscriptionFixture({ start_date: daysFromNow(-2) })) });
    renderPage();
    const cancel = await screen.findByRole('button', { name: /Cancel subscription/ });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(/3 days to go/);
  });

  it("cancels immediately, shows the refund figures, then after 3 s 'Refund may take 5-10 business days to process'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInOwner();
    let canceled = false;
    const { calls } = stubFetch((call) => {
      if (call.url.endsWith('/subscription/plans')) return jsonResponse(200, { plans });
      if (call.url.includes('/subscription-status/')) {
        return jsonResponse(200, canceled ? cancelResult.subscription : subscriptionFixture());
      }
      if (call.url.includes('/cancel-subscription/')) {
        canceled = true;
        return jsonResponse(200, cancelResult);
      }
      return jsonResponse(500, {});
    });
    renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));

    const summary = await screen.findByRole('status', { name: 'Subscription canceled' });
    expect(summary).toHaveTextContent('$66.67');
    expect(summary).toHaveTextContent('10 days');
    expect(summary).toHaveTextContent('20 days');
    expect(summary).toHaveTextContent('$3.33');
    expect(calls().find((call) => call.url.includes('/cancel-subscription/'))).toMatchObject({
      url: '/api/v1/subscription/cancel-subscription/42',
      method: 'POST',
      body: { mode: 'immediate' },
      headers: { Authorization: 'Bearer owner-token' },
    });
    expect(screen.queryByText('Refund may take 5-10 business days to process')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByText('Refund may take 5-10 business days to process')).toBeInTheDocument();
    // The state is read again: now canceled, with the way back.
    expect(
      await screen.findByRole('button', { name: /Renew \/ Subscribe for Services/ }),
    ).toBeInTheDocument();
  });

  it.each([
    [402, { message: 'Card declined' }, 'Payment failed. Please update your payment method.'],
    [
      409,
      { message: 'Your subscription can be canceled from day 5.' },
      'Your subscription can be canceled from day 5.',
    ],
    [500, {}, 'Error canceling subscription. Please try again.'],
  ])('shows the cancel error for %i', async (status, body, message) => {
    signInOwner();
    stubApi({
      status: jsonResponse(200, subscriptionFixture()),
      other: () => jsonResponse(status, body),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
