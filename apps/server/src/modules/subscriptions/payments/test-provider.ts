import { randomBytes } from 'node:crypto';
import { TEST_PAYMENT_METHODS } from '@tableserve/contract/subscription';
import type { StripeEventEnvelope } from '../../../lib/stripe-signature';
import type { PaymentProvider } from './payment-provider';

const id = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('base64url')}`;

/** Stripe's own decline text, which the card form shows when it is the server's message. */
export const DECLINED_MESSAGE = 'Your card was declined.';

/** The card behind pm_card_visa, as Stripe's test mode reports it. */
const TEST_CARD = { brand: 'visa', last4: '4242' } as const;

/**
 * A payment provider that behaves like Stripe's test mode, with no network: pm_card_visa pays,
 * pm_card_chargeDeclined (and any unknown method) is declined. `failRenewals` makes every
 * renewal fail, to exercise the grace period. A bill payment it accepts is confirmed as Stripe's
 * would be: by a signed `payment_intent.succeeded` event handed to `deliverEvent` (the payment
 * events' local delivery), never by its answer.
 */
export function createTestPaymentProvider(options: {
  failRenewals: boolean;
  deliverEvent?: (event: StripeEventEnvelope) => Promise<unknown>;
}): PaymentProvider {
  const pays = (paymentMethodId: string) => paymentMethodId === TEST_PAYMENT_METHODS.succeeds;
  return {
    name: 'test',
    renewsItself: false,
    async startSubscription(input) {
      if (!pays(input.paymentMethodId)) return { ok: false, message: DECLINED_MESSAGE };
      return {
        ok: true,
        customerId: id('cus'),
        subscriptionId: id('sub'),
        paymentId: input.amountCents > 0 ? id('pi') : null,
      };
    },
    async chargeRenewal(input) {
      if (options.failRenewals || !pays(input.paymentMethodId))
        return { ok: false, message: DECLINED_MESSAGE };
      return { ok: true, paymentId: id('pi') };
    },
    async cancelSubscription() {},
    async chargeBillPayment(input) {
      if (!pays(input.paymentMethodId)) return { ok: false, message: DECLINED_MESSAGE };
      const providerPaymentId = id('pi');
      // Arrives after this answer, like Stripe's webhook; a failure is logged by the delivery.
      options
        .deliverEvent?.({
          id: id('evt'),
          type: 'payment_intent.succeeded',
          data: {
            object: {
              id: providerPaymentId,
              object: 'payment_intent',
              amount: input.amountCents,
              currency: 'usd',
              status: 'succeeded',
              metadata: { bill_id: String(input.billId), payment_id: String(input.paymentId) },
              latest_charge: { id: id('ch'), payment_method_details: { type: 'card', card: TEST_CARD } },
            },
          },
        })
        .catch(() => undefined);
      return { ok: true, providerPaymentId, cardBrand: TEST_CARD.brand, cardLast4: TEST_CARD.last4 };
    },
    async refund() {
      return { refundId: id('re') };
    },
  };
}
