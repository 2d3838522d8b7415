import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { payments, processedWebhookEvents, subscriptions } from '../db/schema';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { registerVerifiedOwner } from './owners';
import { createTestApp, type TestApp } from './test-app';

export const WEBHOOK_SECRET = 'whsec_test';

type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * An app on the Stripe provider (a local fake of Stripe's API) with the webhook route, for one
 * test file; and the events, invoices and signed deliveries the webhook suites send it.
 * `prefix` keeps one file's event and invoice ids apart from another's.
 */
export function stripeWebhookSuite(prefix: string) {
  let stripe: FakeStripe;
  let t: TestApp;
  let starterPlanId: number;
  let eventCount = 0;

  beforeAll(async () => {
    stripe = await startFakeStripe({ prices: { price_s: 5000, price_p: 10000, price_e: 20000 } });
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICES: 'starter=price_s,professional=price_p,enterprise=price_e',
      },
      build: { stripeApi: stripe.api },
    });
    const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json()
      .plans as Array<{ plan_id: number; name: string }>;
    starterPlanId = plans.find((plan) => plan.name === 'Starter')!.plan_id;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  async function rowOf(owner: Owner) {
    const [row] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, owner.userId));
    return row!;
  }

  return {
    /** The app, once beforeAll has run. */
    app: () => t,
    rowOf,

    /** An owner with a Stripe subscription made through the API; returns our row. */
    async subscribedOwner() {
      const owner = await registerVerifiedOwner(t);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/subscription/create-subscription',
        headers: owner.auth,
        payload: { user_id: owner.userId, plan_id: starterPlanId, payment_method_id: 'pm_card_visa' },
      });
      if (response.statusCode !== 201) throw new Error(`create-subscription failed: ${response.body}`);
      return { owner, row: await rowOf(owner) };
    },

    async renewalsOf(owner: Owner) {
      const rows = await t.app.database.db.select().from(payments).where(eq(payments.userId, owner.userId));
      return rows.filter((payment) => payment.kind === 'renewal');
    },

    /** How many times the event id was recorded as processed (0 or 1). */
    async timesRecorded(eventId: string) {
      const rows = await t.app.database.db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.eventId, eventId));
      return rows.length;
    },

    /** A Stripe event as Stripe sends it (API 2026 shapes). */
    stripeEvent(type: string, object: object) {
      eventCount += 1;
      return {
        id: `evt_${prefix}_${eventCount}_${Date.now()}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: seconds(t.clock.now()),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      };
    },

    /** A subscription invoice billing [start, end] for `stripeSubscriptionId`. */
    invoice(stripeSubscriptionId: string, period: { start: Date; end: Date }, extra: object = {}) {
      return {
        id: `in_${prefix}_${eventCount}`,
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        status: 'paid',
        amount_due: 5000,
        amount_paid: 5000,
        attempt_count: 1,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: stripeSubscriptionId, metadata: {} },
        },
        lines: {
          object: 'list',
          data: [
            {
              id: `il_${prefix}`,
              object: 'line_item',
              amount: 5000,
              period: { start: seconds(period.start), end: seconds(period.end) },
              parent: {
                type: 'subscription_item_details',
                subscription_item_details: {
                  subscription: stripeSubscriptionId,
                  subscription_item: `si_${prefix}`,
                },
              },
            },
          ],
        },
        ...extra,
      };
    },

    /** Delivers an event as Stripe does: the raw JSON, signed with the webhook secret at the app's time. */
    deliver(
      event: object,
      sign: { secret?: string; payload?: string; timestamp?: number; header?: string | null } = {},
    ) {
      const payload = JSON.stringify(event);
      const header =
        sign.header !== undefined
          ? sign.header
          : Stripe.webhooks.generateTestHeaderString({
              payload: sign.payload ?? payload,
              secret: sign.secret ?? WEBHOOK_SECRET,
              timestamp: sign.timestamp ?? seconds(t.clock.now()),
            });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/subscription/webhook',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(header === null ? {} : { 'stripe-signature': header }),
        },
        payload,
      });
    },
  };
}
