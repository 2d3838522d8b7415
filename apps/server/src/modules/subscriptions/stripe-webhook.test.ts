import { displayMenuServerMessages } from '@tableserve/contract/customer-menu';
import { GRACE_PERIOD_DAYS } from '@tableserve/contract/subscription';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { webhookSignatureMessages } from '../../lib/stripe-signature';
import { addDays, DAY_MS } from '../../lib/time';
import { addMenuItem } from '../../test/orders';
import { freshLogin } from '../../test/owners';
import { createRestaurant } from '../../test/restaurants';
import { seconds, stripeWebhookSuite } from '../../test/stripe-webhooks';
import type { TestApp } from '../../test/test-app';
import { stripeWebhookMessages } from './stripe-webhook.service';

const webhooks = stripeWebhookSuite('test');
const { subscribedOwner, rowOf, renewalsOf, stripeEvent, invoice, deliver } = webhooks;
const recorded = async (eventId: string) => (await webhooks.timesRecorded(eventId)) > 0;
let t: TestApp;
beforeAll(() => {
  t = webhooks.app();
});

describe('webhook signatures', () => {
  it('accepts an event signed with the webhook secret, and records even the types it ignores', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_test', object: 'customer' });
    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await recorded(event.id)).toBe(true);
  });

  type Signing = NonNullable<Parameters<typeof deliver>[1]>;
  it.each<[string, () => Signing]>([
    ['another secret', () => ({ secret: 'whsec_forged' })],
    ['a payload altered after signing', () => ({ payload: '{"id":"evt_original"}' })],
    ['no signature header', () => ({ header: null })],
    ['a malformed header', () => ({ header: 'v1=deadbeef' })],
    // The tolerance is measured with the app's clock, like every other time rule.
    ['a signature older than five minutes', () => ({ timestamp: seconds(t.clock.now()) - 301 })],
  ])('refuses %s with 400 and records nothing', async (_label, signing) => {
    const event = stripeEvent('customer.created', { id: 'cus_test', object: 'customer' });
    const response = await deliver(event, signing());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(webhookSignatureMessages.invalidSignature);
    expect(await recorded(event.id)).toBe(false);
  });
});

