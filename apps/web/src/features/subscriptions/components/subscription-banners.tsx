import type { Subscription } from '@tableserve/contract/subscription';
import { ArrowRight, CircleAlert, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useNow } from '../hooks/use-now';
import { endingSoonDays, formatDate, graceProgress, pluralDays } from '../lib/subscription-dates';

const tones = {
  orange: 'border-orange-200 bg-orange-50 text-orange-950 [--icon:var(--color-orange-600)]',
  red: 'border-red-200 bg-red-50 text-red-950 [--icon:var(--color-red-600)]',
} as const;

function Banner({
  tone,
  icon: Icon,
  title,
  children,
  action,
}: {
  tone: keyof typeof tones;
  icon: typeof Clock;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col gap-3 rounded-2xl border px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between sm:px-5',
        tones[tone],
      )}
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-(--icon)" aria-hidden />
        <div className="text-sm leading-6">
          <p className="font-semibold">{title}</p>
          <p>{children}</p>
        </div>
      </div>
      <div className="shrink-0 pl-8 sm:pl-0">{action}</div>
    </div>
  );
}

const actionClasses =
  'inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold underline-offset-4 hover:underline';

/**
 * The dashboard's subscription banners (docs/product/subscriptions.md#subscription-banners):
 * orange 'ending soon' when an active, renewing subscription has 0 to 5 days left before its
 * next billing date, and the grace banner with day X of 7 and the days remaining.
 */
export function SubscriptionBanners({ subscription }: { subscription: Subscription | null }) {
  const now = useNow();
  if (!subscription) return null;

  const grace = graceProgress(subscription, now);
  if (grace) {
    return (
      <Banner
        tone="red"
        icon={CircleAlert}
        title="Your last payment didn't go through"
        action={
          <Link
            to={paths.selectSubscription}
            className={cn(actionClasses, 'bg-red-700 text-white hover:bg-red-800')}
          >
            Renew now
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        }
      >
        You're on day {grace.day} of 7 of your grace period, with {pluralDays(grace.daysRemaining)} remaining.
        Renew before it ends to keep your menu taking orders.
      </Banner>
    );
  }

  const daysLeft = endingSoonDays(subscription, now);
  if (daysLeft !== null) {
    return (
      <Banner
        tone="orange"
        icon={Clock}
        title={
          daysLeft === 0
            ? 'Your subscription ends today'
            : `Your subscription ends in ${pluralDays(daysLeft)}`
        }
        action={
          <Link
            to={paths.subscriptionDetails}
            className={cn(actionClasses, 'text-orange-900 hover:bg-orange-100')}
          >
            View subscription
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        }
      >
        Your {subscription.plan_name} plan's billing period ends on{' '}
        {formatDate(subscription.next_billing_date)}. Make sure your card is up to date so your menu stays
        online.
      </Banner>
    );
  }

  if (subscription.status === 'canceled') {
    return (
      <Banner
        tone="red"
        icon={CircleAlert}
        title="Your subscription is canceled"
        action={
          <Link
            to={paths.selectSubscription}
            className={cn(actionClasses, 'bg-red-700 text-white hover:bg-red-800')}
          >
            Renew / Subscribe for Services
          </Link>
        }
      >
        Diners can't order from your menu until you subscribe again.
      </Banner>
    );
  }

  return null;
}
