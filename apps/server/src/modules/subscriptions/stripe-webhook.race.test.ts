import { GRACE_PERIOD_DAYS } from '@tableserve/contract/subscription';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, processedWebhookEvents, subscriptions } from '../../db/schema';
import { addDays, DAY_MS } from '../../lib/time';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { registerVerifiedOwner } from '../../test/owners';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Stripe delivers an event at least once, and may deliver it again while the first delivery is
 * still being applied (issue 11, Deliver 4). Copies of one event arriving at once change the
 * subscription once; a paid and a failed invoice for one period, each delivered several times at
 * once, in any order, leave the subscription paid. On PostgreSQL the deliveries really overlap.
 */

const WEBHOOK_SECRET = 'whsec_test';
const COPIES = 8;

let stripe: FakeStripe;
let t: TestApp;
let starterPlanId: number;

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

type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function subscribedOwner() {
  const owner = await registerVerifiedOwner(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/subscription/create-subscription',
    headers: owner.auth,
    payload: { user_id: owner.userId, plan_id: starterPlanId, payment_method_id: 'pm_card_visa' },
  });
  if (response.statusCode !== 201) throw new Error(`create-subscription failed: ${response.body}`);
  return { owner, row: await rowOf(owner) };
}
async function rowOf(owner: Owner) {
  const [row] = await t.app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, owner.userId));
  return row!;
}
const renewalsOf = async (owner: Owner) =>
  (await t.app.database.db.select().from(payments).where(eq(payments.userId, owner.userId))).filter(
    (payment) => payment.kind === 'renewal',
  );
const recorded = async (eventId: string) =>
  (
    await t.app.database.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, eventId))
  ).length;

