import { refundMessages } from '@tableserve/contract/refunds';
import { staffRoleMessages } from '@tableserve/contract/staff-roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, billPayments, orders, refunds } from '../../db/schema';
import { createDomainEventBus } from '../../lib/domain-events';
import { insertPaidOrder, storedOrderMoney } from '../../test/paid-orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { staffTokenFor } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPaymentEvents } from './payment-events';
import { registerRefundWebhooks } from './refund-webhooks';

let t: TestApp;
let place: Awaited<ReturnType<typeof ownerWithRestaurant>>;
let keys = 0;

beforeAll(async () => {
  t = await createTestApp();
  place = await ownerWithRestaurant(t);
});
afterAll(() => t?.close());

const refund = (orderId: number, payload: Record<string, unknown>, auth = place.owner.auth, key?: string) => {
  keys += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/refunds`,
    headers: { ...auth, 'idempotency-key': key ?? `refund-key-${keys}` },
    payload,
  });
};
const refundsOf = (orderId: number, auth = place.owner.auth) =>
  t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/refunds`, headers: auth });
const rowsOf = (orderId: number) =>
  t.app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

// Pizza $12.00 + 7 % tax $0.84 + service $1.20; wine $8.00 + 20 % tax $1.60 + service $0.80: $24.44.
const dinner = {
  lines: [
    { name: 'Pizza', unitPriceCents: 1200, tax: { name: 'Food', rate: 7000, cents: 84 }, serviceCents: 120 },
    {
      name: 'Wine',
      unitPriceCents: 800,
      tax: { name: 'Alcohol', rate: 20_000, cents: 160 },
      serviceCents: 80,
    },
  ],
};

