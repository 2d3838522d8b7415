import type { PaymentTiming } from '@tableserve/contract/bill';
import { type BillView, billMessages } from '@tableserve/contract/bills';
import { MAX_BILL_LINES } from '@tableserve/contract/order-limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayments, orders, restaurants } from '../../db/schema';
import { insertLargeTableBill } from '../../test/large-data';
import { addMenuItem, type Diner, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant, tableKeyFor } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BILL_READS } from './bill-reads';

// The built-in test provider: pm_card_visa pays, pm_card_chargeDeclined is declined, and each
// accepted payment is confirmed by a signed payment_intent.succeeded event applied a moment later.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Place = Awaited<ReturnType<typeof restaurantPaying>>;
let keys = 0;
const key = () => {
  keys += 1;
  return `pay-key-${keys}-abcdefgh`;
};

/** A restaurant with 4 tables, pizza at $12.50 and soda at $2.25, paid as `timing` says. */
async function restaurantPaying(timing: PaymentTiming) {
  const place = await ownerWithRestaurant(t, { number_of_tables: 4 });
  await t.app.database.db
    .update(restaurants)
    .set({ paymentTiming: timing })
    .where(eq(restaurants.id, place.restaurantId));
  t.app.publishedMenus.invalidate(place.restaurantId);
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  const soda = await addMenuItem(t, place, { item_name: 'Soda', price: 2.25, category: 'Beverage' });
  // Table 1's code as its card carries it: the menu token, the table and the table's key.
  const code = { token: place.token, table: '1', key: await tableKeyFor(t, place.restaurantId, 1) };
  return { ...place, pizza, soda, code };
}

type Items = { menu_item_id: number; quantity: number }[];

/** A dine-in order at `table`, answered as it comes. */
const order = (p: Place, diner: Diner, items: Items, table = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: diner.auth,
    payload: { restaurant_id: p.restaurantId, order_items: items, order_type: 'dine-in', table_no: table },
  });

async function placeOrder(p: Place, diner: Diner, items: Items) {
  const response = await order(p, diner, items);
  expect(response.statusCode).toBe(201);
  return response.json() as { order_id: number; bill_id?: number };
}

const tableCode = (p: Place) => new URLSearchParams(p.code).toString();