describe('invoice.paid', () => {
  it('extends the period to the one Stripe billed and records the renewal', async () => {
    const { owner, row } = await subscribedOwner();
    const next = { start: row.endDate, end: addDays(row.endDate, 30) };
    t.clock.advance(30 * DAY_MS + 60_000);

    const response = await deliver(stripeEvent('invoice.paid', invoice(row.providerSubscriptionId!, next)));
    expect(response.statusCode).toBe(200);
    expect(await rowOf(owner)).toMatchObject({
      status: 'active',
      currentPeriodStart: next.start,
      endDate: next.end,
      gracePeriodEndDate: null,
      lastPaymentCents: 5000,
    });
    expect(await renewalsOf(owner)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amountCents: 5000,
        provider: 'stripe',
        subscriptionId: row.id,
      }),
    ]);
    const fresh = await freshLogin(t, owner);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscription/subscription-status/${owner.userId}`,
      headers: fresh.auth,
    });
    expect(status.json()).toMatchObject({ status: 'active', end_date: next.end.toISOString() });
  });

  it('applies an event id once: a redelivery answers 200 and changes nothing', async () => {
    const { owner, row } = await subscribedOwner();
    const event = stripeEvent(
      'invoice.paid',
      invoice(row.providerSubscriptionId!, { start: row.endDate, end: addDays(row.endDate, 30) }),
    );
    expect((await deliver(event)).json()).toEqual({ received: true });
    const after = await rowOf(owner);

    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    // Even a replay of the id with other content is the same event: ignored.
    const replay = {
      ...event,
      data: {
        object: invoice(row.providerSubscriptionId!, {
          start: after.endDate,
          end: addDays(after.endDate, 30),
        }),
      },
    };
    expect((await deliver(replay)).json()).toEqual({ received: true, duplicate: true });

    expect(await rowOf(owner)).toEqual(after);
    expect(await renewalsOf(owner)).toHaveLength(1);
  });

  it('leaves the first invoice alone: create-subscription recorded that payment', async () => {
    const { owner, row } = await subscribedOwner();
    const first = invoice(
      row.providerSubscriptionId!,
      { start: row.startDate, end: row.endDate },
      { billing_reason: 'subscription_create' },
    );
    expect((await deliver(stripeEvent('invoice.paid', first))).statusCode).toBe(200);
    expect(await rowOf(owner)).toEqual(row);
    expect(await renewalsOf(owner)).toEqual([]);
  });

  it('reads the subscription of an invoice in the pre-2025 shape too', async () => {
    const { owner, row } = await subscribedOwner();
    const next = { start: row.endDate, end: addDays(row.endDate, 30) };
    const legacy = invoice(row.providerSubscriptionId!, next, {
      parent: null,
      subscription: row.providerSubscriptionId,
    });
    expect((await deliver(stripeEvent('invoice.paid', legacy))).statusCode).toBe(200);
    expect((await rowOf(owner)).endDate).toEqual(next.end);
  });

  it('acknowledges an invoice that belongs to no subscription', async () => {
    const event = stripeEvent('invoice.paid', {
      id: 'in_one_off',
      object: 'invoice',
      billing_reason: 'manual',
      amount_paid: 900,
    });
    expect((await deliver(event)).json()).toEqual({ received: true });
    expect(await recorded(event.id)).toBe(true);
  });
});

describe('invoice.payment_failed', () => {
  it('puts the subscription in its 7-day grace period, and a later paid retry ends it', async () => {
    const { owner, row } = await subscribedOwner();
    const next = { start: row.endDate, end: addDays(row.endDate, 30) };
    t.clock.advance(30 * DAY_MS + 60_000);

    const failed = await deliver(
      stripeEvent(
        'invoice.payment_failed',
        invoice(row.providerSubscriptionId!, next, { status: 'open', amount_paid: 0 }),
      ),
    );
    expect(failed.statusCode).toBe(200);
    const graceEnd = new Date(row.endDate.getTime() + GRACE_PERIOD_DAYS * DAY_MS);
    expect(await rowOf(owner)).toMatchObject({
      status: 'grace_period',
      endDate: row.endDate,
      gracePeriodEndDate: graceEnd,
    });
    expect(await renewalsOf(owner)).toEqual([
      expect.objectContaining({ status: 'failed', amountCents: 5000, provider: 'stripe' }),
    ]);
    const fresh = await freshLogin(t, owner);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscription/subscription-status/${owner.userId}`,
      headers: fresh.auth,
    });
    expect(status.json()).toMatchObject({
      status: 'grace_period',
      is_in_grace_period: true,
      grace_period_end_date: graceEnd.toISOString(),
    });

    // Stripe's next attempt fails too: the grace period does not move.
    t.clock.advance(DAY_MS);
    await deliver(
      stripeEvent(
        'invoice.payment_failed',
        invoice(row.providerSubscriptionId!, next, { attempt_count: 2, amount_paid: 0 }),
      ),
    );
    expect((await rowOf(owner)).gracePeriodEndDate).toEqual(graceEnd);

    // Then one succeeds.
    await deliver(stripeEvent('invoice.paid', invoice(row.providerSubscriptionId!, next)));
    expect(await rowOf(owner)).toMatchObject({
      status: 'active',
      endDate: next.end,
      gracePeriodEndDate: null,
    });
    expect((await renewalsOf(owner)).map((payment) => payment.status)).toEqual([
      'failed',
      'failed',
      'succeeded',
    ]);
  });

  it('ignores a failure that arrives after the same period was paid (events come in any order)', async () => {
    const { owner, row } = await subscribedOwner();
    const next = { start: row.endDate, end: addDays(row.endDate, 30) };
    await deliver(stripeEvent('invoice.paid', invoice(row.providerSubscriptionId!, next)));
    const late = await deliver(
      stripeEvent('invoice.payment_failed', invoice(row.providerSubscriptionId!, next, { amount_paid: 0 })),
    );
    expect(late.statusCode).toBe(200);
    expect(await rowOf(owner)).toMatchObject({
      status: 'active',
      endDate: next.end,
      gracePeriodEndDate: null,
    });
  });
});

