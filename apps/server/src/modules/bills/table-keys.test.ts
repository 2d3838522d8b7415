import { type BillView, billMessages, type PayBillResponse } from '@tableserve/contract/bills';
import type { TableCodesResponse } from '@tableserve/contract/menu';
import { TEST_PAYMENT_METHODS } from '@tableserve/contract/subscription';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayments, orders, restaurants } from '../../db/schema';
import { addMenuItem, type Diner, placeDinerOrder, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant, setPaymentTiming, tableKeyFor } from '../../test/restaurants';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

/**
 * A table's bill opens with its card's key (docs/decisions/025-table-keys.md, SECURITY.md): the
 * menu token and a table number, which the restaurant's menu link gives anyone, open no bill; a
 * wrong or missing key is answered exactly as a table with no open bill; Replace all codes retires
 * every key printed so far. A diner who ordered keeps their own bill by their login.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Code = { token: string; table: string; key?: string };

/** A restaurant paid at the end of the meal, with 6 tables and pizza at $12.50. */
async function restaurant() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 6 });
  await setPaymentTiming(t, place.restaurantId, 'end_of_meal');
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  /** Table `table`'s card: the menu token, the table and its key now. */
  const card = async (table: number): Promise<Code> => ({
    token: place.token,
    table: String(table),
    key: await tableKeyFor(t, place.restaurantId, table),
  });
  /** A new diner's order of `quantity` pizzas at `table`; answers the diner and the bill's id. */
  const order = async (table: number, quantity = 1) => {
    const diner = await signUpDiner(t, place.restaurantId);
    const orderId = await placeDinerOrder(t, diner, place.restaurantId, [{ menu_item_id: pizza, quantity }], {
      table_no: table,
    });
    const [row] = await t.app.database.db
      .select({ billId: orders.billId })
      .from(orders)
      .where(eq(orders.id, orderId));
    return { diner, orderId, billId: row!.billId! };
  };
  return { ...place, pizza, card, order };
}

const query = (code: Code) => new URLSearchParams(code).toString();
const tableBill = (code: Code, diner?: Diner) =>
  t.app.inject({ method: 'GET', url: `/api/v1/table-bill?${query(code)}`, headers: diner?.auth ?? {} });
const billById = (billId: number, code: Code) =>
  t.app.inject({ method: 'GET', url: `/api/v1/bills/${billId}?${query(code)}` });
/** What a caller can tell apart: the status, the body and its type. */
const seen = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  type: response.headers['content-type'],
  body: response.json(),
});
const noOpenBill = {
  status: 404,
  type: 'application/json; charset=utf-8',
  body: { message: billMessages.noOpenBill, code: 'NO_OPEN_BILL' },
};
const notFound = {
  status: 404,
  type: 'application/json; charset=utf-8',
  body: { message: billMessages.notFound, code: 'BILL_NOT_FOUND' },
};
const withoutKey = ({ key: _key, ...code }: Code): Code => code;