describe('refunding an order paid online', () => {
  it('refunds the whole order, confirmed by the webhook: refunded, with its audit entry', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, { ...dinner, payments: [{ tipCents: 300 }] });
    const response = await refund(paid.orderId, { amount: 24.44, reason: 'Cold food' });

    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      message: refundMessages.requested,
      order_id: paid.orderId,
      payment_state: 'refunded',
      paid: 24.44,
      refunded: 24.44,
      refundable: 0,
      refunds: [{ amount: 24.44, reason: 'Cold food', status: 'succeeded', automatic: false, lines: [] }],
    });
    expect(await storedOrderMoney(t, paid.orderId)).toMatchObject({
      paymentState: 'refunded',
      refundedCents: 2444,
    });
    const [payment] = await t.app.database.db
      .select()
      .from(billPayments)
      .where(eq(billPayments.id, paid.payments[0]!.id));
    expect(payment!.refundedCents).toBe(2444);
    const [entry] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, paid.orderId), eq(auditEvents.action, 'order.refunded')));
    expect(entry!.after).toEqual({ amount: 24.44, reason: 'Cold food' });
  });

  it('refunds part by amount, from the payment with most left first, then refuses more than is left', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, {
      ...dinner,
      // $10.00 + $2.00 tip (12.00 refundable) and $14.44 (14.44): the second is drawn first.
      payments: [{ amountCents: 1000, tipCents: 200 }, {}],
    });
    const first = await refund(paid.orderId, { amount: 20, reason: 'Long wait' });
    expect(first.statusCode).toBe(202);
    expect((await rowsOf(paid.orderId)).map((row) => [row.paymentId, row.amountCents, row.status])).toEqual([
      [paid.payments[1]!.id, 1444, 'succeeded'],
      [paid.payments[0]!.id, 556, 'succeeded'],
    ]);
    expect(first.json()).toMatchObject({ payment_state: 'partly_refunded', refunded: 20, refundable: 4.44 });

    const over = await refund(paid.orderId, { amount: 4.45, reason: 'Long wait' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(refundMessages.overRefund);
    const rest = await refund(paid.orderId, { amount: 4.44, reason: 'Long wait' });
    expect(rest.json()).toMatchObject({ payment_state: 'refunded', refunded: 24.44, refundable: 0 });
  });

  it('refunds lines: what is left of a line by default, or an amount of it; never more than the line', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, dinner);
    const [pizza, wine] = paid.lineIds as [number, number];
    const wineBack = await refund(paid.orderId, { lines: [{ order_item_id: wine }], reason: 'Corked' });
    expect(wineBack.statusCode).toBe(202);
    expect(wineBack.json()).toMatchObject({
      payment_state: 'partly_refunded',
      refunded: 10.4,
      refundable: 14.04,
      lines: [
        { order_item_id: pizza, payable: 14.04, refundable: 14.04 },
        { order_item_id: wine, payable: 10.4, refundable: 0 },
      ],
      refunds: [{ amount: 10.4, lines: [{ order_item_id: wine, amount: 10.4 }] }],
    });
    const again = await refund(paid.orderId, {
      lines: [{ order_item_id: wine, amount: 0.01 }],
      reason: 'Corked',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(refundMessages.lineOverRefund);

    const half = await refund(paid.orderId, { lines: [{ order_item_id: pizza, amount: 7 }], reason: 'Half' });
    expect(half.statusCode).toBe(202);
    expect(await storedOrderMoney(t, paid.orderId)).toEqual({
      paymentState: 'partly_refunded',
      refundedCents: 1740,
      lines: [
        { id: pizza, refundedCents: 700 },
        { id: wine, refundedCents: 1040 },
      ],
    });
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, dinner);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 5 }, refundMessages.reasonRequired],
      [{ amount: 5, reason: '   ' }, refundMessages.reasonRequired],
      [{ amount: 5, reason: 'x'.repeat(201) }, 'Reason must be at most 200 characters'],
      [{ amount: -1, reason: 'x' }, 'Amount must be 0 or more'],
      [{ amount: 0, reason: 'x' }, 'Amount must be more than 0'],
      [{ amount: 1.234, reason: 'x' }, 'Amount can have at most 2 decimals'],
      [{ reason: 'x' }, refundMessages.chooseWhat],
      [{ amount: 1, lines: [{ order_item_id: paid.lineIds[0] }], reason: 'x' }, refundMessages.chooseWhat],
      [
        { lines: [{ order_item_id: paid.lineIds[0], amount: 0.001 }], reason: 'x' },
        'Line amount can have at most 2 decimals',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await refund(paid.orderId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toContain(message);
    }
    const tooMuch = await refund(paid.orderId, { amount: 24.45, reason: 'x' });
    expect(tooMuch.statusCode).toBe(409);
    expect(await rowsOf(paid.orderId)).toEqual([]);
  });

  it('refuses an order not paid online (409), and another restaurant’s order (404)', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, dinner);
    const other = await ownerWithRestaurant(t);
    const foreign = await refund(paid.orderId, { amount: 1, reason: 'x' }, other.owner.auth);
    expect(foreign.statusCode).toBe(404);
    expect((await refundsOf(paid.orderId, other.owner.auth)).statusCode).toBe(404);

    // An order paid at the counter: unpaid online, on no bill.
    const unpaid = await insertPaidOrder(t, other.restaurantId, dinner);
    await t.app.database.db
      .update(orders)
      .set({ paymentState: 'unpaid', billId: null })
      .where(eq(orders.id, unpaid.orderId));
    const refused = await refund(unpaid.orderId, { amount: 1, reason: 'x' }, other.owner.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(refundMessages.notRefundable);
  });

  it('is for the owner and managers: a server is refused (403) but sees the refunds', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, dinner);
    const server = await staffTokenFor(t, place.restaurantId, 'server');
    const refused = await refund(paid.orderId, { amount: 1, reason: 'x' }, server.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(staffRoleMessages.forbidden);
    const manager = await staffTokenFor(t, place.restaurantId, 'manager');
    expect((await refund(paid.orderId, { amount: 1, reason: 'Spilt' }, manager.auth)).statusCode).toBe(202);
    const seen = await refundsOf(paid.orderId, server.auth);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().refunds).toHaveLength(1);
  });

  it('refunds once per Idempotency-Key', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, dinner);
    const first = await refund(paid.orderId, { amount: 2, reason: 'x' }, place.owner.auth, 'same-key-123');
    const retry = await refund(paid.orderId, { amount: 2, reason: 'x' }, place.owner.auth, 'same-key-123');
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual(first.json());
    expect(await rowsOf(paid.orderId)).toHaveLength(1);
  });
});

