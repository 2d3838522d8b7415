import { randomBytes } from 'node:crypto';
import { billMessages } from '@tableserve/contract/bills';
import { TEST_PAYMENT_METHODS } from '@tableserve/contract/subscription';
import type { StripeEventEnvelope } from '../../../lib/stripe-signature';
import type { PaymentProvider } from './payment-provider';

const id = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('base64url')}`;

/** Stripe's own decline text, which the card form shows when it is the server's message. */
export const DECLINED_MESSAGE = 'Your card was declined.';

/** The cards behind pm_card_visa and pm_card_threeDSecure2Required, as Stripe's test mode reports them. */
const TEST_CARD = { brand: 'visa', last4: '4242' } as const;
const AUTHENTICATION_CARD = { brand: 'visa', last4: '3184' } as const;

/** The ids of payments that wait for authentication: the id alone says so, whatever restarts. */
const AUTHENTICATION_PREFIX = 'pi_3ds';
/** Challenges answered or cancelled, newest last; the oldest are forgotten past this many. */
const ANSWERED_KEPT = 10_000;

/**
 * A payment provider that behaves like Stripe's test mode, with no network: pm_card_visa pays,
 * pm_card_chargeDeclined (and any unknown method) is declined, pm_card_threeDSecure2Required asks
 * for authentication (docs/product/payments.md#online-payment). `failRenewals` makes every
 * renewal fail, to exercise the grace period. A bill payment it accepts is confirmed as Stripe's
 * would be: by a signed `payment_intent.succeeded` event handed to `deliverEvent` (the payment
 * events' local delivery), never by its answer; one that needs authentication waits for the
 * page to answer the provider's challenge (answerTestAuthentication), then is confirmed or
 * refused the same way.
 */
export function createTestPaymentProvider(options: {
  failRenewals: boolean;
  deliverEvent?: (event: StripeEventEnvelope) => Promise<unknown>;
}): PaymentProvider {
  const pays = (paymentMethodId: string) => paymentMethodId === TEST_PAYMENT_METHODS.succeeds;
  const answered = new Set<string>();
  const waits = (providerPaymentId: string) =>
    providerPaymentId.startsWith(`${AUTHENTICATION_PREFIX}_test_`) && !answered.has(providerPaymentId);
  const answer = (providerPaymentId: string) => {
    answered.add(providerPaymentId);
    if (answered.size > ANSWERED_KEPT) answered.delete(answered.values().next().value!);
  };

  /** Sends the signed event Stripe would; it arrives after the caller's answer, like Stripe's webhook. */
  function deliver(
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
    payment: { providerPaymentId: string; billId: number; paymentId: number; amountCents: number },
    card: { brand: string; last4: string },
  ) {
    const failed = type === 'payment_intent.payment_failed';
    options
      .deliverEvent?.({
        id: id('evt'),
        type,
        data: {
          object: {
            id: payment.providerPaymentId,
            object: 'payment_intent',
            amount: payment.amountCents,
            currency: 'usd',
            status: failed ? 'requires_payment_method' : 'succeeded',
            metadata: { bill_id: String(payment.billId), payment_id: String(payment.paymentId) },
            ...(failed
              ? {
                  last_payment_error: {
                    code: 'payment_intent_authentication_failure',
                    message: billMessages.authenticationFailed,
                  },
                }
              : {
                  latest_charge: { id: id('ch'), payment_method_details: { type: 'card', card } },
                }),
          },
        },
      })
      // A failure is logged by the delivery.
      .catch(() => undefined);
  }

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
      if (input.paymentMethodId === TEST_PAYMENT_METHODS.authenticationRequired) {
        const providerPaymentId = id(AUTHENTICATION_PREFIX);
        return {
          ok: 'needs_authentication',
          providerPaymentId,
          clientSecret: `${providerPaymentId}_secret_${randomBytes(12).toString('base64url')}`,
        };
      }
      if (!pays(input.paymentMethodId)) return { ok: false, message: DECLINED_MESSAGE };
      const providerPaymentId = id('pi');
      deliver('payment_intent.succeeded', { ...input, providerPaymentId }, TEST_CARD);
      return { ok: true, providerPaymentId, cardBrand: TEST_CARD.brand, cardLast4: TEST_CARD.last4 };
    },
    async cancelBillPayment({ providerPaymentId }) {
      if (!waits(providerPaymentId)) return { cancelled: false };
      answer(providerPaymentId);
      return { cancelled: true };
    },
    async answerTestAuthentication(input) {
      if (!waits(input.providerPaymentId)) return false;
      answer(input.providerPaymentId);
      deliver(
        input.outcome === 'complete' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        input,
        AUTHENTICATION_CARD,
      );
      return true;
    },
    async refund() {
      return { refundId: id('re') };
    },
  };
}