async function tableBill(p: Place): Promise<BillView> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/table-bill?${tableCode(p)}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function pay(
  billId: number,
  body: Record<string, unknown>,
  options: { auth?: Record<string, string>; idempotencyKey?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/bills/${billId}/payments`,
    headers: { ...options.auth, 'idempotency-key': options.idempotencyKey ?? key() },
    payload: { tip: { kind: 'none' }, payment_method_id: 'pm_card_visa', ...body },
  });
}

/** A table's bill with two diners' orders on it: pizza ×2 (Ann) and soda (Bo), $27.25. */
async function tableWithTwoOrders() {
  const p = await restaurantPaying('end_of_meal');
  const ann = await signUpDiner(t, p.restaurantId);
  const bo = await signUpDiner(t, p.restaurantId);
  const first = await placeOrder(p, ann, [{ menu_item_id: p.pizza, quantity: 2 }]);
  const second = await placeOrder(p, bo, [{ menu_item_id: p.soda, quantity: 1 }]);
  return { p, ann, bo, first, second, billId: first.bill_id! };
}

const paymentRows = (billId: number) =>
  t.app.database.db.select().from(billPayments).where(eq(billPayments.billId, billId));

describe('a table paying at the end of the meal', () => {
  it('gathers the table’s orders on one open bill, which its code opens', async () => {
    const { p, first, second, billId } = await tableWithTwoOrders();
    expect(billId).toEqual(expect.any(Number));
    expect(second.bill_id).toBe(billId);
    const bill = await tableBill(p);
    expect(bill).toMatchObject({
      bill_id: billId,
      table_number: 1,
      status: 'open',
      subtotal: 27.25,
      total: 27.25,
      paid: 0,
      pending: 0,
      outstanding: 27.25,
    });
    expect(bill.lines.map((line) => [line.order_id, line.product_name, line.payable, line.left])).toEqual([
      [first.order_id, 'Pizza', 25, 25],
      [second.order_id, 'Soda', 2.25, 2.25],
    ]);
  });

  it('answers 404 with its message for a table with no open bill', async () => {
    const p = await restaurantPaying('end_of_meal');
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/table-bill?${tableCode(p)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(billMessages.noOpenBill);
  });

  it('shows a bill to a diner who ordered on it or holds its table’s code, and to nobody else', async () => {
    const { p, ann, billId } = await tableWithTwoOrders();
    const stranger = await signUpDiner(t, p.restaurantId);
    const read = (query: string, auth: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/v1/bills/${billId}${query}`, headers: auth });
    expect((await read('', ann.auth)).statusCode).toBe(200);
    expect((await read(`?${tableCode(p)}`)).statusCode).toBe(200);
    expect((await read(`?token=${p.token}&table=2`)).statusCode).toBe(404);
    const refused = await read('', stranger.auth);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(billMessages.notFound);
  });

  it('pays all: pending until the webhook confirms it, then the bill is paid and a Ready order completes', async () => {
    const { p, ann, first, second, billId } = await tableWithTwoOrders();
    const kitchen = (orderId: number, status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/kitchen/restaurant/${p.restaurantId}/update-order-status/${orderId}`,
        headers: p.owner.auth,
        payload: { status },
      });
    expect((await kitchen(first.order_id, 'Approved')).statusCode).toBe(200);
    expect((await kitchen(first.order_id, 'Ready')).statusCode).toBe(200);
    const bill = await tableBill(p);

    const response = await pay(
      billId,
      { version: bill.version, split: { kind: 'all' }, tip: { kind: 'percent', percent: 10 } },
      { auth: ann.auth },
    );
    expect(response.statusCode).toBe(202);
    const { payment, bill: after } = response.json();
    expect(payment).toMatchObject({ status: 'pending', amount: 27.25, tip: 2.73, charged: 29.98 });
    expect(payment.receipt_token).toEqual(expect.any(String));
    expect(after).toMatchObject({ pending: 27.25, outstanding: 0, version: bill.version + 1 });

    await t.app.paymentEvents.drained();
    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/bills/${billId}/payments/${payment.payment_id}`,
      headers: ann.auth,
    });
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', card_last4: '4242', charged: 29.98 });
    const paid = await t.app.inject({ method: 'GET', url: `/api/v1/bills/${billId}`, headers: ann.auth });
    expect(paid.json()).toMatchObject({ status: 'paid', paid: 27.25, pending: 0, outstanding: 0 });
    const rows = await t.app.database.db.select().from(orders).where(eq(orders.billId, billId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first.order_id)).toMatchObject({ status: 'Completed', paymentState: 'paid' });
    // Still cooking: paid, and completed when staff hand it over.
    expect(byId.get(second.order_id)).toMatchObject({ status: 'Pending', paymentState: 'paid' });
    // The next order at the table starts a new bill.
    const next = await placeOrder(p, ann, [{ menu_item_id: p.soda, quantity: 1 }]);
    expect(next.bill_id).not.toBe(billId);
  });

  it('splits evenly among 3: three parts that add up to the bill, the last taking what is left', async () => {
    const { p, billId } = await tableWithTwoOrders();
    const charged: number[] = [];
    for (let diner = 0; diner < 3; diner += 1) {
      const { version } = await tableBill(p);
      const response = await pay(billId, {
        table_code: p.code,
        version,
        split: { kind: 'even', ways: 3 },
      });
      expect(response.statusCode).toBe(202);
      charged.push(response.json().payment.amount);
      await t.app.paymentEvents.drained();
    }
    // $27.25 in three is 9.09, 9.08, 9.08: each diner pays the first (largest) part, and the last
    // what is left, so the parts add up to the bill.
    expect(charged).toEqual([9.09, 9.09, 9.07]);
    const closed = await t.app.inject({ method: 'GET', url: `/api/v1/table-bill?${tableCode(p)}` });
    expect(closed.statusCode).toBe(404);
    const [payment] = await paymentRows(billId);
    expect(payment).toMatchObject({ splitKind: 'even', status: 'succeeded' });
  });

  it('pays an amount, and refuses more than is left with 400', async () => {
    const { p, billId } = await tableWithTwoOrders();
    const { code } = p;
    const { version } = await tableBill(p);
    const response = await pay(billId, { table_code: code, version, split: { kind: 'amount', amount: 10 } });
    expect(response.statusCode).toBe(202);
    expect(response.json().bill).toMatchObject({ pending: 10, outstanding: 17.25 });
    await t.app.paymentEvents.drained();
    const after = await tableBill(p);
    const over = await pay(billId, {
      table_code: code,
      version: after.version,
      split: { kind: 'amount', amount: 17.26 },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(billMessages.overOutstanding);
    expect(await paymentRows(billId)).toHaveLength(1);
  });

  it('pays by items, one dish shared by two, and tells a third who splits it otherwise what is left', async () => {
    const { p, ann, bo, billId } = await tableWithTwoOrders();
    const bill = await tableBill(p);
    const [pizza, soda] = bill.lines;
    const annPays = await pay(
      billId,
      {
        version: bill.version,
        split: {
          kind: 'items',
          items: [
            { order_item_id: pizza!.order_item_id, share_count: 2 },
            { order_item_id: soda!.order_item_id, share_count: 1 },
          ],
        },
      },
      { auth: ann.auth },
    );
    expect(annPays.statusCode).toBe(202);
    expect(annPays.json().payment.amount).toBe(14.75);
    await t.app.paymentEvents.drained();
    const afterAnn = await tableBill(p);
    expect(afterAnn).toMatchObject({ paid: 14.75, outstanding: 12.5 });
    expect(afterAnn.lines[0]).toMatchObject({ share_count: 2, shares_taken: [0], left: 12.5 });

    // Bo saw the bill before Ann paid, and splits the pizza in three: it is split in two now.
    const split3 = await pay(
      billId,
      {
        version: bill.version,
        split: { kind: 'items', items: [{ order_item_id: pizza!.order_item_id, share_count: 3 }] },
      },
      { auth: bo.auth },
    );
    expect(split3.statusCode).toBe(409);
    expect(split3.json()).toMatchObject({
      message: billMessages.changed,
      code: 'BILL_CHANGED',
      bill: { version: afterAnn.version, outstanding: 12.5 },
    });
    // An older version is fine while the chosen share is still free.
    const boPays = await pay(
      billId,
      {
        version: bill.version,
        split: { kind: 'items', items: [{ order_item_id: pizza!.order_item_id, share_count: 2 }] },
      },
      { auth: bo.auth },
    );
    expect(boPays.statusCode).toBe(202);
    expect(boPays.json().payment.amount).toBe(12.5);
    await t.app.paymentEvents.drained();
    const paid = await t.app.inject({ method: 'GET', url: `/api/v1/bills/${billId}`, headers: bo.auth });
    expect(paid.json()).toMatchObject({ status: 'paid', paid: 27.25 });
  });

  it('refuses a payment by items naming a line twice with 400, reserves nothing, and leaves every line payable', async () => {
    // docs/product/payments.md#split-bill: the whole soda and half of it again were charged $3.37
    // for a $2.25 line (left −1.12), after which no line of the table could be paid by items.
    const { p, ann, bo, billId } = await tableWithTwoOrders();
    const bill = await tableBill(p);
    const [pizza, soda] = bill.lines;
    const twice = await pay(
      billId,
      {
        version: bill.version,
        split: {
          kind: 'items',
          items: [
            { order_item_id: soda!.order_item_id, share_count: 1, shares: 1 },
            { order_item_id: soda!.order_item_id, share_count: 2, shares: 1 },
          ],
        },
      },
      { auth: ann.auth },
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      message: billMessages.itemChosenTwice,
      errors: [{ path: 'split.items.1.order_item_id', message: billMessages.itemChosenTwice }],
    });
    // More shares than the line is split into.
    const tooManyShares = await pay(
      billId,
      {
        version: bill.version,
        split: { kind: 'items', items: [{ order_item_id: pizza!.order_item_id, share_count: 2, shares: 3 }] },
      },
      { auth: ann.auth },
    );
    expect(tooManyShares.statusCode).toBe(400);
    expect(tooManyShares.json()).toMatchObject({
      message: billMessages.moreSharesThanSplit,
      errors: [{ path: 'split.items.0.shares', message: billMessages.moreSharesThanSplit }],
    });
    expect(await paymentRows(billId)).toEqual([]);
    expect(await tableBill(p)).toEqual(bill);

    // Each line once: both are paid by items, and the bill adds up.
    const annPays = await pay(
      billId,
      {
        version: bill.version,
        split: { kind: 'items', items: [{ order_item_id: pizza!.order_item_id, share_count: 2, shares: 2 }] },
      },
      { auth: ann.auth },
    );
    expect(annPays.statusCode).toBe(202);
    expect(annPays.json().payment.amount).toBe(25);
    const boPays = await pay(
      billId,
      {
        version: bill.version,
        split: { kind: 'items', items: [{ order_item_id: soda!.order_item_id, share_count: 1 }] },
      },
      { auth: bo.auth },
    );
    expect(boPays.statusCode).toBe(202);
    expect(boPays.json().payment.amount).toBe(2.25);
    await t.app.paymentEvents.drained();
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/bills/${billId}`, headers: ann.auth });
    expect(after.json()).toMatchObject({ status: 'paid', paid: 27.25, outstanding: 0 });
    expect(after.json().lines.map((line: BillView['lines'][number]) => line.left)).toEqual([0, 0]);
  });

  it('refuses paying more even parts than the bill is split into with 400 naming split.parts', async () => {
    const { p, billId } = await tableWithTwoOrders();
    const bill = await tableBill(p);
    const { code } = p;
    const response = await pay(billId, {
      table_code: code,
      version: bill.version,
      split: { kind: 'even', ways: 2, parts: 3 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: billMessages.morePartsThanSplit,
      errors: [{ path: 'split.parts', message: billMessages.morePartsThanSplit }],
    });
    expect(await paymentRows(billId)).toEqual([]);
    expect(await tableBill(p)).toEqual(bill);
    // All the parts is the whole bill.
    const all = await pay(billId, {
      table_code: code,
      version: bill.version,
      split: { kind: 'even', ways: 2, parts: 2 },
    });
    expect(all.statusCode).toBe(202);
    expect(all.json().payment.amount).toBe(27.25);
  });

  it('lets one of two diners paying the same dish at the same moment pay; the other is told, and charged nothing', async () => {
    const { p, ann, bo, billId } = await tableWithTwoOrders();
    const bill = await tableBill(p);
    const item = { order_item_id: bill.lines[0]!.order_item_id, share_count: 1 };
    const body = { version: bill.version, split: { kind: 'items', items: [item] } };
    const answers = await Promise.all([
      pay(billId, body, { auth: ann.auth }),
      pay(billId, body, { auth: bo.auth }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ code: 'BILL_CHANGED', bill: { outstanding: 2.25 } });
    await t.app.paymentEvents.drained();
    // One payment reached the provider (it has the provider's id), and it was confirmed.
    const rows = await paymentRows(billId);
    expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', 2500]]);
    expect(rows[0]!.providerPaymentId).toMatch(/^pi_test_/);
  });

  it('answers a retry with the same Idempotency-Key as the first time, and charges once', async () => {
    const { p, ann, billId } = await tableWithTwoOrders();
    const { version } = await tableBill(p);
    const idempotencyKey = key();
    const body = { version, split: { kind: 'amount', amount: 5 } };
    const first = await pay(billId, body, { auth: ann.auth, idempotencyKey });
    const again = await pay(billId, body, { auth: ann.auth, idempotencyKey });
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    await t.app.paymentEvents.drained();
    expect(await paymentRows(billId)).toHaveLength(1);
  });

  it('answers a replayed Idempotency-Key only to a caller who may see the bill, as a fresh request', async () => {
    const { p, ann, bo, billId } = await tableWithTwoOrders();
    const stranger = await signUpDiner(t, p.restaurantId);
    const { version } = await tableBill(p);
    const idempotencyKey = key();
    const body = { version, split: { kind: 'amount', amount: 5 } };
    const first = await pay(billId, body, { auth: ann.auth, idempotencyKey });
    expect(first.statusCode).toBe(202);
    expect(first.json().payment.receipt_token).toEqual(expect.any(String));
    // No token and no table code, or a diner who did not order on this bill: no such bill for them.
    for (const auth of [{}, stranger.auth]) {
      const replay = await pay(billId, body, { auth, idempotencyKey });
      expect(replay.statusCode).toBe(404);
      expect(replay.json()).toEqual({ message: billMessages.notFound, code: 'BILL_NOT_FOUND' });
    }
    // Those who may see it get the first answer: the payer, and a diner who ordered on the bill.
    for (const auth of [ann.auth, bo.auth]) {
      const replay = await pay(billId, body, { auth, idempotencyKey });
      expect(replay.statusCode).toBe(202);
      expect(replay.json()).toEqual(first.json());
    }
    await t.app.paymentEvents.drained();
    expect(await paymentRows(billId)).toHaveLength(1);
  });

  it('refuses a declined card with 402 and its reason, and frees what it had reserved', async () => {
    const { p, ann, billId } = await tableWithTwoOrders();
    const bill = await tableBill(p);
    const item = { order_item_id: bill.lines[0]!.order_item_id, share_count: 1 };
    const response = await pay(
      billId,
      {
        version: bill.version,
        split: { kind: 'items', items: [item] },
        payment_method_id: 'pm_card_chargeDeclined',
      },
      { auth: ann.auth },
    );
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(billMessages.declined);
    const after = await tableBill(p);
    expect(after).toMatchObject({ pending: 0, paid: 0, outstanding: 27.25 });
    expect(after.lines[0]).toMatchObject({ shares_taken: [], left: 25 });
    expect((await paymentRows(billId)).map((row) => [row.status, row.failureMessage])).toEqual([
      ['failed', billMessages.declined],
    ]);
  });
});

describe('a restaurant paid when ordering', () => {
  it('holds the order until it is paid, then releases it to the staff', async () => {
    const p = await restaurantPaying('order');
    const diner = await signUpDiner(t, p.restaurantId);
    const placed = await placeOrder(p, diner, [{ menu_item_id: p.pizza, quantity: 1 }]);
    expect(placed.bill_id).toEqual(expect.any(Number));
    const held = () =>
      t.app.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, placed.order_id))
        .then((rows) => rows[0]!);
    expect(await held()).toMatchObject({
      awaitingPayment: true,
      paymentTiming: 'order',
      paymentState: 'unpaid',
    });
    // Neither the staff nor the kitchen see it yet.
    const seenBy = async (url: string) =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: p.owner.auth })).json()
          .orders as {
          order_id: number;
        }[]
      ).map((order) => order.order_id);
    const staffList = () => seenBy(`/owner/restaurant/${p.restaurantId}/orders`);
    const kitchen = () => seenBy(`/kitchen/restaurant/${p.restaurantId}/orders`);
    expect(await staffList()).toEqual([]);
    expect(await kitchen()).toEqual([]);
    // A bill of its own, not the table's.
    const table = await t.app.inject({ method: 'GET', url: `/api/v1/table-bill?${tableCode(p)}` });
    expect(table.statusCode).toBe(404);

    const bill = (
      await t.app.inject({ method: 'GET', url: `/api/v1/bills/${placed.bill_id}`, headers: diner.auth })
    ).json() as BillView;
    expect(bill).toMatchObject({ table_number: null, total: 12.5 });
    const response = await pay(
      placed.bill_id!,
      { version: bill.version, split: { kind: 'all' } },
      { auth: diner.auth },
    );
    expect(response.statusCode).toBe(202);
    await t.app.paymentEvents.drained();
    expect(await held()).toMatchObject({ awaitingPayment: false, paymentState: 'paid', status: 'Pending' });
    expect(await staffList()).toEqual([placed.order_id]);
    expect(await kitchen()).toEqual([placed.order_id]);
  });

  it('gives a pickup order its own bill, paid when ordering, even where tables pay at the end of the meal', async () => {
    const p = await restaurantPaying('end_of_meal');
    const diner = await signUpDiner(t, p.restaurantId);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers: diner.auth,
      payload: {
        restaurant_id: p.restaurantId,
        order_items: [{ menu_item_id: p.soda, quantity: 1 }],
        order_type: 'pickup',
        customer_location: { latitude: 30.27, longitude: -97.74 },
      },
    });
    expect(response.statusCode).toBe(201);
    const { order_id, bill_id } = response.json();
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, order_id));
    expect(row).toMatchObject({ billId: bill_id, awaitingPayment: true, paymentTiming: 'end_of_meal' });
    const bill = await t.app.inject({ method: 'GET', url: `/api/v1/bills/${bill_id}`, headers: diner.auth });
    expect(bill.json()).toMatchObject({ table_number: null, total: 2.25 });
  });

  it('keeps a restaurant paid at the counter as it was: no bill', async () => {
    const p = await restaurantPaying('counter');
    const diner = await signUpDiner(t, p.restaurantId);
    const placed = await placeOrder(p, diner, [{ menu_item_id: p.pizza, quantity: 1 }]);
    expect(placed).not.toHaveProperty('bill_id');
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(row).toMatchObject({ billId: null, awaitingPayment: false, paymentTiming: 'counter' });
  });
});

describe('tips and money fields', () => {
  it('refuses a tip above 300 % of what it tips on with 400 naming the tip, and changes nothing', async () => {
    const { p, billId } = await tableWithTwoOrders();
    const bill = await tableBill(p);
    const { code } = p;
    for (const tip of [
      { kind: 'amount', amount: 30.01 },
      { kind: 'percent', percent: 301 },
    ]) {
      const response = await pay(billId, {
        table_code: code,
        version: bill.version,
        split: { kind: 'amount', amount: 10 },
        tip,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: billMessages.tipTooLarge,
        errors: [{ path: 'tip', message: billMessages.tipTooLarge }],
      });
    }
    const atTheCap = await pay(billId, {
      table_code: code,
      version: bill.version,
      split: { kind: 'amount', amount: 10 },
      tip: { kind: 'amount', amount: 30 },
    });
    expect(atTheCap.statusCode).toBe(202);
    expect(atTheCap.json().payment).toMatchObject({ amount: 10, tip: 30, charged: 40 });
  });

  it('refuses negative, fractional-cent and absurd amounts with 400 naming the field, and changes nothing', async () => {
    const { p, billId } = await tableWithTwoOrders();
    const bill = await tableBill(p);
    const { code } = p;
    const cases: [Record<string, unknown>, string][] = [];
    for (const bad of [-1, 1.234, 1e12, '5']) {
      cases.push([{ split: { kind: 'amount', amount: bad } }, 'split.amount']);
      cases.push([
        { split: { kind: 'amount', amount: 1 }, tip: { kind: 'amount', amount: bad } },
        'tip.amount',
      ]);
    }
    for (const [body, path] of cases) {
      const response = await pay(billId, { table_code: code, version: bill.version, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect(await paymentRows(billId)).toEqual([]);
    expect(await tableBill(p)).toEqual(bill);
  });
});

describe('a table’s bill as large as a bill can be', () => {
  const tooLargeOrder = 'This order is too large to place at once. Please split it into smaller orders.';

  it('refuses an order that would take the bill past $21,474,836.47 with 400, writing nothing, and pays a bill of exactly that', async () => {
    const p = await restaurantPaying('end_of_meal');
    const caviar = await addMenuItem(t, p, { item_name: 'Caviar', price: 100_000 });
    const mint = await addMenuItem(t, p, { item_name: 'Mint', price: 74_836.47 });
    const ann = await signUpDiner(t, p.restaurantId);
    const bo = await signUpDiner(t, p.restaurantId);
    const order = (
      diner: Diner,
      items: { menu_item_id: number; quantity: number }[],
      idempotencyKey?: string,
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/place-order',
        headers: { ...diner.auth, ...(idempotencyKey && { 'idempotency-key': idempotencyKey }) },
        payload: { restaurant_id: p.restaurantId, order_items: items, order_type: 'dine-in', table_no: 1 },
      });
    // $20,000,000: each order is within the largest total an order may have.
    const first = await order(
      ann,
      Array.from({ length: 4 }, () => ({ menu_item_id: caviar, quantity: 50 })),
    );
    expect(first.statusCode).toBe(201);
    const billId = first.json().bill_id as number;
    const ordersOfBill = () => t.app.database.db.select().from(orders).where(eq(orders.billId, billId));
    const before = await tableBill(p);

    // $1,500,000 more would make $21,500,000: refused, and its key answers the refusal again.
    const idempotencyKey = key();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const over = await order(bo, [{ menu_item_id: caviar, quantity: 15 }], idempotencyKey);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({ message: tooLargeOrder, code: 'ORDER_TOO_LARGE' });
    }
    expect(await ordersOfBill()).toHaveLength(1);
    expect(await tableBill(p)).toEqual(before);

    // Up to the cent: $20,000,000 + $1,400,000 + $74,836.47 = $21,474,836.47.
    expect((await order(bo, [{ menu_item_id: caviar, quantity: 14 }])).statusCode).toBe(201);
    expect((await order(bo, [{ menu_item_id: mint, quantity: 1 }])).statusCode).toBe(201);
    const full = await tableBill(p);
    expect(full).toMatchObject({ total: 21_474_836.47, outstanding: 21_474_836.47 });
    const cent = await addMenuItem(t, p, { item_name: 'Toothpick', price: 0.01 });
    const oneCentMore = await order(bo, [{ menu_item_id: cent, quantity: 1 }]);
    expect(oneCentMore.statusCode).toBe(400);
    expect(oneCentMore.json().message).toBe(tooLargeOrder);
    expect(await tableBill(p)).toEqual(full);

    // One payment of it all, and a tip on top that no payment can hold: 400, nothing reserved.
    const withTip = await pay(
      billId,
      { version: full.version, split: { kind: 'all' }, tip: { kind: 'amount', amount: 1 } },
      { auth: ann.auth },
    );
    expect(withTip.statusCode).toBe(400);
    expect(withTip.json()).toMatchObject({
      message: billMessages.paymentTooLarge,
      errors: [{ path: 'split', message: billMessages.paymentTooLarge }],
    });
    expect(await paymentRows(billId)).toEqual([]);
    const all = await pay(billId, { version: full.version, split: { kind: 'all' } }, { auth: ann.auth });
    expect(all.statusCode).toBe(202);
    expect(all.json().payment).toMatchObject({ amount: 21_474_836.47, charged: 21_474_836.47 });
    await t.app.paymentEvents.drained();
    const paid = await t.app.inject({ method: 'GET', url: `/api/v1/bills/${billId}`, headers: ann.auth });
    expect(paid.json()).toMatchObject({ status: 'paid', paid: 21_474_836.47, outstanding: 0 });
  });
});

describe('the payment webhook', () => {
  it('applies a replayed confirmation once, and a late failure after it changes nothing', async () => {
    const { p, ann, billId } = await tableWithTwoOrders();
    const { version } = await tableBill(p);
    const response = await pay(billId, { version, split: { kind: 'amount', amount: 5 } }, { auth: ann.auth });
    const paymentId = response.json().payment.payment_id as number;
    await t.app.paymentEvents.drained();
    const [row] = await paymentRows(billId);
    const intent = {
      id: row!.providerPaymentId,
      object: 'payment_intent',
      amount: 500,
      metadata: { bill_id: String(billId), payment_id: String(paymentId) },
    };
    const before = await tableBill(p);

    const replay = {
      id: `evt_replay_${paymentId}`,
      type: 'payment_intent.succeeded',
      data: { object: intent },
    };
    expect(await t.app.paymentEvents.deliverLocally(replay)).toEqual({ received: true });
    expect(await t.app.paymentEvents.deliverLocally(replay)).toEqual({ received: true, duplicate: true });
    const late = {
      id: `evt_late_${paymentId}`,
      type: 'payment_intent.payment_failed',
      data: { object: { ...intent, last_payment_error: { message: 'Your card was declined.' } } },
    };
    expect(await t.app.paymentEvents.deliverLocally(late)).toEqual({ received: true });
    expect(await tableBill(p)).toEqual(before);
    expect((await paymentRows(billId)).map((payment) => payment.status)).toEqual(['succeeded']);
  });
});

describe("a table's bill holds at most MAX_BILL_LINES lines (docs/decisions/024-bounded-work.md)", () => {
  it('refuses the order that would take it past, with 409 BILL_FULL, writing nothing; a cancelled order frees its lines', async () => {
    const p = await restaurantPaying('end_of_meal');
    const diner = await signUpDiner(t, p.restaurantId);
    const bill = await insertLargeTableBill(t, {
      restaurantId: p.restaurantId,
      tableNumber: 1,
      orderCount: 1,
      linesPerOrder: MAX_BILL_LINES - 2,
      itemsPaid: 0,
      at: t.clock.now(),
    });
    // Two lines more fill it exactly.
    const last = await placeOrder(p, diner, [
      { menu_item_id: p.pizza, quantity: 1 },
      { menu_item_id: p.soda, quantity: 1 },
    ]);
    expect(last.bill_id).toBe(bill.billId);
    const ordersBefore = await t.app.database.db.select().from(orders).where(eq(orders.billId, bill.billId));

    const soda = (table: number) => order(p, diner, [{ menu_item_id: p.soda, quantity: 1 }], table);
    const refused = await soda(1);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: billMessages.full(MAX_BILL_LINES), code: 'BILL_FULL' });
    expect(billMessages.full(MAX_BILL_LINES)).toBe(
      "This table's bill already has 250 items, as many as one bill can hold. Please pay it, or ask a member of staff, before ordering more.",
    );
    expect(await t.app.database.db.select().from(orders).where(eq(orders.billId, bill.billId))).toEqual(
      ordersBefore,
    );
    // Another table's bill is its own.
    const elsewhere = await soda(2);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    // The staff cancel the last order: its two lines no longer count.
    await t.app.database.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, last.order_id));
    expect((await placeOrder(p, diner, [{ menu_item_id: p.soda, quantity: 1 }])).bill_id).toBe(bill.billId);
  });

  it('refuses a staff edit that would take it past, with 409 BILL_FULL, changing nothing; an edit within it passes', async () => {
    const p = await restaurantPaying('end_of_meal');
    const diner = await signUpDiner(t, p.restaurantId);
    await insertLargeTableBill(t, {
      restaurantId: p.restaurantId,
      tableNumber: 1,
      orderCount: 1,
      linesPerOrder: MAX_BILL_LINES - 1,
      itemsPaid: 0,
      at: t.clock.now(),
    });
    // The bill's last line: a pending order the staff may edit.
    const pending = await placeOrder(p, diner, [{ menu_item_id: p.pizza, quantity: 1 }]);
    const editTo = (items: Items) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/customer/update-order/${pending.order_id}`,
        headers: p.owner.auth,
        payload: { order_items: items },
      });
    const grown = await editTo([
      { menu_item_id: p.pizza, quantity: 1 },
      { menu_item_id: p.soda, quantity: 1 },
    ]);
    expect(grown.statusCode, grown.body).toBe(409);
    expect(grown.json()).toEqual({ message: billMessages.full(MAX_BILL_LINES), code: 'BILL_FULL' });
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, pending.order_id));
    expect(row!.totalCents).toBe(1250);
    const same = await editTo([{ menu_item_id: p.soda, quantity: 2 }]);
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe("a bill's reads take turns (docs/decisions/024-bounded-work.md)", () => {
  it('past the line, a read answers 503 BILLS_BUSY with Retry-After at once; the others are answered', async () => {
    const p = await restaurantPaying('end_of_meal');
    await insertLargeTableBill(t, {
      restaurantId: p.restaurantId,
      tableNumber: 1,
      orderCount: 5,
      linesPerOrder: MAX_BILL_LINES / 5,
      itemsPaid: 0,
      at: t.clock.now(),
    });
    const asked = BILL_READS.running + BILL_READS.waiting + 6;
    const answers = await Promise.all(
      Array.from({ length: asked }, () =>
        t.app.inject({ method: 'GET', url: `/api/v1/table-bill?${tableCode(p)}` }),
      ),
    );
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(asked - 6);
    expect(busy).toHaveLength(6);
    for (const answer of busy) {
      expect(answer.json()).toEqual({ message: billMessages.busy, code: 'BILLS_BUSY' });
      expect(answer.headers['retry-after']).toBe(String(BILL_READS.retryAfterSeconds));
    }
    // The line has cleared: the next read is answered.
    expect((await tableBill(p)).lines).toHaveLength(MAX_BILL_LINES);
  });
});
