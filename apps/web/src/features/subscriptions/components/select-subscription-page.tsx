import {
  type CancelSubscriptionResponse,
  type Coupon,
  type Plan,
  type Subscription,
  subscriptionMessages,
} from '@tableserve/contract/subscription';
import { ArrowRight, Lock, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { dollarsToCents, formatCents } from '@/lib/money';
import { OwnerOnly } from '@/session/owner/owner-only';
import type { OwnerSession } from '@/session/owner/owner-session';
import { offersRenewal } from '@/session/owner/subscription-state';
import { useSubscription } from '@/session/owner/subscription-status';
import { usePlans } from '../api/get-plans';
import { useBelowViewport } from '../hooks/use-below-viewport';
import type { CheckoutState } from '../lib/checkout-state';
import { couponAppliesToPlan, couponDiscountLabel, discountedTotalCents } from '../lib/coupon';
import { initialPlanId, recommendedPlanId, sortPlans } from '../lib/plans';
import { CouponForm } from './coupon-form';
import { CurrentSubscriptionPanel } from './current-subscription-panel';
import { LapsedSubscriptionNotice } from './lapsed-subscription-notice';
import { PlanOption } from './plan-option';
import { RefundSummary } from './refund-summary';
import { PageHeading, SubscriptionShell } from './subscription-shell';

/**
 * /select-subscription (docs/product/web-app.md#static-pages, docs/product/subscriptions.md#subscription-statuses, docs/product/subscriptions.md#coupons
 * Subscription plans): choose a plan and coupon, renew a lapsed subscription, or cancel an
 * active one with a pro-rated refund.
 */
export function SelectSubscriptionPage() {
  return <OwnerOnly>{(session) => <PlanSelection session={session} />}</OwnerOnly>;
}

function PlanSelection({ session }: { session: OwnerSession }) {
  const plans = usePlans();
  const subscription = useSubscription(session);
  const [refund, setRefund] = useState<CancelSubscriptionResponse | null>(null);

  if (plans.isPending || subscription.isPending) {
    return (
      <SubscriptionShell>
        <LoadingScreen label="Loading plans" />
      </SubscriptionShell>
    );
  }

  if (plans.isError || subscription.data === undefined) {
    return (
      <SubscriptionShell width="narrow">
        <Card className="flex flex-col items-start gap-5 p-6 md:p-8">
          <Alert type="error" className="w-full">
            {subscriptionMessages.loadError}
          </Alert>
          <Button
            variant="secondary"
            onClick={() => {
              if (plans.isError) void plans.refetch();
              if (subscription.isError) void subscription.refetch();
            }}
          >
            <RotateCcw className="size-4" aria-hidden />
            Try again
          </Button>
        </Card>
      </SubscriptionShell>
    );
  }

  const current = subscription.data;
  const active = current?.status === 'active';
  const renewing = current !== null && offersRenewal(current.status);

  return (
    <SubscriptionShell>
      <PageHeading
        eyebrow="TableServe plans"
        title={active ? 'Your subscription' : renewing ? 'Renew your subscription' : 'Choose your plan'}
        description={
          active
            ? 'Your restaurant is on an active plan. Manage it here or head back to your dashboard.'
            : 'Every plan includes QR menus, dine-in and pickup ordering and live order status. Billed monthly by card, no setup fee.'
        }
      />
      <div className="mt-8 flex flex-col gap-6 md:mt-10">
        {refund && <RefundSummary result={refund} />}
        {active ? (
          <CurrentSubscriptionPanel session={session} subscription={current} onCanceled={setRefund} />
        ) : (
          <PlanPicker plans={plans.data} subscription={current} />
        )}
      </div>
    </SubscriptionShell>
  );
}

function PlanPicker({ plans, subscription }: { plans: Plan[]; subscription: Subscription | null }) {
  const navigate = useNavigate();
  const sorted = sortPlans(plans);
  const recommended = recommendedPlanId(plans);
  const [selectedId, setSelectedId] = useState(() => initialPlanId(plans, subscription));
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const checkoutRef = useRef<HTMLElement>(null);
  const selected = sorted.find((plan) => plan.plan_id === selectedId) ?? null;
  const renewing = subscription !== null && offersRenewal(subscription.status);
  const checkoutBelow = useBelowViewport(checkoutRef);

  function selectPlan(planId: number) {
    setSelectedId(planId);
    if (coupon && !couponAppliesToPlan(coupon, planId)) setCoupon(null);
  }

  function showCheckout() {
    const checkout = checkoutRef.current;
    checkout?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    checkout?.focus({ preventScroll: true });
  }

  function continueToPayment() {
    if (!selected) return;
    const state: CheckoutState = { plan: selected, coupon };
    navigate(paths.paymentDetails, { state });
  }

  if (sorted.length === 0) {
    return <Alert type="info">No plans are available right now. Please check back soon.</Alert>;
  }

  const priceCents = selected ? dollarsToCents(selected.price) : 0;
  const totalCents = discountedTotalCents(priceCents, coupon);

  return (
    <>
      {subscription && renewing && (
        <LapsedSubscriptionNotice subscription={subscription} onRenew={showCheckout} />
      )}

      <fieldset className="min-w-0">
        <legend className="sr-only">Choose a plan</legend>
        <div className="grid gap-6 pt-4 lg:grid-cols-3 lg:gap-6">
          {sorted.map((plan) => (
            <PlanOption
              key={plan.plan_id}
              plan={plan}
              selected={plan.plan_id === selectedId}
              recommended={
                plan.plan_id === recommended && !(renewing && subscription?.plan_id === plan.plan_id)
              }
              current={renewing && subscription?.plan_id === plan.plan_id}
              currentLabel={
                subscription?.status === 'grace_period' ? 'Your current plan' : 'Your previous plan'
              }
              onSelect={selectPlan}
            />
          ))}
        </div>
      </fieldset>

      {selected && (
        <Card className="p-6 md:p-8">
          <section
            ref={checkoutRef}
            tabIndex={-1}
            aria-labelledby="checkout-heading"
            className="grid gap-8 rounded-lg focus:outline-none md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] md:gap-12"
          >
            <div>
              <h2 id="checkout-heading" className="text-lg font-semibold">
                Have a coupon?
              </h2>
              <p className="mt-1 text-sm text-stone-600">Apply it here and see your total before you pay.</p>
              <div className="mt-5">
                <CouponForm planId={selected.plan_id} applied={coupon} onApply={setCoupon} />
              </div>
            </div>
            <div className="flex flex-col gap-5 border-t border-stone-100 pt-6 md:border-t-0 md:border-l md:pt-0 md:pl-12">
              <dl className="space-y-2.5 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-stone-600">{selected.name} plan</dt>
                  <dd className="font-medium text-stone-900 tabular-nums">{formatCents(priceCents)}/month</dd>
                </div>
                {coupon && (
                  <div className="flex justify-between gap-4 text-emerald-800">
                    <dt>Coupon ({couponDiscountLabel(coupon)})</dt>
                    <dd className="font-medium tabular-nums">−{formatCents(priceCents - totalCents)}</dd>
                  </div>
                )}
                <div className="flex items-baseline justify-between gap-4 border-t border-stone-100 pt-3">
                  <dt className="font-semibold text-stone-900">Total due today</dt>
                  <dd className="flex items-baseline gap-2">
                    {coupon && (
                      <s className="text-sm text-stone-500 tabular-nums">
                        <span className="sr-only">was </span>
                        {formatCents(priceCents)}
                      </s>
                    )}
                    <span
                      data-testid="checkout-total"
                      className="text-2xl font-bold text-stone-900 tabular-nums"
                    >
                      {formatCents(totalCents)}
                    </span>
                  </dd>
                </div>
              </dl>
              <Button size="lg" className="w-full" onClick={continueToPayment}>
                Continue to payment
                <ArrowRight className="size-4" aria-hidden />
              </Button>
              <p className="flex items-center justify-center gap-1.5 text-xs text-stone-500">
                <Lock className="size-3.5" aria-hidden />
                Secure checkout · Cancel any time from day 5
              </p>
            </div>
          </section>
        </Card>
      )}

      {selected && checkoutBelow && (
        // Phones and tablets stack the plans; this bar keeps the way on in reach until the summary shows.
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-raised backdrop-blur-sm lg:hidden">
          <div className="mx-auto flex max-w-2xl items-center justify-between gap-4">
            <p className="min-w-0 text-sm">
              <span className="block truncate font-semibold text-stone-900">{selected.name} plan</span>
              <span className="text-stone-600 tabular-nums">{formatCents(totalCents)} due today</span>
            </p>
            <Button onClick={continueToPayment} className="shrink-0">
              Continue
              <ArrowRight className="size-4" aria-hidden />
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
