import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { CardInput } from '@/lib/payment/card-input';
import { stripePublishableKey } from '@/lib/payment/stripe-config';
import { TestCardForm } from './test-card-form';

// Loaded only when Stripe is configured, so the default build never downloads Stripe's code.
const StripeCardField = lazy(() => import('./stripe-card-field'));

/** The card field of the payment screen: Stripe Elements when configured, else the test card form. */
export function CardField({ onChange }: { onChange: (card: CardInput) => void }) {
  if (!stripePublishableKey) return <TestCardForm onChange={onChange} />;
  return (
    <Suspense
      fallback={
        <div className="flex min-h-12 items-center gap-2 text-sm text-stone-500">
          <Spinner className="size-4" decorative /> Loading secure card field…
        </div>
      }
    >
      <StripeCardField publishableKey={stripePublishableKey} onChange={onChange} />
    </Suspense>
  );
}
