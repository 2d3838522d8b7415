import { randomBytes } from 'node:crypto';
import { TEST_PAYMENT_METHODS } from '@tableserve/contract/subscription';
import type { PaymentProvider } from './payment-provider';

const id = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('base64url')}`;

/** Stripe's own decline text, which the card form shows when it is the server's message. */
export const DECLINED_MESSAGE = 'Your card was declined.';

/**
 * A payment provider that behaves like Stripe's test mode, with no network: pm_card_visa pays,
 * pm_card_chargeDeclined (and any unknown method) is declined. `failRenewals` makes every
 * renewal fail, to exercise the grace period.
 */
export function createTestPaymentProvider(options: { failRenewals: boolean }): PaymentProvider {
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
    async refund() {
      return { refundId: id('re') };
    },
  };
}