let eventCount = 0;
function stripeEvent(type: string, object: object) {
  eventCount += 1;
  return {
    id: `evt_race_${eventCount}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: seconds(t.clock.now()),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
function invoice(stripeSubscriptionId: string, period: { start: Date; end: Date }, extra: object = {}) {
  return {
    id: `in_race_${eventCount}`,
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
          id: 'il_race',
          object: 'line_item',
          amount: 5000,
          period: { start: seconds(period.start), end: seconds(period.end) },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription: stripeSubscriptionId, subscription_item: 'si_race' },
          },
        },
      ],
    },
    ...extra,
  };
}

/** One delivery, signed as Stripe signs it (each retry carries a fresh signature). */
function deliver(event: object) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/subscription/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: seconds(t.clock.now()),
      }),
    },
    payload,
  });
}

/** COPIES deliveries of each event, all at once, in a shuffled order. */
async function deliverAtOnce(events: object[]) {
  const copies = events.flatMap((event) => Array.from({ length: COPIES }, () => event));
  for (let i = copies.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copies[i], copies[j]] = [copies[j]!, copies[i]!];
  }
  const answers = await Promise.all(copies.map((event) => deliver(event)));
  return answers.map((answer, index) => ({ event: copies[index] as { id: string }, answer }));
}

/** Every copy answered 200: one applied it, the others were told it was a duplicate. */
function appliedOnce(answers: Awaited<ReturnType<typeof deliverAtOnce>>) {
  for (const { answer } of answers) expect(answer.statusCode, answer.body).toBe(200);
  const bodies = answers.map(({ answer }) => answer.json());
  expect(bodies.filter((body) => body.duplicate !== true)).toEqual([{ received: true }]);
  expect(bodies.filter((body) => body.duplicate === true)).toHaveLength(answers.length - 1);
}

describe('one Stripe event delivered several times at once', () => {
  it('invoice.paid extends the period once and records one renewal', async () => {
    const { owner, row } = await subscribedOwner();
    const next = { start: row.endDate, end: addDays(row.endDate, 30) };
    t.clock.advance(30 * DAY_MS);
    const event = stripeEvent('invoice.paid', invoice(row.providerSubscriptionId!, next));

    appliedOnce(await deliverAtOnce([event]));
    expect(await rowOf(owner)).toMatchObject({
      status: 'active',
      currentPeriodStart: next.start,
      endDate: next.end,
      gracePeriodEndDate: null,
    });
    expect(await renewalsOf(owner)).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: 5000 }),
    ]);
    expect(await recorded(event.id)).toBe(1);
  });

  it('invoice.payment_failed starts one grace period and records one failed payment', async () => {
    const { owner, row } = await subscribedOwner();
    const next = { start: row.endDate, end: addDays(row.endDate, 30) };
    t.clock.advance(30 * DAY_MS);
    const event = stripeEvent(
      'invoice.payment_failed',
      invoice(row.providerSubscriptionId!, next, { status: 'open', amount_paid: 0 }),
    );

    appliedOnce(await deliverAtOnce([event]));
    expect(await rowOf(owner)).toMatchObject({
      status: 'grace_period',
      endDate: row.endDate,
      gracePeriodEndDate: new Date(row.endDate.getTime() + GRACE_PERIOD_DAYS * DAY_MS),
    });
    expect(await renewalsOf(owner)).toEqual([
      expect.objectContaining({ status: 'failed', amountCents: 5000 }),
    ]);
  });

  it('customer.subscription.deleted ends the subscription once', async () => {
    const { owner, row } = await subscribedOwner();
    t.clock.advance(2 * DAY_MS);
    const event = stripeEvent('customer.subscription.deleted', {
      id: row.providerSubscriptionId,
      object: 'subscription',
      status: 'canceled',
    });

    appliedOnce(await deliverAtOnce([event]));
    expect(await rowOf(owner)).toMatchObject({ status: 'expired', endDate: t.clock.now() });
    expect(await renewalsOf(owner)).toEqual([]);
  });
});

describe('a paid and a failed invoice for one period, replayed at once in any order', () => {
  it('leave the subscription paid for that period, with one paid renewal', async () => {
    // Each round is a fresh race; before the subscription row was locked, a fair share of
    // them ended in grace on PostgreSQL.
    for (let repeat = 0; repeat < 10; repeat++) {
      const { owner, row } = await subscribedOwner();
      const next = { start: row.endDate, end: addDays(row.endDate, 30) };
      const paid = stripeEvent('invoice.paid', invoice(row.providerSubscriptionId!, next));
      const failed = stripeEvent(
        'invoice.payment_failed',
        invoice(row.providerSubscriptionId!, next, { status: 'open', amount_paid: 0 }),
      );

      const answers = await deliverAtOnce([paid, failed]);
      // A delivery that lost a race on the subscription answers 409 and records nothing, so
      // Stripe retries it; every other answer is a 200.
      for (const { answer } of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
      // Stripe's retries, one after the other: each event is applied by now, or is applied now.
      for (const event of [paid, failed]) {
        const retry = await deliver(event);
        expect(retry.statusCode, retry.body).toBe(200);
        expect(await recorded(event.id)).toBe(1);
      }
      // Applied once each, whatever the order: at most one answer per event without `duplicate`.
      for (const event of [paid, failed]) {
        const applied = answers.filter(
          ({ event: sent, answer }) =>
            sent.id === event.id && answer.statusCode === 200 && !answer.json().duplicate,
        );
        expect(applied.length).toBeLessThanOrEqual(1);
      }

      expect(await rowOf(owner)).toMatchObject({
        status: 'active',
        currentPeriodStart: next.start,
        endDate: next.end,
        gracePeriodEndDate: null,
        lastPaymentCents: 5000,
      });
      const renewals = await renewalsOf(owner);
      expect(renewals.filter((payment) => payment.status === 'succeeded')).toHaveLength(1);
      // The failure counts only if it came first; then it was recorded once.
      expect(renewals.filter((payment) => payment.status === 'failed').length).toBeLessThanOrEqual(1);
    }
  });
});
