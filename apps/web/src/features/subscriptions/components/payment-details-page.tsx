import { type Coupon, type Plan, subscriptionMessages } from '@tableserve/contract/subscription';
import { ArrowLeft, Lock } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { CardField } from '@/components/payment/card-field';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { createPaymentAttempts } from '@/lib/idempotency';
import { dollarsToCents, formatCents } from '@/lib/money';
import type { CardInput } from '@/lib/payment/card-input';
import { isTestMode } from '@/lib/payment/stripe-config';
import { OwnerOnly } from '@/session/owner/owner-only';
import { type OwnerSession, saveSubscriptionId } from '@/session/owner/owner-session';
import { useCreateSubscription } from '../api/create-subscription';
import { type BillingForm, blankBillingFields, emptyBillingForm, toBillingDetails } from '../lib/billing';
import { readCheckoutState } from '../lib/checkout-state';
import { discountedTotalCents } from '../lib/coupon';
import { paymentErrorMessage } from '../lib/payment-errors';
import { OrderSummary } from './order-summary';
import { PageHeading, SubscriptionShell } from './subscription-shell';
import { TestModeBadge, TestModeNote } from './test-mode-note';

/** docs/product/subscriptions.md#subscription-statuses: without a plan the screen sends the owner back after 2 s. */
export const NO_PLAN_REDIRECT_MS = 2000;

/** /payment-details, 'Complete Your Subscription' (docs/product/subscriptions.md#payment). */
export function PaymentDetailsPage() {
  return <OwnerOnly>{(session) => <PaymentDetails session={session} />}</OwnerOnly>;
}

function PaymentDetails({ session }: { session: OwnerSession }) {
  const location = useLocation();
  // Read once: the plan chosen on arrival stays the plan of this checkout.
  const [checkout] = useState(() => readCheckoutState(location.state));
  if (!checkout) return <NoPlanSelected />;
  return <Checkout session={session} plan={checkout.plan} coupon={checkout.coupon} />;
}

function NoPlanSelected() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => navigate(paths.selectSubscription, { replace: true }),
      NO_PLAN_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <SubscriptionShell width="narrow">
      <Card className="flex flex-col items-center gap-5 px-6 py-10 text-center md:px-10">
        <Alert type="info" className="w-full text-left">
          {subscriptionMessages.noPlan}
        </Alert>
        <p className="flex items-center gap-2 text-sm text-stone-500">
          <Spinner className="size-4 text-brand-600" decorative />
          Taking you to the plans…
        </p>
        <Link to={paths.selectSubscription} replace className={buttonClasses({ variant: 'secondary' })}>
          Choose a plan
        </Link>
      </Card>
    </SubscriptionShell>
  );
}

const billingFields: Array<{
  field: keyof BillingForm;
  label: string;
  autoComplete: string;
  type?: string;
  className?: string;
  inputMode?: 'email' | 'text';
}> = [
  { field: 'name', label: 'Name on card', autoComplete: 'name', className: 'col-span-2 sm:col-span-3' },
  {
    field: 'email',
    label: 'Email',
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
    className: 'col-span-2 sm:col-span-3',
  },
  { field: 'line1', label: 'Address', autoComplete: 'address-line1', className: 'col-span-2 sm:col-span-6' },
  { field: 'city', label: 'City', autoComplete: 'address-level2', className: 'col-span-2' },
  { field: 'state', label: 'State', autoComplete: 'address-level1', className: 'col-span-1 sm:col-span-2' },
  {
    field: 'postal_code',
    label: 'Postal code',
    autoComplete: 'postal-code',
    className: 'col-span-1 sm:col-span-2',
  },
];

type CheckoutProps = { session: OwnerSession; plan: Plan; coupon: Coupon | null };

