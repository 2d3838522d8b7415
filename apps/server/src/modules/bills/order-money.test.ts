import type { PaymentTiming } from '@tableserve/contract/bill';
import { UNPAID_ORDER_TIMEOUT_MINUTES } from '@tableserve/contract/bills';
import { orderMoneyMessages } from '@tableserve/contract/ledger';
import { SYSTEM_ACTOR_NAME } from '@tableserve/contract/staff-roles';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, billPayments, bills, orders, refunds, restaurants } from '../../db/schema';
import { addMenuItem, type Diner, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { staffTokenFor } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestPaymentProvider } from '../subscriptions/payments/test-provider';
import { createRefundSender } from './refunds.service';

// The rule for every change to an order that carries money (docs/product/payments.md#order-changes),
// through the API and the test provider's signed events; the reproductions and the property test
// are ledger.reproductions.test.ts and ledger.property.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let keys = 0;
const key = () => `order-money-key-${++keys}-abcdef`;
type Place = Awaited<ReturnType<typeof restaurantPaying>>;

/** Steak $30.00 and soup $10.00, no tax: the figures read as they are written. */
async function restaurantPaying(timing: PaymentTiming) {
  const place = await ownerWithRestaurant(t, { number_of_tables: 8 });
  await t.app.database.db
    .update(restaurants)
    .set({ paymentTiming: timing })
    .where(eq(restaurants.id, place.restaurantId));
  t.app.publishedMenus.invalidate(place.restaurantId);
  const steak = await addMenuItem(t, place, { item_name: 'Steak', price: 30 });
  const soup = await addMenuItem(t, place, { item_name: 'Soup', price: 10 });
  return { ...place, steak, soup, diner: await signUpDiner(t, place.restaurantId) };
}

async function order(p: Place, items: { menu_item_id: number; quantity: number }[], diner: Diner = p.diner) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: diner.auth,
    payload: { restaurant_id: p.restaurantId, order_items: items, order_type: 'dine-in', table_no: 3 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { order_id: number; bill_id: number };
}

async function pay(
  billId: number,
  diner: Diner,
  split: Record<string, unknown>,
  tip: object = { kind: 'none' },
) {
  const bill = await t.app.inject({ method: 'GET', url: `/api/v1/bills/${billId}`, headers: diner.auth });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/bills/${billId}/payments`,
    headers: { ...diner.auth, 'idempotency-key': key() },
    payload: { version: bill.json().version, split, tip, payment_method_id: 'pm_card_visa' },
  });
  expect(response.statusCode, response.body).toBe(202);
  await t.app.paymentEvents.drained();
}

const staffCall = (p: Place, auth: Record<string, string>, path: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/owner/restaurant/${p.restaurantId}/${path}`,
    headers: auth,
    ...(payload !== undefined && { payload }),
  } as InjectOptions);
const cancel = (p: Place, orderId: number, auth = p.owner.auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/kitchen/restaurant/${p.restaurantId}/update-order-status/${orderId}`,
    headers: auth,
    payload: { status: 'Cancelled' },
  });
const edit = (
  orderId: number,
  items: { menu_item_id: number; quantity: number }[],
  auth: Record<string, string>,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/customer/update-order/${orderId}`,
    headers: auth,
    payload: { order_items: items },
  });
const refundRows = (orderId: number) =>
  t.app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);
