import type { Config } from '../../../config/config';
import type { PaymentProvider } from './payment-provider';
import { createStripeClient, createStripePaymentProvider, type StripeApiAddress } from './stripe-provider';
import { createTestPaymentProvider } from './test-provider';

export type PaymentProviderOptions = {
  /** Sends the Stripe SDK's requests elsewhere than api.stripe.com (tests: a local fake). */
  stripeApi?: StripeApiAddress;
};

/** `stripe` when STRIPE_SECRET_KEY is set, otherwise the built-in `test` provider. */
export function createPaymentProvider(config: Config, options: PaymentProviderOptions = {}): PaymentProvider {
  if (config.stripe) {
    return createStripePaymentProvider({
      stripe: createStripeClient(config.stripe.secretKey, options.stripeApi),
      prices: config.stripe.prices,
    });
  }
  return createTestPaymentProvider({ failRenewals: config.testPaymentsFailRenewals });
}
