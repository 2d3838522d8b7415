import { type Subscription, subscriptionMessages } from '@tableserve/contract/subscription';
import { ArrowLeft, CalendarX2, CreditCard, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Modal } from '@/components/ui/modal';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDollars } from '@/lib/money';
import { OwnerOnly } from '@/session/owner/owner-only';
import type { OwnerSession } from '@/session/owner/owner-session';
import { offersRenewal } from '@/session/owner/subscription-state';
import { useSubscription } from '@/session/owner/subscription-status';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useNow } from '../hooks/use-now';
import {
  cancelAvailability,
  formatDate,
  graceProgress,
  pluralDays,
  remainingDays,
  subscriptionEndDate,
} from '../lib/subscription-dates';
import { CancelButton } from './cancel-button';
import { StatusBadge } from './status-badge';
import { PageHeading, SubscriptionShell } from './subscription-shell';

/** /subscription-details (docs/product/web-app.md#static-pages, docs/product/subscriptions.md#subscription-statuses Details screen). */
export function SubscriptionDetailsPage() {
  return <OwnerOnly>{(session) => <SubscriptionDetails session={session} />}</OwnerOnly>;
}

function BackToDashboard() {
  return (
    <Link
      to={paths.dashboard}
      className={buttonClasses({ variant: 'ghost', className: '-ml-3 mb-3 text-stone-600' })}
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to dashboard
    </Link>
  );
}

const renewLink = (
  <Link to={paths.selectSubscription} className={buttonClasses({ className: 'min-h-12 whitespace-nowrap' })}>
    <RotateCcw className="size-4" aria-hidden />
    Renew / Subscribe for Services
  </Link>
);

function SubscriptionDetails({ session }: { session: OwnerSession }) {
  const subscription = useSubscription(session);

  let content: ReactNode;
  if (subscription.isPending) {
    content = <LoadingScreen label="Loading your subscription" />;
  } else if (subscription.data === undefined) {
    content = (
      <Card className="flex flex-col items-start gap-5 p-6 md:p-8">
        <Alert type="error" className="w-full">
          {subscriptionMessages.detailsLoadError}
        </Alert>
        <Button
          variant="secondary"
          busy={subscription.isFetching}
          onClick={() => void subscription.refetch()}
        >
          Try again
        </Button>
      </Card>
    );
  } else if (subscription.data === null || subscription.data.status === 'none') {
    content = (
      <Card className="flex flex-col items-start gap-4 p-6 md:p-8">
        <h2 className="text-lg font-semibold">You don't have a subscription yet</h2>
        <p className="text-stone-600">Choose a plan to put your menu online and start taking orders.</p>
        {renewLink}
      </Card>
    );
  } else {
    content = <SubscriptionCard session={session} subscription={subscription.data} />;
  }

  return (
    <SubscriptionShell width="medium">
      <BackToDashboard />
      <PageHeading title="Subscription details" description="Your plan, billing dates and cancellation." />
      <div className="mt-8">{content}</div>
    </SubscriptionShell>
  );
}

function SubscriptionCard({ session, subscription }: { session: OwnerSession; subscription: Subscription }) {
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription(session, 'at_period_end');
  const endDate = subscriptionEndDate(subscription);
  const daysLeft = remainingDays(subscription, now);
  const canceling = subscription.status === 'active' && subscription.cancel_at_period_end;
  const cancellable = subscription.status === 'active' && !subscription.cancel_at_period_end;
  const grace = graceProgress(subscription, now);

  const facts = [
    { label: 'Price', value: `${formatDollars(subscription.price)}/month` },
    { label: 'Days remaining', value: pluralDays(daysLeft) },
    { label: 'Start date', value: formatDate(subscription.start_date) },
    { label: 'End date', value: formatDate(endDate) },
    { label: 'Next billing date', value: formatDate(subscription.next_billing_date) },
    ...(grace
      ? [{ label: 'Grace period', value: `Day ${grace.day} of 7 · ${pluralDays(grace.daysRemaining)} left` }]
      : []),
  ];

  function closeDialog() {
    setConfirming(false);
    cancel.reset();
  }

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between md:p-8">
        <div className="flex items-center gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <CreditCard className="size-6" aria-hidden />
          </span>
          <div>
            <p className="text-sm font-medium text-stone-500">Plan</p>
            <h2 className="text-2xl font-bold tracking-tight">{subscription.plan_name}</h2>
          </div>
        </div>
        <StatusBadge subscription={subscription} className="self-start text-sm sm:self-center" />
      </div>

      {canceling && (
        <div className="px-6 md:px-8">
          <div
            role="status"
            className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          >
            <CalendarX2 className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
            <p>
              <span className="font-semibold">Cancellation scheduled.</span> Your subscription ends on{' '}
              {formatDate(endDate)} and will not renew. You keep full access until then.
            </p>
          </div>
        </div>
      )}

      <dl className="grid grid-cols-1 gap-px bg-stone-100 sm:grid-cols-2 md:mt-2">
        {facts.map((fact) => (
          <div key={fact.label} className="bg-white px-6 py-4 sm:last:odd:col-span-2 md:px-8">
            <dt className="text-sm text-stone-500">{fact.label}</dt>
            <dd className="mt-0.5 text-base font-semibold text-stone-900 tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-col gap-4 border-t border-stone-100 bg-stone-50/70 p-6 sm:flex-row sm:items-start sm:justify-between md:px-8">
        {offersRenewal(subscription.status) ? (
          <>
            <p className="text-sm leading-6 text-stone-600">
              Renew to keep your menu online and your orders coming in.
            </p>
            {renewLink}
          </>
        ) : cancellable ? (
          <>
            <p className="text-sm leading-6 text-stone-600 sm:max-w-sm">
              Canceling stops the renewal. You keep your plan until {formatDate(endDate)}; no refund is
              issued.
            </p>
            <CancelButton
              availability={cancelAvailability(subscription.start_date, now)}
              onClick={() => setConfirming(true)}
              className="sm:max-w-xs sm:items-end sm:text-right"
            />
          </>
        ) : (
          <p className="text-sm leading-6 text-stone-600">
            Your plan will not renew. To keep taking orders after it ends, subscribe again from the plans
            page.
          </p>
        )}
      </div>

      <Modal
        open={confirming}
        onClose={closeDialog}
        title="Cancel at the end of this billing period?"
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
              onClick={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              Yes, cancel
            </Button>
          </>
        }
      >
        <div className="space-y-4 text-[0.9375rem] leading-7 text-stone-700">
          <p>
            Your {subscription.plan_name} plan stays active until{' '}
            <span className="font-semibold text-stone-900">{formatDate(endDate)}</span> and then ends. It will
            not renew, and no refund is issued for the remaining {pluralDays(daysLeft)}.
          </p>
          {cancel.isError && <Alert type="error">{subscriptionMessages.detailsCancelError}</Alert>}
        </div>
      </Modal>
    </Card>
  );
}