const orderRow = async (orderId: number) =>
  (await t.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const billRow = async (billId: number) =>
  (await t.app.database.db.select().from(bills).where(eq(bills.id, billId)))[0]!;

describe('what staff are told before a change moves money', () => {
  it('previews a cancel, an edit down and an edit up with the server’s own figures, changing nothing', async () => {
    const p = await restaurantPaying('end_of_meal');
    const placed = await order(p, [{ menu_item_id: p.steak, quantity: 1 }]);
    await pay(placed.bill_id, p.diner, { kind: 'all' }, { kind: 'amount', amount: 4.5 });
    const preview = (body: object) =>
      staffCall(p, p.owner.auth, `orders/${placed.order_id}/money-preview`, body);

    const cancelled = await preview({ change: 'cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Nothing is due once it is cancelled: the tip goes back with the rest.
    expect(cancelled.json()).toEqual({
      refunds: [{ amount: 30, tip: 4.5, card_last4: '4242' }],
      refund_total: 34.5,
      asks_more: 0,
      message: 'This refunds $34.50 to the card ending 4242.',
    });
    const down = await preview({ change: 'edit', order_items: [{ menu_item_id: p.soup, quantity: 1 }] });
    expect(down.json().message).toBe('This refunds $20.00 to the card ending 4242.');
    const up = await preview({ change: 'edit', order_items: [{ menu_item_id: p.steak, quantity: 2 }] });
    expect(up.json()).toMatchObject({
      refunds: [],
      asks_more: 30,
      message: 'The table will be asked for $30.00 more.',
    });

    expect(await refundRows(placed.order_id)).toEqual([]);
    expect(await orderRow(placed.order_id)).toMatchObject({
      status: 'Pending',
      totalCents: 3000,
      paymentState: 'paid',
    });
    expect((await billRow(placed.bill_id)).status).toBe('paid');
  });

  it('says nothing for an order with no money on it', async () => {
    const p = await restaurantPaying('end_of_meal');
    const placed = await order(p, [{ menu_item_id: p.steak, quantity: 1 }]);
    const response = await staffCall(p, p.owner.auth, `orders/${placed.order_id}/money-preview`, {
      change: 'delete',
    });
    expect(response.json()).toEqual({ refunds: [], refund_total: 0, asks_more: 0, message: null });
  });
});

describe('who may move money', () => {
  it('refuses a Server who cancels, deletes or edits down a paid order (403), and lets a manager', async () => {
    const p = await restaurantPaying('end_of_meal');
    const placed = await order(p, [{ menu_item_id: p.steak, quantity: 1 }]);
    await pay(placed.bill_id, p.diner, { kind: 'all' });
    const server = await staffTokenFor(t, p.restaurantId, 'server');
    const refusals = [
      await cancel(p, placed.order_id, server.auth),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/owner/restaurant/${p.restaurantId}/delete-order/${placed.order_id}`,
        headers: server.auth,
      }),
      await edit(placed.order_id, [{ menu_item_id: p.soup, quantity: 1 }], server.auth),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message: orderMoneyMessages.refundNotAllowed,
        code: 'REFUND_NOT_ALLOWED',
      });
    }
    expect(await refundRows(placed.order_id)).toEqual([]);
    expect(await orderRow(placed.order_id)).toMatchObject({
      status: 'Pending',
      totalCents: 3000,
      deletedAt: null,
    });

    // An edit up moves no money back: a Server's to make.
    const up = await edit(
      placed.order_id,
      [
        { menu_item_id: p.steak, quantity: 1 },
        { menu_item_id: p.soup, quantity: 1 },
      ],
      server.auth,
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().order.payment_state).toBe('partly_paid');

    const manager = await staffTokenFor(t, p.restaurantId, 'manager');
    expect((await cancel(p, placed.order_id, manager.auth)).statusCode).toBe(200);
    await t.app.paymentEvents.drained();
    expect((await refundRows(placed.order_id)).map((row) => [row.amountCents, row.status])).toEqual([
      [3000, 'succeeded'],
    ]);
  });
});

describe('a change while a payment is being confirmed', () => {
  it('answers 409 and changes nothing until the payment settles', async () => {
    const p = await restaurantPaying('end_of_meal');
    const placed = await order(p, [{ menu_item_id: p.steak, quantity: 1 }]);
    // A payment the provider has not confirmed yet, as it stands between the charge and the webhook.
    await t.app.database.db.insert(billPayments).values({
      billId: placed.bill_id,
      restaurantId: p.restaurantId,
      status: 'pending',
      splitKind: 'amount',
      amountCents: 1000,
      provider: 'test',
      receiptTokenHash: '0'.repeat(64),
    });
    const answers = [
      await cancel(p, placed.order_id),
      await edit(placed.order_id, [{ menu_item_id: p.soup, quantity: 1 }], p.owner.auth),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/owner/restaurant/${p.restaurantId}/delete-order/${placed.order_id}`,
        headers: p.owner.auth,
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        message: orderMoneyMessages.paymentPending,
        code: 'PAYMENT_PENDING',
      });
    }
    expect(await orderRow(placed.order_id)).toMatchObject({
      status: 'Pending',
      totalCents: 3000,
      deletedAt: null,
    });
  });
});

describe('automatic steps in the audit trail', () => {
  it('names TableServe for the money it gives back and for an order its payment completed', async () => {
    const p = await restaurantPaying('end_of_meal');
    const placed = await order(p, [{ menu_item_id: p.steak, quantity: 1 }]);
    expect((await staffCall(p, p.owner.auth, `approve-order/${placed.order_id}`)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/restaurant/${p.restaurantId}/update-order-status/${placed.order_id}`,
      headers: p.owner.auth,
      payload: { status: 'Ready' },
    });
    await pay(placed.bill_id, p.diner, { kind: 'all' });
    expect((await orderRow(placed.order_id)).status).toBe('Completed');

    const second = await order(p, [{ menu_item_id: p.soup, quantity: 1 }]);
    await pay(second.bill_id, p.diner, { kind: 'all' });
    expect((await cancel(p, second.order_id)).statusCode).toBe(200);
    const entries = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.restaurantId, p.restaurantId), eq(auditEvents.actorKind, 'system')))
      .orderBy(auditEvents.id);
    expect(entries.map((entry) => [entry.actorName, entry.action, entry.objectId, entry.after])).toEqual([
      [SYSTEM_ACTOR_NAME, 'order.paid', placed.order_id, { status: 'Completed', reason: 'Paid online' }],
      [
        SYSTEM_ACTOR_NAME,
        'order.refunded',
        second.order_id,
        { amount: 10, reason: 'Order cancelled', automatic: true },
      ],
    ]);
  });
});

describe('the unpaid-order sweep', () => {
  it('gives a half-paid order’s money back, tip included, and tells its diner live', async () => {
    const p = await restaurantPaying('order');
    const placed = await order(p, [{ menu_item_id: p.steak, quantity: 1 }]);
    await pay(placed.bill_id, p.diner, { kind: 'amount', amount: 15 }, { kind: 'amount', amount: 2 });
    const heard: { order: { refunded?: number } }[] = [];
    t.app.domainEvents.on('order.updated', (event) => {
      if (event.order.order_id === placed.order_id) heard.push(event);
    });
    t.clock.advance((UNPAID_ORDER_TIMEOUT_MINUTES + 1) * 60_000);
    await t.app.unpaidOrdersSweep();
    await t.app.paymentEvents.drained();

    expect(
      (await refundRows(placed.order_id)).map((row) => [
        row.amountCents,
        row.tipCents,
        row.reason,
        row.status,
      ]),
    ).toEqual([[1500, 200, 'Order cancelled', 'succeeded']]);
    expect(await orderRow(placed.order_id)).toMatchObject({ status: 'Cancelled', paymentState: 'refunded' });
    // Told as soon as it is cancelled, and again when the provider confirms the refund: never the staff.
    expect(heard.length).toBeGreaterThan(0);
    for (const event of heard)
      expect(event).toMatchObject({
        customerId: p.diner.customer_id,
        dinerOnly: true,
        order: { status: 'Cancelled', payment_state: 'refunded' },
      });
    expect(heard.at(-1)).toMatchObject({ order: { refunded: 15 } });
    const [entry] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, placed.order_id), eq(auditEvents.action, 'order.cancelled')));
    expect(entry).toMatchObject({ actorKind: 'system', actorName: SYSTEM_ACTOR_NAME });
  });
});

describe('refunds the process never sent', () => {
  it('are asked of the provider again by the sweep, and confirmed by the event naming our id', async () => {
    const p = await restaurantPaying('end_of_meal');
    const placed = await order(p, [{ menu_item_id: p.steak, quantity: 1 }]);
    await pay(placed.bill_id, p.diner, { kind: 'all' });
    const [payment] = await t.app.database.db
      .select()
      .from(billPayments)
      .where(eq(billPayments.billId, placed.bill_id));
    // Reserved by a change that committed, then the process stopped before asking the provider.
    const [row] = await t.app.database.db
      .insert(refunds)
      .values({
        restaurantId: p.restaurantId,
        orderId: placed.order_id,
        paymentId: payment!.id,
        amountCents: 700,
        reason: 'Order changed',
        provider: 'test',
        automatic: true,
        createdAt: new Date(t.clock.now().getTime() - 120_000),
      })
      .returning();
    const sender = createRefundSender({
      db: t.app.database.db,
      provider: createTestPaymentProvider({ failRenewals: false }),
      paymentEvents: t.app.paymentEvents,
      log: t.app.log,
    });
    await sender.resendUnsent(new Date(t.clock.now().getTime() - 60_000));
    await t.app.paymentEvents.drained();
    const [after] = await refundRows(placed.order_id);
    expect(after).toMatchObject({
      id: row!.id,
      status: 'succeeded',
      providerRefundId: expect.stringMatching(/^re_/),
    });
    // Sent once: a second run finds nothing unsent.
    await sender.resendUnsent(t.clock.now());
    expect(await refundRows(placed.order_id)).toHaveLength(1);
  });
});