let payments = 0;
const pay = (
  billId: number,
  tableCode: Code,
  version: number,
  card: string = TEST_PAYMENT_METHODS.succeeds,
) => {
  payments += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/bills/${billId}/payments`,
    headers: { 'idempotency-key': `table-key-pay-${payments}-abcdefgh` },
    payload: {
      table_code: tableCode,
      version,
      split: { kind: 'amount', amount: 5 },
      tip: { kind: 'none' },
      payment_method_id: card,
    },
  });
};
const paymentRows = (billId: number) =>
  t.app.database.db.select().from(billPayments).where(eq(billPayments.billId, billId));

describe("a table's bill and its card's key", () => {
  it('opens with the link printed on its card, and not with the menu link and its table number', async () => {
    const place = await restaurant();
    const { billId } = await place.order(3, 2);
    const codes = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/menu/table-codes/${place.restaurantId}`,
        headers: place.owner.auth,
      })
    ).json() as TableCodesResponse;
    const printed = new URL(codes.codes.find((code) => code.table_no === 3)!.link);
    expect(`${printed.origin}${printed.pathname}`).toBe(`${TEST_PUBLIC_URL}/menu-display`);
    expect([...printed.searchParams.keys()]).toEqual(['token', 'table', 'key']);
    // 96 bits, base64url: 16 characters.
    expect(printed.searchParams.get('key')).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(codes.codes.map((code) => new URL(code.link).searchParams.get('key'))).size).toBe(6);

    const scanned = Object.fromEntries(printed.searchParams) as Code;
    const opened = await tableBill(scanned);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ bill_id: billId, table_number: 3, total: 25 });
    expect((await billById(billId, scanned)).statusCode).toBe(200);

    // The restaurant's menu link with the table added by hand: no key, no bill.
    const menuLink = withoutKey(scanned);
    expect(seen(await tableBill(menuLink))).toEqual(noOpenBill);
    expect(seen(await billById(billId, menuLink))).toEqual(notFound);
    // The menu link alone names no table: refused before any bill is looked at.
    const bare = await t.app.inject({ method: 'GET', url: `/api/v1/table-bill?token=${place.token}` });
    expect(bare.statusCode).toBe(400);
  });

  it("does not open table 4's bill with table 3's key, nor table 3's with table 4's", async () => {
    const place = await restaurant();
    const three = await place.order(3);
    const four = await place.order(4);
    expect(four.billId).not.toBe(three.billId);
    const [cardThree, cardFour] = [await place.card(3), await place.card(4)];
    expect((await tableBill(cardThree)).json().bill_id).toBe(three.billId);
    expect((await tableBill(cardFour)).json().bill_id).toBe(four.billId);

    const fourWithKeyOfThree = { ...cardFour, key: cardThree.key };
    expect(seen(await tableBill(fourWithKeyOfThree))).toEqual(noOpenBill);
    expect(seen(await billById(four.billId, fourWithKeyOfThree))).toEqual(notFound);
    // Table 3's whole card, on table 4's bill by its id.
    expect(seen(await billById(four.billId, cardThree))).toEqual(notFound);
    expect(seen(await billById(three.billId, cardFour))).toEqual(notFound);
  });

  it('answers a wrong or missing key exactly as a table with no open bill, and a bill that does not exist', async () => {
    const place = await restaurant();
    const { billId } = await place.order(2);
    const cardTwo = await place.card(2);
    // Table 5 has no bill: its own card is told so.
    const empty = seen(await tableBill(await place.card(5)));
    expect(empty).toEqual(noOpenBill);
    for (const code of [
      withoutKey(cardTwo),
      { ...cardTwo, key: 'A'.repeat(16) },
      { ...cardTwo, key: cardTwo.key!.slice(0, -1) },
      { ...cardTwo, key: `${cardTwo.key}A` },
      { ...cardTwo, key: (await place.card(6)).key },
    ]) {
      expect(seen(await tableBill(code)), JSON.stringify(code)).toEqual(empty);
      expect(seen(await billById(billId, code)), JSON.stringify(code)).toEqual(
        seen(await billById(2_000_000_000, cardTwo)),
      );
    }
  });

  it('keeps the diner who ordered on their own bill by their login, and no one else, from a card without a key', async () => {
    const place = await restaurant();
    const { diner, billId } = await place.order(2);
    const menuLink = withoutKey(await place.card(2));
    const own = await tableBill(menuLink, diner);
    expect(own.statusCode).toBe(200);
    expect((own.json() as BillView).bill_id).toBe(billId);
    const stranger = await signUpDiner(t, place.restaurantId);
    expect(seen(await tableBill(menuLink, stranger))).toEqual(noOpenBill);
    // Their login opens no other table's bill, whatever table the link names.
    await place.order(3);
    expect(seen(await tableBill({ ...menuLink, table: '3' }, diner))).toEqual(noOpenBill);
  });

  it('refuses paying and cancelling with a wrong or missing key, leaving the bill as it was', async () => {
    const place = await restaurant();
    const { billId } = await place.order(2, 2);
    const cardTwo = await place.card(2);
    const before = (await tableBill(cardTwo)).json() as BillView;
    for (const code of [withoutKey(cardTwo), { ...cardTwo, key: (await place.card(3)).key }]) {
      expect(seen(await pay(billId, code, before.version))).toEqual(notFound);
    }
    expect(await paymentRows(billId)).toEqual([]);
    expect((await tableBill(cardTwo)).json()).toEqual(before);

    // A payment waiting for 3-D Secure, made with the card: only the card (and its receipt token) cancels it.
    const made = await pay(billId, cardTwo, before.version, TEST_PAYMENT_METHODS.authenticationRequired);
    expect(made.statusCode).toBe(202);
    const { payment } = made.json() as PayBillResponse;
    const during = (await tableBill(cardTwo)).json() as BillView;
    const cancel = (code: Code) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/bills/${billId}/payments/${payment.payment_id}/cancel`,
        payload: { table_code: code, receipt_token: payment.receipt_token },
      });
    const answer = (code: Code) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/bills/${billId}/payments/${payment.payment_id}/test-authentication`,
        payload: { table_code: code, receipt_token: payment.receipt_token, outcome: 'complete' },
      });
    for (const code of [withoutKey(cardTwo), { ...cardTwo, key: 'A'.repeat(16) }]) {
      expect(seen(await cancel(code))).toEqual(notFound);
      expect(seen(await answer(code))).toEqual(notFound);
    }
    expect((await paymentRows(billId)).map((row) => row.status)).toEqual(['pending']);
    expect((await tableBill(cardTwo)).json()).toEqual(during);
    expect((await cancel(cardTwo)).statusCode).toBe(200);
  });

  it('retires every key printed so far when the owner replaces all codes', async () => {
    const place = await restaurant();
    const { billId } = await place.order(2);
    const old = await place.card(2);
    expect((await tableBill(old)).statusCode).toBe(200);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/menu/rotate-qr-token',
      headers: place.owner.auth,
      payload: { restaurant_id: place.restaurantId, token: place.token },
    });
    expect(rotated.statusCode).toBe(200);
    const token = rotated.json().token as string;
    const fresh = { token, table: '2', key: await tableKeyFor(t, place.restaurantId, 2) };
    expect(fresh.key).not.toBe(old.key);

    // The old card, and its key under the new token: as a table with no bill.
    expect(seen(await tableBill(old))).toEqual(noOpenBill);
    expect(seen(await tableBill({ ...fresh, key: old.key }))).toEqual(noOpenBill);
    expect(seen(await billById(billId, { ...fresh, key: old.key }))).toEqual(notFound);
    expect(seen(await pay(billId, { ...fresh, key: old.key }, 1))).toEqual(notFound);
    // The new card opens it.
    expect((await tableBill(fresh)).json().bill_id).toBe(billId);
    expect((await billById(billId, fresh)).statusCode).toBe(200);
  });

  it("never sends the restaurant's table secret", async () => {
    const place = await restaurant();
    const [row] = await t.app.database.db
      .select({ secret: restaurants.tableSecret })
      .from(restaurants)
      .where(eq(restaurants.id, place.restaurantId));
    expect(row!.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answers = await Promise.all([
      t.app.inject({
        method: 'GET',
        url: `/api/v1/restaurant/get-restaurant/${place.restaurantId}`,
        headers: place.owner.auth,
      }),
      t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${place.token}?table=2` }),
      t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${place.restaurantId}` }),
      t.app.inject({
        method: 'GET',
        url: `/api/v1/menu/table-codes/${place.restaurantId}`,
        headers: place.owner.auth,
      }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(row!.secret);
    }
  });
});
