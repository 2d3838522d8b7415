import { createHash } from 'node:crypto';
import { billMessages } from '@tableserve/contract/bills';
import Stripe from 'stripe';
import type { PaymentProvider, StartSubscriptionInput } from './payment-provider';

/** Where the SDK sends its requests: Stripe itself unless set (tests point it at a local fake). */
export type StripeApiAddress = { host: string; port: number; protocol: 'http' | 'https' };

export function createStripeClient(secretKey: string, api?: StripeApiAddress): Stripe {
  return new Stripe(secretKey, {
    ...api,
    // Retries reuse the request's idempotency key, so a lost response never charges twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'TableServe' },
  });
}

/**
 * Stripe keys are scoped to the account, ours to one owner: mixing in the owner keeps two owners
 * who happen to send the same Idempotency-Key apart, and hashing keeps the key under Stripe's
 * 255 characters whatever its length.
 */
function stripeIdempotencyKey(input: StartSubscriptionInput, step: 'customer' | 'subscription') {
  const digest = createHash('sha256').update(`${input.userId}\n${input.idempotencyKey}`).digest('hex');
  return `tableserve-${digest.slice(0, 40)}-${step}`;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The payment intent (or, failing that, the charge) that paid the subscription's first invoice. */
function firstPaymentId(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  const payment =
    invoice.payments?.data.find((entry) => entry.status === 'paid') ?? invoice.payments?.data[0];
  if (!payment) return null;
  return idOf(payment.payment.payment_intent) ?? idOf(payment.payment.charge);
}

/**
 * The `stripe` provider (docs/product/platform.md#payments-test-mode): a Stripe customer and subscription per owner;
 * Stripe bills every renewal itself and reports it by webhook (stripe-webhook.service.ts).
 * `prices` maps each plan code to its Stripe price id (STRIPE_PRICES); our coupon codes are
 * Stripe coupon ids.
 */
export function createStripePaymentProvider(options: {
  stripe: Stripe;
  prices: Record<string, string>;
}): PaymentProvider {
  const { stripe, prices } = options;
  return {
    name: 'stripe',
    renewsItself: true,

    async startSubscription(input) {
      const price = prices[input.plan.code];
      if (!price) {
        throw new Error(
          `No Stripe price is configured for the plan "${input.plan.code}": add ${input.plan.code}=price_… to STRIPE_PRICES`,
        );
      }
      try {
        const customer = await stripe.customers.create(
          {
            email: input.email,
            name: input.name,
            payment_method: input.paymentMethodId,
            invoice_settings: { default_payment_method: input.paymentMethodId },
            metadata: { user_id: String(input.userId) },
          },
          { idempotencyKey: stripeIdempotencyKey(input, 'customer') },
        );
        const subscription = await stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [{ price }],
            discounts: input.coupon ? [{ coupon: input.coupon.code }] : undefined,
            // A first payment that cannot be completed is refused (402) instead of leaving an
            // incomplete subscription behind.
            payment_behavior: 'error_if_incomplete',
            // Since API 2025-03-31 an invoice lists its payments instead of one payment_intent.
            expand: ['latest_invoice.payments'],
            metadata: { user_id: String(input.userId), plan_id: String(input.plan.id) },
          },
          { idempotencyKey: stripeIdempotencyKey(input, 'subscription') },
        );
        if (subscription.status !== 'active' && subscription.status !== 'trialing') {
          // error_if_incomplete should make this impossible; never keep a subscription nobody paid.
          await stripe.subscriptions.cancel(subscription.id).catch(() => undefined);
          return { ok: false, message: `The first payment was not completed (${subscription.status}).` };
        }
        return {
          ok: true,
          customerId: customer.id,
          subscriptionId: subscription.id,
          paymentId: firstPaymentId(subscription),
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { ok: false, message: error.message };
        throw error;
      }
    },

    async chargeRenewal() {
      throw new Error(
        'Stripe bills renewals itself (renewsItself); chargeRenewal is never called for the stripe provider',
      );
    },

    async chargeBillPayment(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            payment_method: input.paymentMethodId,
            // Confirmed here, with the card the browser tokenised; no redirect-based methods.
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: input.description,
            ...(input.connectedAccountId && {
              transfer_data: { destination: input.connectedAccountId },
            }),
            metadata: { bill_id: String(input.billId), payment_id: String(input.paymentId) },
            expand: ['latest_charge'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        // The card's bank asks for 3-D Secure: the intent waits for the diner's challenge, run by
        // Stripe.js on the page with its client secret; the webhook then confirms or refuses it.
        if (intent.status === 'requires_action' && intent.client_secret) {
          return {
            ok: 'needs_authentication',
            providerPaymentId: intent.id,
            clientSecret: intent.client_secret,
          };
        }
        // Anything else that is not under way is refused, and let go.
        if (intent.status !== 'succeeded' && intent.status !== 'processing') {
          await stripe.paymentIntents.cancel(intent.id).catch(() => undefined);
          return { ok: false, message: billMessages.declined };
        }
        const card =
          typeof intent.latest_charge === 'object'
            ? intent.latest_charge?.payment_method_details?.card
            : null;
        return {
          ok: true,
          providerPaymentId: intent.id,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { ok: false, message: error.message };
        throw error;
      }
    },

    async cancelBillPayment({ providerPaymentId }) {
      try {
        await stripe.paymentIntents.cancel(providerPaymentId, { cancellation_reason: 'abandoned' });
        return { cancelled: true };
      } catch (error) {
        // Stripe cancels no intent that succeeded (or was cancelled already): which one it is,
        // its status says; a succeeded one is the webhook's to confirm.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'payment_intent_unexpected_state'
        ) {
          const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
          return { cancelled: intent.status === 'canceled' };
        }
        throw error;
      }
    },

    async cancelSubscription({ providerSubscriptionId, atPeriodEnd }) {
      if (atPeriodEnd)
        await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
      else await stripe.subscriptions.cancel(providerSubscriptionId);
    },

    async refund({ providerPaymentId, amountCents, idempotencyKey, refundId }) {
      if (!providerPaymentId) {
        throw new Error(
          'A Stripe refund needs the id of the payment to refund (a payment intent pi_… or a charge ch_…)',
        );
      }
      const target = providerPaymentId.startsWith('ch_')
        ? { charge: providerPaymentId }
        : { payment_intent: providerPaymentId };
      const refund = await stripe.refunds.create(
        {
          ...target,
          amount: amountCents,
          ...(refundId !== undefined && { metadata: { refund_id: String(refundId) } }),
        },
        { idempotencyKey },
      );
      return { refundId: refund.id };
    },
  };
}
