import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { type BillingDetails, subscriptionMessages } from '@tableserve/contract/subscription';
import { useRef, useState } from 'react';
import { CardDetailsError } from '@/lib/payment/card-details-error';
import type { CardInput } from '@/lib/payment/card-input';
// Stripe.js is fetched from Stripe on first use only (this module is itself loaded lazily).
import { stripeFor } from '@/lib/payment/stripe-loader';

/** Stripe Elements' card field, in the look of the app's inputs. */
export default function StripeCardField({
  publishableKey,
  onChange,
}: {
  publishableKey: string;
  onChange: (card: CardInput) => void;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard onChange={onChange} />
    </Elements>
  );
}

function StripeCard({ onChange }: { onChange: (card: CardInput) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  // One payment method per card and billing details, so a retry sends the same request
  // (and so the same Idempotency-Key) instead of a new payment method each time.
  const created = useRef<{ billing: string; paymentMethodId: string } | null>(null);

  async function createPaymentMethod(billing?: BillingDetails): Promise<string> {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new CardDetailsError(subscriptionMessages.cardIncomplete);
    const billingKey = JSON.stringify(billing ?? null);
    if (created.current?.billing === billingKey) return created.current.paymentMethodId;
    const result = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: billing && {
        name: billing.name,
        email: billing.email,
        address: billing.address,
      },
    });
    if (result.error) throw new CardDetailsError(result.error.message ?? subscriptionMessages.paymentError);
    created.current = { billing: billingKey, paymentMethodId: result.paymentMethod.id };
    return result.paymentMethod.id;
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-stone-700">Card details</span>
      <div
        className={`rounded-xl border bg-white px-3.5 py-3 shadow-xs transition ${
          error ? 'border-red-600' : focused ? 'border-brand-500 ring-4 ring-brand-100' : 'border-stone-300'
        }`}
      >
        <CardElement
          options={{
            hidePostalCode: true,
            style: {
              base: {
                fontSize: '16px',
                color: '#1c1917',
                fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
                '::placeholder': { color: '#a8a29e' },
              },
              invalid: { color: '#b91c1c' },
            },
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onChange={(event) => {
            created.current = null;
            setError(event.error?.message ?? null);
            onChange({ complete: event.complete, createPaymentMethod });
          }}
        />
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
