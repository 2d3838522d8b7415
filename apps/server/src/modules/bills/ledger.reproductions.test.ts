import type { PaymentTiming } from '@tableserve/contract/bill';
import type { BillView } from '@tableserve/contract/bills';
import type { OrderSummary } from '@tableserve/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOn } from '../../test/bills';
import { readMoneyRows, settledMoneyRows } from '../../test/ledger-rows';
import { addMenuItem, type Diner, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { staffTokenFor } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The changes to an order that carries money (docs/product/payments.md#order-changes), one
 * case each, with the figures the rules give to the cent: the cases the ledger's property test
 * (ledger.property.test.ts) found, kept as examples anyone can read. Everything goes through the
 * API and the built-in test provider, whose signed events are applied a moment after each answer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What staff read when a change meets money (docs/product/payments.md#order-changes). */
const PAYMENT_PENDING = 'A payment on this bill is being confirmed. Try again in a moment.';
const REFUND_NOT_ALLOWED = 'Only an owner or a manager can change an order that has been paid.';

type Headers = Record<string, string>;
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

let keys = 0;
const key = () => {
  keys += 1;
  return `reproduction-${keys}-abcdefgh`;
};

/** A restaurant paid as `timing` says, with these dishes (dollars) and, if given, a sales tax added to prices. */
async function restaurant(timing: PaymentTiming, dishes: Record<string, number>, taxPercent?: number) {
  const place = await ownerWithRestaurant(t, { number_of_tables: 8 });
  const settings = await api('PUT', `/restaurant/payment-settings/${place.restaurantId}`, place.owner.auth, {
    payment_timing: timing,
  });
  expect(settings.statusCode).toBe(200);
  if (taxPercent !== undefined) {
    const rate = await api('POST', `/restaurant/tax-rates/${place.restaurantId}`, place.owner.auth, {
      name: 'Sales tax',
      rate_percent: taxPercent,
      is_default: true,
    });
    expect(rate.statusCode).toBe(201);
  }
  const menu: Record<string, number> = {};
  for (const [name, price] of Object.entries(dishes)) {
    menu[name] = await addMenuItem(t, place, { item_name: name, price });
  }
  const diner = () => signUpDiner(t, place.restaurantId, { is_guest: true });
  const rid = place.restaurantId;
  const owner = place.owner.auth;

  return {
    ...place,
    menu,
    diner,
    async order(by: Diner, lines: Record<string, number>, table = 1) {
      const response = await api('POST', '/customer/place-order', by.auth, {
        restaurant_id: rid,
        order_items: Object.entries(lines).map(([name, quantity]) => ({
          menu_item_id: menu[name],
          quantity,
        })),
        order_type: 'dine-in',
        table_no: table,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { order_id: number; bill_id: number };
    },
    /** The bill as a diner who ordered on it reads it. */
    async bill(billId: number, by: Diner): Promise<BillView> {
      const response = await api('GET', `/bills/${billId}`, by.auth);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
    /** Pays and waits for the provider's confirmation; answers the payment. */
    async pay(billId: number, by: Diner, split: object, tip: object = { kind: 'none' }) {
      const { version } = await this.bill(billId, by);
      const response = await api(
        'POST',
        `/bills/${billId}/payments`,
        { ...by.auth, 'idempotency-key': key() },
        { version, split, tip, payment_method_id: 'pm_card_visa' },
      );
      expect(response.statusCode, response.body).toBe(202);
      await t.app.paymentEvents.drained();
      return response.json().payment as { payment_id: number; amount: number; tip: number };
    },
    cancel: (orderId: number, auth: Headers = owner) =>
      api('POST', `/kitchen/restaurant/${rid}/update-order-status/${orderId}`, auth, { status: 'Cancelled' }),
    remove: (orderId: number, auth: Headers = owner) =>
      api('DELETE', `/owner/restaurant/${rid}/delete-order/${orderId}`, auth),
    edit: (orderId: number, lines: Record<string, number>, auth: Headers = owner) =>
      api('PUT', `/customer/update-order/${orderId}`, auth, {
        order_items: Object.entries(lines).map(([name, quantity]) => ({
          menu_item_id: menu[name],
          quantity,
        })),
      }),
    /** The money rows once the server's work after its answer (an automatic refund) has landed. */
    rows: () => settledMoneyRows(t, rid, { stableReads: 3, gapMs: 20 }),
    /** The order's payment state as its diner's order page reads it. */
    async paymentState(orderId: number, by: Diner) {
      const response = await api('GET', `/customer/order-summary/${rid}/${orderId}`, by.auth);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as OrderSummary).payment_state as string | undefined;
    },
  };
}

type Rows = Awaited<ReturnType<typeof readMoneyRows>>;
/** An order's refunds as [amount, tip, reason, automatic, status], in cents. */
const refundsOf = (rows: Rows, orderId: number) =>
  rows.refunds
    .filter((refund) => refund.orderId === orderId)
    .map((refund) => [refund.amountCents, refund.tipCents, refund.reason, refund.automatic, refund.status]);
const billRow = (rows: Rows, billId: number) => rows.bills.find((bill) => bill.id === billId)!;
const orderRow = (rows: Rows, orderId: number) => rows.orders.find((order) => order.id === orderId)!;

describe('changing an order that carries money (docs/product/payments.md#order-changes)', () => {
  it('1. cancelling a Steak a diner paid for by items gives their $30.00 back; a Server may not cancel it', async () => {
    const p = await restaurant('end_of_meal', { Steak: 30, Soup: 10 });
    const ann = await p.diner();
    const bo = await p.diner();
    const soup = await p.order(ann, { Soup: 1 });
    const steak = await p.order(bo, { Steak: 1 });
    const bill = await p.bill(steak.bill_id, bo);
    const steakLine = bill.lines.find((line) => line.order_id === steak.order_id)!;
    const payment = await p.pay(steak.bill_id, bo, {
      kind: 'items',
      items: [{ order_item_id: steakLine.order_item_id, share_count: 1 }],
    });
    expect(payment.amount).toBe(30);

    const server = await staffTokenFor(t, p.restaurantId, 'server');
    const before = await p.rows();
    const refused = await p.cancel(steak.order_id, server.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REFUND_NOT_ALLOWED);
    expect(await p.rows()).toEqual(before);

    expect((await p.cancel(steak.order_id)).statusCode).toBe(200);
    const rows = await p.rows();
    expect(refundsOf(rows, steak.order_id)).toEqual([[3000, 0, 'Order cancelled', true, 'succeeded']]);
    expect(rows.refunds[0]!.paymentId).toBe(payment.payment_id);
    expect(await p.paymentState(steak.order_id, bo)).toBe('refunded');
    // The soup is still to pay, and nothing else.
    expect(await p.bill(steak.bill_id, ann)).toMatchObject({
      status: 'open',
      paid: 30,
      pending: 0,
      outstanding: 10,
    });
    expect(await p.paymentState(soup.order_id, ann)).toBe('unpaid');
  });

  it('2. table 8 paid $20.00 of chowder and oysters; cancelling the oysters gives $11.54 back and the bill is paid', async () => {
    const p = await restaurant('end_of_meal', { Chowder: 8.46, Oysters: 47.54 });
    const ann = await p.diner();
    const bo = await p.diner();
    const chowder = await p.order(ann, { Chowder: 1 }, 8);
    const oysters = await p.order(bo, { Oysters: 1 }, 8);
    expect(oysters.bill_id).toBe(chowder.bill_id);
    await p.pay(chowder.bill_id, ann, { kind: 'amount', amount: 20 });

    expect((await p.cancel(oysters.order_id)).statusCode).toBe(200);
    const rows = await p.rows();
    expect(refundsOf(rows, oysters.order_id)).toEqual([[1154, 0, 'Order cancelled', true, 'succeeded']]);
    expect(billRow(rows, chowder.bill_id).status).toBe('paid');
    expect(await p.bill(chowder.bill_id, ann)).toMatchObject({ status: 'paid', total: 8.46, outstanding: 0 });
    expect(await p.paymentState(chowder.order_id, ann)).toBe('paid');
    expect(await p.paymentState(oysters.order_id, bo)).toBe('refunded');
  });

  it('3. an order paid $35.32 when ordering, edited to one $6.63 tart, gives $28.69 back and stays paid', async () => {
    // New York's 8.875 % added: tart $6.09 + $0.54, duck $26.35 + $2.34.
    const p = await restaurant('order', { Tart: 6.09, Duck: 26.35 }, 8.875);
    const dana = await p.diner();
    const placed = await p.order(dana, { Tart: 1, Duck: 1 });
    expect((await p.bill(placed.bill_id, dana)).total).toBe(35.32);
    await p.pay(placed.bill_id, dana, { kind: 'all' });
    expect(await p.paymentState(placed.order_id, dana)).toBe('paid');

    const edited = await p.edit(placed.order_id, { Tart: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().order.total_amount).toBe(6.63);
    const rows = await p.rows();
    expect(refundsOf(rows, placed.order_id)).toEqual([[2869, 0, 'Order changed', true, 'succeeded']]);
    expect(await p.bill(placed.bill_id, dana)).toMatchObject({ status: 'paid', total: 6.63, outstanding: 0 });
    expect(await p.paymentState(placed.order_id, dana)).toBe('paid');
  });

  it('3b. a $30.00 Steak paid by items, alone on its table, edited to a $10.00 Soup gives $20.00 back and stays paid', async () => {
    const p = await restaurant('end_of_meal', { Steak: 30, Soup: 10 });
    const bo = await p.diner();
    const steak = await p.order(bo, { Steak: 1 });
    const [line] = (await p.bill(steak.bill_id, bo)).lines;
    await p.pay(steak.bill_id, bo, {
      kind: 'items',
      items: [{ order_item_id: line!.order_item_id, share_count: 1 }],
    });
    expect(billRow(await p.rows(), steak.bill_id).status).toBe('paid');

    expect((await p.edit(steak.order_id, { Soup: 1 })).statusCode).toBe(200);
    const rows = await p.rows();
    expect(refundsOf(rows, steak.order_id)).toEqual([[2000, 0, 'Order changed', true, 'succeeded']]);
    expect(billRow(rows, steak.bill_id).status).toBe('paid');
    expect(await p.paymentState(steak.order_id, bo)).toBe('paid');
  });

  it('4. a $1.09 order paid, edited up to $45.64, asks for $44.55 more and reads partly paid until it is paid', async () => {
    // 8.875 % added: bread $1.00 + $0.09, ribeye $40.92 + $3.63.
    const p = await restaurant('order', { Bread: 1, Ribeye: 40.92 }, 8.875);
    const dana = await p.diner();
    const placed = await p.order(dana, { Bread: 1 });
    await p.pay(placed.bill_id, dana, { kind: 'all' });
    expect(await p.bill(placed.bill_id, dana)).toMatchObject({ status: 'paid', total: 1.09 });

    const edited = await p.edit(placed.order_id, { Bread: 1, Ribeye: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().order.total_amount).toBe(45.64);
    await p.rows();
    expect(await p.bill(placed.bill_id, dana)).toMatchObject({
      status: 'open',
      total: 45.64,
      paid: 1.09,
      outstanding: 44.55,
    });
    expect(await p.paymentState(placed.order_id, dana)).toBe('partly_paid');
    expect(orderRow(await p.rows(), placed.order_id).paymentState).toBe('partly_paid');

    const rest = await p.pay(placed.bill_id, dana, { kind: 'amount', amount: 44.55 });
    expect(rest.amount).toBe(44.55);
    expect(await p.bill(placed.bill_id, dana)).toMatchObject({ status: 'paid', paid: 45.64, outstanding: 0 });
    expect(await p.paymentState(placed.order_id, dana)).toBe('paid');
  });

  it('5. an order half paid when ordering, cancelled by the sweep after 15 minutes, gets the half back, tip included', async () => {
    const p = await restaurant('order', { Pizza: 20 });
    const dana = await p.diner();
    const placed = await p.order(dana, { Pizza: 1 });
    const half = await p.pay(
      placed.bill_id,
      dana,
      { kind: 'amount', amount: 10 },
      { kind: 'amount', amount: 1.5 },
    );
    expect(half).toMatchObject({ amount: 10, tip: 1.5 });

    t.clock.advance(16 * 60_000);
    await t.app.unpaidOrdersSweep();
    const rows = await p.rows();
    expect(orderRow(rows, placed.order_id).status).toBe('Cancelled');
    // Nothing is due any more, so the tip goes back with the amount.
    expect(refundsOf(rows, placed.order_id)).toEqual([[1000, 150, 'Order cancelled', true, 'succeeded']]);
    expect(orderRow(rows, placed.order_id).paymentState).toBe('refunded');
    expect(await p.paymentState(placed.order_id, dana)).toBe('refunded');
  });

  it('6. while a payment of its bill is being confirmed, a cancel, a delete and an edit are refused and change nothing', async () => {
    const p = await restaurant('end_of_meal', { Pizza: 12.5, Soda: 2.25 });
    const dana = await p.diner();
    const placed = await p.order(dana, { Pizza: 1 });
    await paymentOn(t, { billId: placed.bill_id, restaurantId: p.restaurantId }, { amountCents: 500 });
    const before = await readMoneyRows(t, p.restaurantId);

    for (const response of [
      await p.cancel(placed.order_id),
      await p.remove(placed.order_id),
      await p.edit(placed.order_id, { Pizza: 1, Soda: 1 }),
      await p.edit(placed.order_id, { Soda: 1 }),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(PAYMENT_PENDING);
    }
    expect(await p.rows()).toEqual(before);
  });
});