function Checkout({ session, plan, coupon }: CheckoutProps) {
  const navigate = useNavigate();
  const payHintId = useId();
  const [billing, setBilling] = useState<BillingForm>(emptyBillingForm);
  const [blank, setBlank] = useState<Array<keyof BillingForm>>([]);
  const [card, setCard] = useState<CardInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const createSubscription = useCreateSubscription(session);
  // A ref, not state, so a double click in the same tick starts one payment.
  const inFlight = useRef(false);
  const [attempts] = useState(() => createPaymentAttempts());

  const totalCents = discountedTotalCents(dollarsToCents(plan.price), coupon);
  const cardComplete = card?.complete === true;

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setError(null);
    const missing = blankBillingFields(billing);
    if (missing.length > 0) {
      setBlank(missing);
      setError(subscriptionMessages.billingIncomplete);
      return;
    }
    if (!card?.complete) {
      setError(subscriptionMessages.cardIncomplete);
      return;
    }

    inFlight.current = true;
    setPaying(true);
    try {
      const billingDetails = toBillingDetails(billing);
      const paymentMethodId = await card.createPaymentMethod(billingDetails);
      const body = {
        user_id: session.userId,
        plan_id: plan.plan_id,
        payment_method_id: paymentMethodId,
        ...(coupon ? { coupon_id: coupon.id } : {}),
        billing_details: billingDetails,
      };
      const result = await createSubscription.mutateAsync({ body, idempotencyKey: attempts.keyFor(body) });
      saveSubscriptionId(result.subscription_id);
      toast.success(`Payment successful. Welcome to TableServe ${plan.name}!`);
      // The new status is in the query cache by now (useCreateSubscription), so the dashboard's
      // guard routes on it, not on the 'none' the plans screen read.
      navigate(paths.dashboard, { replace: true });
    } catch (failure) {
      setError(paymentErrorMessage(failure));
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  }

  return (
    <SubscriptionShell>
      <Link
        to={paths.selectSubscription}
        className={buttonClasses({ variant: 'ghost', className: '-ml-3 mb-3 text-stone-600' })}
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to plans
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading
          title="Complete Your Subscription"
          description={`You're subscribing to the ${plan.name} plan. Enter your billing details and card to start.`}
        />
        <p className="flex items-center gap-2 text-sm font-medium text-stone-600">
          <Lock className="size-4 text-emerald-700" aria-hidden />
          Secure checkout
          {isTestMode && <TestModeBadge className="ml-1" />}
        </p>
      </div>

      <div className="mt-8 grid items-start gap-6 md:mt-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-10">
        <div className="lg:sticky lg:top-24">
          <OrderSummary plan={plan} coupon={coupon} />
        </div>

        <form onSubmit={pay} noValidate aria-label="Payment">
          <Card className="flex flex-col gap-8 p-6 md:p-8">
            <fieldset className="min-w-0">
              <legend className="text-lg font-semibold text-stone-900">Billing details</legend>
              <div className="mt-5 grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-6">
                {billingFields.map(({ field, label, autoComplete, type, className, inputMode }) => (
                  <TextField
                    key={field}
                    label={label}
                    name={field}
                    type={type ?? 'text'}
                    inputMode={inputMode}
                    autoComplete={autoComplete}
                    className={className}
                    value={billing[field]}
                    aria-invalid={blank.includes(field) || undefined}
                    onChange={(event) => {
                      setBilling((current) => ({ ...current, [field]: event.target.value }));
                      setBlank((current) => current.filter((name) => name !== field));
                    }}
                  />
                ))}
              </div>
            </fieldset>

            <fieldset className="min-w-0">
              <legend className="text-lg font-semibold text-stone-900">Payment</legend>
              <div className="mt-5 flex flex-col gap-5">
                <CardField onChange={setCard} />
                {isTestMode && <TestModeNote />}
              </div>
            </fieldset>

            <div className="flex flex-col gap-3 border-t border-stone-100 pt-6">
              {error && <Alert type="error">{error}</Alert>}
              <Button
                type="submit"
                size="lg"
                className="w-full"
                busy={paying}
                disabled={!cardComplete}
                aria-describedby={cardComplete ? undefined : payHintId}
              >
                {paying ? 'Processing payment…' : `Pay ${formatCents(totalCents)}`}
              </Button>
              {!cardComplete && (
                <p id={payHintId} className="text-center text-sm text-stone-500">
                  {subscriptionMessages.cardIncomplete}
                </p>
              )}
              <p className="flex items-center justify-center gap-1.5 text-center text-xs text-stone-500">
                <Lock className="size-3.5" aria-hidden />
                Payments are encrypted. You can cancel any time from day 5.
              </p>
            </div>
          </Card>
        </form>
      </div>
    </SubscriptionShell>
  );
}