describe('the refund webhook', () => {
  it('applies a refund once, however often its events come, and a late failure changes nothing', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, dinner);
    // The row as a request leaves it with Stripe: pending, with the provider's refund id.
    const [row] = await t.app.database.db
      .insert(refunds)
      .values({
        restaurantId: place.restaurantId,
        orderId: paid.orderId,
        paymentId: paid.payments[0]!.id,
        amountCents: 500,
        reason: 'Replay',
        provider: 'stripe',
        providerRefundId: 're_replay_1',
      })
      .returning();
    const events = createDomainEventBus();
    const announced: number[] = [];
    events.on('refund.succeeded', ({ refundId }) => announced.push(refundId));
    const paymentEvents = createPaymentEvents({
      db: t.app.database.db,
      now: t.clock.now,
      log: t.app.log,
      secret: 'whsec_test_refunds',
    });
    registerRefundWebhooks(paymentEvents, { db: t.app.database.db, now: t.clock.now, events });
    const event = (id: string, type: string, status: string) => ({
      id,
      type,
      data: { object: { id: 're_replay_1', object: 'refund', status } },
    });

    expect(await paymentEvents.deliverLocally(event('evt_r1', 'refund.updated', 'succeeded'))).toEqual({
      received: true,
    });
    expect(await paymentEvents.deliverLocally(event('evt_r1', 'refund.updated', 'succeeded'))).toEqual({
      received: true,
      duplicate: true,
    });
    await paymentEvents.deliverLocally(event('evt_r2', 'charge.refund.updated', 'succeeded'));
    await paymentEvents.deliverLocally(event('evt_r3', 'refund.updated', 'failed'));

    expect(announced).toEqual([row!.id]);
    expect((await rowsOf(paid.orderId))[0]!.status).toBe('succeeded');
    expect(await storedOrderMoney(t, paid.orderId)).toMatchObject({
      paymentState: 'partly_refunded',
      refundedCents: 500,
    });
  });
});

describe('the automatic refund', () => {
  it('refunds a paid order that is cancelled in full, after the cancellation commits', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, {
      ...dinner,
      status: 'Pending',
      payments: [{ tipCents: 300, last4: '1881' }],
    });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/restaurant/${place.restaurantId}/update-order-status/${paid.orderId}`,
      headers: place.owner.auth,
      payload: { status: 'Cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    // The refund follows the committed cancellation, after the answer.
    await vi.waitFor(async () => expect((await rowsOf(paid.orderId))[0]?.status).toBe('succeeded'), {
      timeout: 10_000,
    });
    const rows = await rowsOf(paid.orderId);
    expect(rows.map((one) => [one.amountCents, one.reason, one.automatic, one.status])).toEqual([
      [2444, refundMessages.automaticReason, true, 'succeeded'],
    ]);
    // Its card in Order Management says where it went and the tip that went with it.
    expect((await refundsOf(paid.orderId)).json().refunds).toEqual([
      expect.objectContaining({ amount: 24.44, tip: 3, card_last4: '1881', automatic: true }),
    ]);
    expect(await storedOrderMoney(t, paid.orderId)).toMatchObject({
      paymentState: 'refunded',
      refundedCents: 2444,
    });
  });

  it('refunds once when the cancellation is asked twice at once, or again later', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, { ...dinner, status: 'Pending' });
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/kitchen/restaurant/${place.restaurantId}/update-order-status/${paid.orderId}`,
        headers: place.owner.auth,
        payload: { status: 'Cancelled' },
      });
    const answers = await Promise.all([cancel(), cancel()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await cancel()).statusCode).toBe(409);
    await t.app.paymentEvents.drained();
    expect((await rowsOf(paid.orderId)).map((one) => [one.amountCents, one.automatic, one.status])).toEqual([
      [2444, true, 'succeeded'],
    ]);
  });

  it('refunds a deleted paid order what is left after an earlier refund', async () => {
    const paid = await insertPaidOrder(t, place.restaurantId, { ...dinner, status: 'Approved' });
    await refund(paid.orderId, { amount: 4.44, reason: 'Late' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/owner/restaurant/${place.restaurantId}/delete-order/${paid.orderId}`,
      headers: place.owner.auth,
    });
    expect(deleted.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await rowsOf(paid.orderId)).toHaveLength(2), { timeout: 10_000 });
    await vi.waitFor(
      async () => expect(await storedOrderMoney(t, paid.orderId)).toMatchObject({ refundedCents: 2444 }),
      { timeout: 10_000 },
    );
  });
});
