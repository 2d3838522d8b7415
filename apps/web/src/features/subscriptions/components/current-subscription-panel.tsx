import type { CancelSubscriptionResponse, Subscription } from '@tableserve/contract/subscription';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { dollarsToCents, formatCents, formatDollars } from '@/lib/money';
import type { OwnerSession } from '@/session/owner/owner-session';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useNow } from '../hooks/use-now';
import { cancelErrorMessage } from '../lib/payment-errors';
import {
  cancelAvailability,
  formatDate,
  pluralDays,
  remainingDays,
  subscriptionEndDate,
} from '../lib/subscription-dates';
import { CancelButton } from './cancel-button';
import { StatusBadge } from './status-badge';

type CurrentSubscriptionPanelProps = {
  session: OwnerSession;
  subscription: Subscription;
  onCanceled: (result: CancelSubscriptionResponse) => void;
};

/**
 * An active owner on the plans screen: their plan, and the plans-screen cancel, which ends the
 * subscription now with a pro-rated refund (docs/product/subscriptions.md#subscription-statuses).
 */
export function CurrentSubscriptionPanel({
  session,
  subscription,
  onCanceled,
}: CurrentSubscriptionPanelProps) {
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription(session, 'immediate');
  const daysLeft = remainingDays(subscription, now);
  const availability = cancelAvailability(subscription.start_date, now);
  const dailyRateCents = dollarsToCents(subscription.price) / (subscription.plan_duration_days || 30);
  const estimatedRefund = formatCents(Math.round(dailyRateCents * daysLeft));

  function closeDialog() {
    setConfirming(false);
    cancel.reset();
  }

  return (
    <Card aria-labelledby="current-plan-heading" className="overflow-hidden">
      <div className="flex flex-col gap-6 p-6 md:flex-row md:items-start md:justify-between md:p-8">
        <div>
          <p className="text-sm font-medium text-stone-500">Your plan</p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <h2 id="current-plan-heading" className="text-2xl font-bold tracking-tight">
              {subscription.plan_name}
            </h2>
            <StatusBadge subscription={subscription} />
          </div>
          <p className="mt-2 text-stone-600">
            <span className="font-semibold text-stone-900">{formatDollars(subscription.price)}</span>/month
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={paths.dashboard} className={buttonClasses({ size: 'lg' })}>
            Go to dashboard
            <ArrowRight className="size-4" aria-hidden />
          </Link>
          <Link
            to={paths.subscriptionDetails}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            Subscription details
          </Link>
        </div>
      </div>
      <div className="flex flex-col gap-5 border-t border-stone-100 bg-stone-50/70 p-6 md:flex-row md:items-start md:justify-between md:px-8">
        <p className="flex items-start gap-2.5 text-sm leading-6 text-stone-700">
          <CalendarClock className="mt-0.5 size-5 shrink-0 text-stone-500" aria-hidden />
          <span>
            {subscription.cancel_at_period_end ? 'Ends on ' : 'Renews on '}
            <span className="font-semibold text-stone-900">
              {formatDate(subscription.next_billing_date ?? subscriptionEndDate(subscription))}
            </span>
            <span className="text-stone-500"> · {pluralDays(daysLeft)} left in this billing period</span>
          </span>
        </p>
        <CancelButton
          availability={availability}
          onClick={() => setConfirming(true)}
          className="md:max-w-xs md:items-end md:text-right"
        />
      </div>

      <Modal
        open={confirming}
        onClose={closeDialog}
        title="Cancel your subscription now?"
        className="max-w-lg"
        footer={
          <>
            <Button
              variant="secondary"
              onClick={closeDialog}
              disabled={cancel.isPending}
              className="whitespace-nowrap"
            >
              Keep my plan
            </Button>
            <Button
              variant="danger"
              className="whitespace-nowrap"
              busy={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: (result) => {
                    setConfirming(false);
                    onCanceled(result);
                  },
                })
              }
            >
              Cancel and refund
            </Button>
          </>
        }
      >
        <div className="space-y-4 text-[0.9375rem] leading-7 text-stone-700">
          <p>
            Your {subscription.plan_name} plan ends immediately and diners can no longer order from your menu.
          </p>
          <p>
            You'll get a pro-rated refund for the {pluralDays(daysLeft)} left in this billing period: about{' '}
            <span className="font-semibold text-stone-900">{estimatedRefund}</span>.
          </p>
          {cancel.isError && <Alert type="error">{cancelErrorMessage(cancel.error)}</Alert>}
        </div>
      </Modal>
    </Card>
  );
}
