import {
  type Subscription,
  type SubscriptionStatus,
  subscriptionMessages,
} from '@tableserve/contract/subscription';

const labels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  canceled: 'Canceled',
  expired: 'Expired',
  grace_period: 'Grace period',
  none: 'No subscription',
};

/** The status as the screens show it; cancel_at_period_end reads 'Active (Canceling)' (docs/product/subscriptions.md#cancellation). */
export function subscriptionStatusLabel(
  subscription: Pick<Subscription, 'status' | 'cancel_at_period_end'>,
): string {
  if (subscription.status === 'active' && subscription.cancel_at_period_end) {
    return subscriptionMessages.activeCanceling;
  }
  return labels[subscription.status];
}

/** Expired, canceled or grace_period offer Renew / Subscribe for Services (docs/product/accounts.md#diner-session-expiry). */
export function offersRenewal(status: SubscriptionStatus): boolean {
  return status === 'expired' || status === 'canceled' || status === 'grace_period';
}

/**
 * Whether the dashboard opens (docs/product/accounts.md#login-routing, Owner dashboard): not without a
 * subscription (a 404 is status none), nor once expired outside the grace period.
 */
export function hasDashboardAccess(
  subscription: Pick<Subscription, 'status' | 'is_in_grace_period'> | null,
): boolean {
  if (subscription === null || subscription.status === 'none') return false;
  return !(subscription.status === 'expired' && !subscription.is_in_grace_period);
}
