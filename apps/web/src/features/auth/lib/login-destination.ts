import { paths } from '@/config/paths';
import type { SubscriptionStatus } from '@/session/owner/subscription-status';

export type LoginDestination =
  | { to: typeof paths.selectSubscription }
  | { to: typeof paths.dashboard; subscriptionId: number | null };

/**
 * Where an owner goes after signing in (docs/product/accounts.md#login-routing). `null` stands for a
 * 404 from the status call, which docs/product/subscriptions.md#subscription-statuses defines as status none.
 */
export function loginDestination(subscription: SubscriptionStatus | null): LoginDestination {
  if (subscription === null || subscription.status === 'none') return { to: paths.selectSubscription };
  if (subscription.status === 'expired' && !subscription.is_in_grace_period) {
    return { to: paths.selectSubscription };
  }
  return { to: paths.dashboard, subscriptionId: subscription.subscription_id };
}
