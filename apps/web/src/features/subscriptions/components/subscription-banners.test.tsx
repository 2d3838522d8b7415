import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { daysFromNow, subscriptionFixture } from '@/test/subscription-fixtures';
import { SubscriptionBanners } from './subscription-banners';

function renderBanners(subscription: Parameters<typeof SubscriptionBanners>[0]['subscription']) {
  const router = createMemoryRouter([
    { path: '/', element: <SubscriptionBanners subscription={subscription} /> },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('Subscription banners', () => {
  it('warns that an active subscription ends soon within 5 days', () => {
    renderBanners(subscriptionFixture({ next_billing_date: daysFromNow(3), end_date: daysFromNow(3) }));
    expect(screen.getByText('Your subscription ends in 3 days')).toBeInTheDocument();
  });

  it('stays quiet with more than 5 days left or when already canceling', () => {
    const { unmount } = renderBanners(subscriptionFixture({ next_billing_date: daysFromNow(12) }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    unmount();
    renderBanners(subscriptionFixture({ next_billing_date: daysFromNow(2), cancel_at_period_end: true }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the grace day of 7, the days remaining and a Renew now link', () => {
    renderBanners(
      subscriptionFixture({
        status: 'grace_period',
        is_in_grace_period: true,
        next_billing_date: null,
        end_date: daysFromNow(-1),
        grace_period_end_date: daysFromNow(6),
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      /day 2 of 7 of your grace period, with 6 days remaining/,
    );
    expect(screen.getByRole('link', { name: /Renew now/ })).toHaveAttribute('href', '/select-subscription');
  });

  it('shows nothing without a subscription', () => {
    renderBanners(null);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
