import type { Subscription } from '@tableserve/contract/subscription';
import { cn } from '@/lib/cn';
import { subscriptionStatusLabel } from '@/session/owner/subscription-state';

const tones = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  canceling: 'bg-amber-50 text-amber-900 ring-amber-200',
  grace_period: 'bg-orange-50 text-orange-900 ring-orange-200',
  ended: 'bg-stone-100 text-stone-700 ring-stone-200',
} as const;

/** The subscription's status as a pill: 'Active', 'Active (Canceling)', 'Grace period'… */
export function StatusBadge({
  subscription,
  className,
}: {
  subscription: Pick<Subscription, 'status' | 'cancel_at_period_end'>;
  className?: string;
}) {
  const tone =
    subscription.status === 'active'
      ? subscription.cancel_at_period_end
        ? tones.canceling
        : tones.active
      : subscription.status === 'grace_period'
        ? tones.grace_period
        : tones.ended;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tone,
        className,
      )}
    >
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {subscriptionStatusLabel(subscription)}
    </span>
  );
}
