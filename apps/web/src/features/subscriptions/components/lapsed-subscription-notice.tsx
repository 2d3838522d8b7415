import type { Subscription } from '@tableserve/contract/subscription';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useNow } from '../hooks/use-now';
import { formatDate, graceProgress, pluralDays, subscriptionEndDate } from '../lib/subscription-dates';
import { StatusBadge } from './status-badge';

/** What happened to an expired, canceled or grace_period subscription, in the owner's words. */
function lapsedText(subscription: Subscription, now: Date): string {
  const plan = subscription.plan_name;
  if (subscription.status === 'grace_period') {
    const grace = graceProgress(subscription, now);
    return grace
      ? `We couldn't renew your ${plan} plan. You're on day ${grace.day} of 7 of your grace period, with ${pluralDays(grace.daysRemaining)} remaining to renew before your menu stops taking orders.`
      : `We couldn't renew your ${plan} plan. Renew now to keep your menu taking orders.`;
  }
  if (subscription.status === 'expired') {
    return `Your ${plan} plan expired on ${formatDate(subscriptionEndDate(subscription))}. Diners can't order from your menu until you subscribe again.`;
  }
  return `Your ${plan} plan has been canceled. Diners can't order from your menu until you subscribe again.`;
}

/** The current state of a lapsed subscription and the way back (docs/product/subscriptions.md#subscription-statuses: Renew / Subscribe for Services). */
export function LapsedSubscriptionNotice({
  subscription,
  onRenew,
}: {
  subscription: Subscription;
  onRenew: () => void;
}) {
  const now = useNow();
  return (
    <Card
      aria-labelledby="lapsed-heading"
      className="flex flex-col gap-5 border-orange-200! bg-orange-50! p-6 md:flex-row md:items-center md:justify-between md:p-7"
    >
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="lapsed-heading" className="text-lg font-semibold">
            {subscription.plan_name} plan
          </h2>
          <StatusBadge subscription={subscription} />
        </div>
        <p className="mt-2 max-w-2xl text-sm leading-6 text-stone-700">{lapsedText(subscription, now)}</p>
      </div>
      <Button onClick={onRenew} className="min-h-12 w-full shrink-0 whitespace-nowrap md:w-auto">
        <RotateCcw className="size-4" aria-hidden />
        Renew / Subscribe for Services
      </Button>
    </Card>
  );
}
