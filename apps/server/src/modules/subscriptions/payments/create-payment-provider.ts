import type { Config } from '../../../config/config';
import type { PaymentProvider } from './payment-provider';
import { createTestPaymentProvider } from './test-provider';

/** `stripe` when STRIPE_SECRET_KEY is set, otherwise the built-in `test` provider. */
export function createPaymentProvider(config: Config): PaymentProvider {
  // The Stripe provider arrives with its own module; until then every install uses test mode.
  return createTestPaymentProvider({ failRenewals: config.testPaymentsFailRenewals });
}
