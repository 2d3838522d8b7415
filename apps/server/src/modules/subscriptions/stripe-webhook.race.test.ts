import { GRACE_PERIOD_DAYS } from '@tableserve/contract/subscription';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, DAY_MS } from '../../lib/time';
import { stripeWebhookSuite } from '../../test/stripe-webhooks';
import type { TestApp } from '../../test/test-app';

/**
 * Stripe delivers an event at least once, and may deliver it again while the first delivery is
 * still being applied (SECURITY.md). Copies of one event arriving at once change the
 * subscription once; a paid and a failed invoice for one period, each delivered several times at
 * once, in any order, leave the subscription paid. On PostgreSQL the deliveries really overlap.
 */

const COPIES = 8;

const webhooks = stripeWebhookSuite('race');
const { subscribedOwner, rowOf, renewalsOf, stripeEvent, invoice, deliver } = webhooks;
const recorded = webhooks.timesRecorded;
let t: TestApp;
beforeAll(() => {
  t = webhooks.app();
});

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