describe('customer.subscription.deleted', () => {
  const deleted = (stripeSubscriptionId: string) =>
    stripeEvent('customer.subscription.deleted', {
      id: stripeSubscriptionId,
      object: 'subscription',
      status: 'canceled',
    });

  it('ends a subscription the owner canceled at period end as canceled', async () => {
    const { owner, row } = await subscribedOwner();
    t.clock.advance(5 * DAY_MS);
    const fresh = await freshLogin(t, owner);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscription/cancel-subscription/${owner.userId}`,
      headers: fresh.auth,
      payload: { mode: 'at_period_end' },
    });
    expect(cancel.statusCode).toBe(200);
    t.clock.advance(25 * DAY_MS);

    expect((await deliver(deleted(row.providerSubscriptionId!))).statusCode).toBe(200);
    expect(await rowOf(owner)).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: true,
      endDate: row.endDate,
    });
  });

  it('ends any other subscription as expired', async () => {
    const { owner, row } = await subscribedOwner();
    t.clock.advance(2 * DAY_MS);
    expect((await deliver(deleted(row.providerSubscriptionId!))).statusCode).toBe(200);
    expect(await rowOf(owner)).toMatchObject({ status: 'expired', endDate: t.clock.now() });
    const fresh = await freshLogin(t, owner);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscription/subscription-status/${owner.userId}`,
      headers: fresh.auth,
    });
    expect(status.json()).toMatchObject({ status: 'expired', remaining_days: 0 });
  });

  it('closes the restaurant’s open menu at once (the menu cache hears of the change)', async () => {
    const { owner, row } = await subscribedOwner();
    const place = { owner, ...(await createRestaurant(t, owner)) };
    await addMenuItem(t, place, { item_name: 'Soup', price: 5 });
    const display = () =>
      t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${place.token}` });
    expect((await display()).statusCode).toBe(200);

    expect((await deliver(deleted(row.providerSubscriptionId!))).statusCode).toBe(200);
    const closed = await display();
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(displayMenuServerMessages.subscriptionInvalid);
  });

  it('leaves a subscription we already ended as it is', async () => {
    const { owner, row } = await subscribedOwner();
    await t.app.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.id, row.id));
    expect((await deliver(deleted(row.providerSubscriptionId!))).statusCode).toBe(200);
    expect((await rowOf(owner)).status).toBe('canceled');
  });
});

describe('events about a Stripe subscription we do not know', () => {
  it('answers 404 and records nothing, so Stripe’s retry applies the event once we know it', async () => {
    const { owner, row } = await subscribedOwner();
    const next = { start: row.endDate, end: addDays(row.endDate, 30) };
    const event = stripeEvent('invoice.paid', invoice('sub_not_ours_yet', next));

    const response = await deliver(event);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(stripeWebhookMessages.unknownSubscription);
    expect(await recorded(event.id)).toBe(false);
    expect(await rowOf(owner)).toEqual(row);

    // As when create-subscription stores Stripe's id after Stripe already sent the event.
    await t.app.database.db
      .update(subscriptions)
      .set({ providerSubscriptionId: 'sub_not_ours_yet' })
      .where(eq(subscriptions.id, row.id));
    expect((await deliver(event)).json()).toEqual({ received: true });
    expect((await rowOf(owner)).endDate).toEqual(next.end);
  });

  it.each(['invoice.payment_failed', 'customer.subscription.deleted'])(
    'answers 404 to %s too',
    async (type) => {
      const object =
        type === 'customer.subscription.deleted'
          ? { id: 'sub_unknown', object: 'subscription' }
          : invoice('sub_unknown', { start: t.clock.now(), end: addDays(t.clock.now(), 30) });
      const event = stripeEvent(type, object);
      expect((await deliver(event)).statusCode).toBe(404);
      expect(await recorded(event.id)).toBe(false);
    },
  );
});
