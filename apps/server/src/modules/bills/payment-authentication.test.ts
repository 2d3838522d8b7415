import {
  AUTHENTICATION_TIMEOUT_MINUTES,
  type BillView,
  billMessages,
  type PayBillResponse,
} from '@tableserve/contract/bills';
import { TEST_PAYMENT_METHODS } from '@tableserve/contract/subscription';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayments } from '../../db/schema';
import { addMenuItem, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant, setPaymentTiming, tableKeyFor } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestPaymentProvider } from '../subscriptions/payments/test-provider';
import { createBillsService } from './bills.service';

// 3-D Secure with the built-in test provider (docs/product/payments.md#online-payment):
// pm_card_threeDSecure2Required waits for the payer's challenge; the page answers it through
// test-authentication, or cancels it; a sweep lets go of those never answered.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let keys = 0;

/** Table 1's open bill: pizza ($12.50, Ann's) and soda ($2.25, Bo's), paid at the end of the meal. */
async function table() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 2 });
  await setPaymentTiming(t, place.restaurantId, 'end_of_meal');
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  const soda = await addMenuItem(t, place, { item_name: 'Soda', price: 2.25, category: 'Beverage' });
  const order = async (menuItemId: number) => {
    const diner = await signUpDiner(t, place.restaurantId);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers: diner.auth,
      payload: {
        restaurant_id: place.restaurantId,
        order_items: [{ menu_item_id: menuItemId, quantity: 1 }],
        order_type: 'dine-in',
        table_no: 1,
      },
    });
    expect(placed.statusCode).toBe(201);
    return { diner, billId: placed.json().bill_id as number };
  };
  const ann = await order(pizza);
  const bo = await order(soda);
  const billId = ann.billId;
  const code = { token: place.token, table: '1', key: await tableKeyFor(t, place.restaurantId, 1) };
  const read = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/bills/${billId}?${new URLSearchParams(code)}`,
      })
    ).json() as BillView;
  /** Pays the pizza with `card`, by the table's code; answers the 202's body. */
  const payPizza = async (
    card: string = TEST_PAYMENT_METHODS.authenticationRequired,
    retry?: { idempotencyKey: string; version: number },
  ) => {
    const bill = await read();
    keys += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bills/${billId}/payments`,
      headers: { 'idempotency-key': retry?.idempotencyKey ?? `3ds-key-${keys}-abcdefgh` },
      payload: {
        table_code: code,
        version: retry?.version ?? bill.version,
        split: { kind: 'items', items: [{ order_item_id: bill.lines[0]!.order_item_id, share_count: 1 }] },
        tip: { kind: 'amount', amount: 1.5 },
        payment_method_id: card,
      },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json() as PayBillResponse;
  };
  const post = (paid: PayBillResponse, action: 'cancel' | 'test-authentication', body: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/bills/${billId}/payments/${paid.payment.payment_id}/${action}`,
      payload: { table_code: code, receipt_token: paid.payment.receipt_token, ...body },
    });
  const row = async (paid: PayBillResponse) =>
    (
      await t.app.database.db.select().from(billPayments).where(eq(billPayments.id, paid.payment.payment_id))
    )[0]!;
  return { place, ann, bo, billId, code, read, payPizza, post, row };
}

describe('a card whose bank asks for 3-D Secure, with the test provider', () => {
  it('stays pending with its amount and share held, and the answer carries the challenge’s client secret', async () => {
    const bill = await table();
    const paid = await bill.payPizza();
    expect(paid.payment).toMatchObject({
      status: 'pending',
      amount: 12.5,
      tip: 1.5,
      charged: 14,
      next_action: { type: 'authenticate', client_secret: expect.stringMatching(/^pi_3ds_test_.+_secret_/) },
    });
    expect(paid.bill).toMatchObject({ pending: 12.5, outstanding: 2.25 });
    await t.app.paymentEvents.drained();
    // Nothing confirms it before the diner answers the challenge.
    expect(await bill.read()).toMatchObject({ status: 'open', pending: 12.5, paid: 0, outstanding: 2.25 });
    expect(await bill.row(paid)).toMatchObject({
      status: 'pending',
      providerPaymentId: paid.payment.next_action!.client_secret.split('_secret_')[0],
    });
    // The payment's own read never shows the client secret.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/bills/${bill.billId}/payments/${paid.payment.payment_id}?token=${bill.code.token}&table=1`,
    });
    expect(read.json()).not.toHaveProperty('next_action');
  });

  it('answers a retried Pay with the same challenge, charged once', async () => {
    const bill = await table();
    const retry = { idempotencyKey: 'same-3ds-key-abcdefgh', version: (await bill.read()).version };
    const first = await bill.payPizza(undefined, retry);
    const again = await bill.payPizza(undefined, retry);
    expect(again.payment).toEqual(first.payment);
    expect(await bill.read()).toMatchObject({ pending: 12.5 });
  });

  it('is confirmed by the provider’s signed event once the payer completes the challenge', async () => {
    const bill = await table();
    const paid = await bill.payPizza();
    const answered = await bill.post(paid, 'test-authentication', { outcome: 'complete' });
    expect(answered.statusCode).toBe(202);
    expect(answered.json()).toMatchObject({ payment_id: paid.payment.payment_id, status: 'pending' });
    await t.app.paymentEvents.drained();
    expect(await bill.row(paid)).toMatchObject({ status: 'succeeded', cardLast4: '3184' });
    expect(await bill.read()).toMatchObject({ paid: 12.5, pending: 0, outstanding: 2.25 });
    // Answered once: a second answer, or cancelling it now, changes nothing.
    const twice = await bill.post(paid, 'test-authentication', { outcome: 'fail' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(billMessages.notAwaitingAuthentication);
    expect((await bill.post(paid, 'cancel')).statusCode).toBe(409);
    expect(await bill.row(paid)).toMatchObject({ status: 'succeeded' });
  });

  it('is refused with Stripe’s text, its share free again, when the payer fails the challenge', async () => {
    const bill = await table();
    const paid = await bill.payPizza();
    expect((await bill.post(paid, 'test-authentication', { outcome: 'fail' })).statusCode).toBe(202);
    await t.app.paymentEvents.drained();
    expect(await bill.row(paid)).toMatchObject({
      status: 'failed',
      failureMessage: billMessages.authenticationFailed,
    });
    expect(await bill.read()).toMatchObject({ pending: 0, outstanding: 14.75 });
  });

  it('is cancelled at once when its payer closes the challenge, and another diner pays that share straight away', async () => {
    const bill = await table();
    const paid = await bill.payPizza();
    const before = await bill.read();
    const cancelled = await bill.post(paid, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'failed',
      failure_message: billMessages.authenticationCancelled,
    });
    const after = await bill.read();
    expect(after).toMatchObject({ pending: 0, outstanding: 14.75, version: before.version + 1 });
    expect(after.lines[0]!.shares_taken).toEqual([]);
    // The table may answer the challenge no longer; the pizza is Bo's to pay now.
    expect((await bill.post(paid, 'test-authentication', { outcome: 'complete' })).statusCode).toBe(409);
    const bo = await bill.payPizza(TEST_PAYMENT_METHODS.succeeds);
    await t.app.paymentEvents.drained();
    expect(await bill.row(bo)).toMatchObject({ status: 'succeeded' });
    expect(await bill.row(paid)).toMatchObject({ status: 'failed' });
  });

  it('is its payer’s alone to cancel or answer: the receipt token and the table’s access', async () => {
    const bill = await table();
    const paid = await bill.payPizza();
    const other = await table();
    const wrongToken = await bill.post(paid, 'cancel', { receipt_token: 'x'.repeat(43) });
    expect(wrongToken.statusCode).toBe(404);
    expect(wrongToken.json().message).toBe(billMessages.notFound);
    const otherTable = await bill.post(paid, 'test-authentication', {
      outcome: 'complete',
      table_code: other.code,
    });
    expect(otherTable.statusCode).toBe(404);
    expect((await bill.post(paid, 'cancel', { table_code: { ...bill.code, table: '2' } })).statusCode).toBe(
      404,
    );
    // The menu link alone (no key) and a key that is not the table's: as the other table.
    const { key: _key, ...menuLink } = bill.code;
    for (const table_code of [menuLink, { ...bill.code, key: other.code.key }]) {
      const refused = await bill.post(paid, 'cancel', { table_code });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: billMessages.notFound, code: 'BILL_NOT_FOUND' });
    }
    expect(await bill.row(paid)).toMatchObject({ status: 'pending' });
    // Ann ordered on the bill: her own token opens it, the payment still needs its receipt token.
    const withoutCode = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bills/${bill.billId}/payments/${paid.payment.payment_id}/cancel`,
      headers: bill.ann.diner.auth,
      payload: { receipt_token: paid.payment.receipt_token },
    });
    expect(withoutCode.statusCode).toBe(200);
  });

  it('cannot cancel a payment that never waited for authentication', async () => {
    const bill = await table();
    const paid = await bill.payPizza(TEST_PAYMENT_METHODS.succeeds);
    const refused = await bill.post(paid, 'cancel');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOT_AWAITING_AUTHENTICATION');
    await t.app.paymentEvents.drained();
    expect(await bill.row(paid)).toMatchObject({ status: 'succeeded' });
  });

  it(`lets go of a challenge nobody answered in ${AUTHENTICATION_TIMEOUT_MINUTES} minutes, freeing its share`, async () => {
    // The app's own sweep runs on a timer (off in tests); this one shares its database and clock.
    const sweep = () =>
      createBillsService({
        db: t.app.database.db,
        now: t.clock.now,
        events: t.app.domainEvents,
        provider: createTestPaymentProvider({ failRenewals: false }),
      }).sweepAbandonedAuthentications();
    const bill = await table();
    const abandoned = await bill.payPizza();
    t.clock.advance((AUTHENTICATION_TIMEOUT_MINUTES - 1) * 60 * 1000);
    const young = await (await table()).payPizza();
    await sweep();
    expect(await bill.row(abandoned)).toMatchObject({ status: 'pending' });

    t.clock.advance(2 * 60 * 1000);
    const counts = await sweep();
    expect(counts).toMatchObject({ failed: 0 });
    expect(counts.cancelled).toBeGreaterThanOrEqual(1);
    expect(await bill.row(abandoned)).toMatchObject({
      status: 'failed',
      failureMessage: billMessages.authenticationExpired,
    });
    expect(await bill.read()).toMatchObject({ pending: 0, outstanding: 14.75 });
    expect(
      (
        await t.app.database.db
          .select()
          .from(billPayments)
          .where(eq(billPayments.id, young.payment.payment_id))
      )[0],
    ).toMatchObject({ status: 'pending' });
  });
});
