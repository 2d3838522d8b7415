import type { Config } from '../../../config/config';
import type { StripeEventEnvelope } from '../../../lib/stripe-signature';
import type { PaymentProvider } from './payment-provider';
import { createStripeClient, createStripePaymentProvider, type StripeApiAddress } from './stripe-provider';
import { createTestPaymentProvider } from './test-provider';

export type PaymentProviderOptions = {
  /** Sends the Stripe SDK's requests elsewhere than api.stripe.com (tests: a local fake). */
  stripeApi?: StripeApiAddress;
  /** Where the test provider sends the signed events Stripe would send to the webhook. */
  deliverEvent?: (event: StripeEventEnvelope) => Promise<unknown>;
};

/** `stripe` when STRIPE_SECRET_KEY is set, otherwise the built-in `test` provider. */
export function createPaymentProvider(config: Config, options: PaymentProviderOptions = {}): PaymentProvider {
  if (config.stripe) {
    return createStripePaymentProvider({
      stripe: createStripeClient(config.stripe.secretKey, options.stripeApi),
      prices: config.stripe.prices,
    });
  }
  return createTestPaymentProvider({
    failRenewals: config.testPaymentsFailRenewals,
    deliverEvent: options.deliverEvent,
  });
}
