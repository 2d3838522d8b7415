import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { daysFromNow, signInOwner, subscriptionFixture } from '@/test/subscription-fixtures';
import { SubscriptionDetailsPage } from './subscription-details-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderRoute(SubscriptionDetailsPage, {
    path: '/subscription-details',
    destinations: ['/login', '/dashboard', '/select-subscription'],
  });

const statusCalls = (calls: () => Array<{ url: string }>) =>
  calls().filter((call) => call.url.includes('/subscription-status/'));

describe('Subscription details', () => {
  it('sends a visitor without an owner session to /login', async () => {
    renderPage();
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });

  it('shows the plan, price, status, dates and days remaining', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, subscriptionFixture()));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Professional' })).toBeInTheDocument();
    expect(screen.getByText('$100.00/month')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Days remaining').nextSibling).toHaveTextContent('20 days');
    for (const label of ['Start date', 'End date', 'Next billing date']) {
      expect(screen.getByText(label).nextSibling?.textContent).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    }
  });

  it('derives the end date from the start and plan duration when it is missing', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, subscriptionFixture({ start_date: daysFromNow(-25), end_date: '' })));
    renderPage();
    expect((await screen.findByText('Days remaining')).nextSibling).toHaveTextContent('5 days');
  });

  it("shows cancel_at_period_end as 'Active (Canceling)' with the scheduled-cancellation banner", async () => {
    signInOwner();
    stubFetch(() =>
      jsonResponse(200, subscriptionFixture({ cancel_at_period_end: true, next_billing_date: null })),
    );
    renderPage();
    expect(await screen.findByText('Active (Canceling)')).toBeInTheDocument();
    expect(screen.getByText(/Cancellation scheduled/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel subscription/ })).not.toBeInTheDocument();
  });

  it('disables cancel before day 5 and shows the days left', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, subscriptionFixture({ start_date: daysFromNow(-1) })));
    renderPage();
    const cancel = await screen.findByRole('button', { name: /Cancel subscription/ });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(/4 days to go/);
  });

  it('cancels at period end, with no refund, and reads the subscription again', async () => {
    signInOwner();
    let canceled = false;
    const { calls } = stubFetch((call) => {
      if (call.url.includes('/cancel-subscription/')) {
        canceled = true;
        return jsonResponse(200, {
          success: true,
          message: 'Your subscription will be canceled at the end of the current billing period.',
          refund_amount: 0,
          used_days: 10,
          remaining_days: 20,
          daily_rate: 3.33,
          subscription: subscriptionFixture({ cancel_at_period_end: true, next_billing_date: null }),
        });
      }
      return jsonResponse(200, subscriptionFixture({ cancel_at_period_end: canceled }));
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(/no refund/);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Active (Canceling)')).toBeInTheDocument();
    expect(calls().find((call) => call.url.includes('/cancel-subscription/'))).toMatchObject({
      url: '/api/v1/subscription/cancel-subscription/42',
      method: 'POST',
      body: { mode: 'at_period_end' },
    });
    expect(statusCalls(calls)).toHaveLength(2);
  });

  it("says 'Failed to cancel subscription. Please try again later.' when canceling fails", async () => {
    signInOwner();
    stubFetch((call) =>
      call.url.includes('/cancel-subscription/')
        ? jsonResponse(409, { message: 'Something else' })
        : jsonResponse(200, subscriptionFixture()),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to cancel subscription. Please try again later.',
    );
  });

  it("says 'Failed to load subscription details. Please try again later.' when loading fails", async () => {
    signInOwner();
    stubFetch(() => jsonResponse(401, { message: 'Please log in to continue' }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load subscription details. Please try again later.',
    );
  });

  it.each(['expired', 'canceled', 'grace_period'] as const)(
    'offers Renew / Subscribe for Services when %s, with 0 days left once ended',
    async (status) => {
      signInOwner();
      stubFetch(() =>
        jsonResponse(
          200,
          subscriptionFixture({
            status,
            next_billing_date: null,
            grace_period_end_date: status === 'grace_period' ? daysFromNow(6) : null,
          }),
        ),
      );
      renderPage();
      const renew = await screen.findByRole('link', { name: /Renew \/ Subscribe for Services/ });
      expect(renew).toHaveAttribute('href', '/select-subscription');
      if (status !== 'grace_period') {
        expect(screen.getByText('Days remaining').nextSibling).toHaveTextContent('0 days');
      }
    },
  );

  it('treats a 404 as no subscription', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(404, { message: 'No subscription found' }));
    renderPage();
    expect(await screen.findByText("You don't have a subscription yet")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Renew \/ Subscribe for Services/ })).toBeInTheDocument(),
    );
  });
});
