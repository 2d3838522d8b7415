import { orderServerMessages as text } from '@tableserve/contract/order';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, idempotencyKeys, menuItems, orderItems, orders } from '../../db/schema';
import { addMenuItem, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOrdersService } from './orders.service';
import { type OrderToWrite, writeOrders } from './place-order-statement';

/**
 * A diner's order paid at the counter is written by one statement (place-order-statement.ts);
 * whatever it cannot write, the transaction answers: the same answers, checks and locks as ever.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The diners' orders service on the app's own database, menus and events. */
const service = () =>
  createOrdersService({
    db: t.app.database.db,
    publishedMenus: t.app.publishedMenus,
    events: t.app.domainEvents,
    now: t.clock.now,
  });

const body = (restaurantId: number, items: Array<[number, number]>) => ({
  restaurant_id: restaurantId,
  order_items: items.map(([menu_item_id, quantity]) => ({ menu_item_id, quantity })),
  order_type: 'dine-in' as const,
  table_no: 1,
});

const db = () => t.app.database.db;
const stockOf = async (menuId: number) =>
  (await db().select().from(menuItems).where(eq(menuItems.id, menuId)))[0]?.stock;
const ordersOf = (restaurantId: number) =>
  db().select().from(orders).where(eq(orders.restaurantId, restaurantId));

describe('an order in one statement', () => {
  it('copies the diner’s name and phone as they read now, and writes the order and its lines', async () => {
    const place = await ownerWithRestaurant(t, { number_of_tables: 4 });
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
    const soda = await addMenuItem(t, place, { item_name: 'Soda', price: 2.25 });
    const diner = await signUpDiner(t, place.restaurantId, { customer_name: 'Dana' });
    await db()
      .update(customers)
      .set({ customerName: 'Dana Renamed' })
      .where(eq(customers.id, diner.customer_id));

    const outcome = await service().place(
      diner.customer_id,
      body(place.restaurantId, [
        [soda, 1],
        [pizza, 2],
      ]),
      'one-statement-0001',
    );
    const [row] = await ordersOf(place.restaurantId);
    expect(outcome).toEqual({
      status: 201,
      body: { message: text.placed, order_id: row!.id, status: 'Pending', total_amount: 27.25 },
    });
    expect(row).toMatchObject({ customerName: 'Dana Renamed', phoneNumber: '5125550100', totalCents: 2725 });
    const lines = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, row!.id))
      .orderBy(orderItems.id);
    expect(lines.map((line) => [line.productName, line.quantity, line.stockTaken])).toEqual([
      ['Soda', 1, 0],
      ['Pizza', 2, 0],
    ]);
    // The key holds the very answer, for a retry.
    const [key] = await db()
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'one-statement-0001'));
    expect({ status: key!.responseStatus, body: key!.responseBody }).toEqual(outcome);
  });

  it('refuses the order of a diner who no longer exists with a 404, remembered under its key, writing nothing else', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 5 });
    const diner = await signUpDiner(t, place.restaurantId);
    await db().delete(customers).where(eq(customers.id, diner.customer_id));

    const refusal = { status: 404, body: { message: text.notFound, code: 'CUSTOMER_NOT_FOUND' } };
    const order = body(place.restaurantId, [[pizza, 2]]);
    expect(await service().place(diner.customer_id, order, 'gone-diner-0001')).toEqual(refusal);
    expect(await service().place(diner.customer_id, order, 'gone-diner-0001')).toEqual(refusal);
    expect(await service().place(diner.customer_id, order, undefined)).toEqual(refusal);
    expect(await ordersOf(place.restaurantId)).toEqual([]);
    expect(await stockOf(pizza)).toBe(5);
  });

  it('takes a count set behind the published menu’s back: the items are locked, not the cache believed', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12 });
    const [first, second] = await Promise.all([
      signUpDiner(t, place.restaurantId),
      signUpDiner(t, place.restaurantId),
    ]);
    // The menu is published with Pizza uncounted, then the count changes with no invalidation.
    expect(
      (await service().place(first!.customer_id, body(place.restaurantId, [[pizza, 1]]), undefined)).status,
    ).toBe(201);
    await db().update(menuItems).set({ stock: 3 }).where(eq(menuItems.id, pizza));

    const placed = await service().place(
      second!.customer_id,
      body(place.restaurantId, [[pizza, 2]]),
      undefined,
    );
    expect(placed.status).toBe(201);
    expect(await stockOf(pizza)).toBe(1);
    const orderId = (placed.body as { order_id: number }).order_id;
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line!.stockTaken).toBe(2);

    const refused = await service().place(
      second!.customer_id,
      body(place.restaurantId, [[pizza, 2]]),
      'short-0001',
    );
    expect(refused).toEqual({ status: 409, body: { message: text.onlyLeft('Pizza', 1), code: 'SOLD_OUT' } });
    expect(await stockOf(pizza)).toBe(1);

    // A refusal is remembered: the same key after the kitchen found more is refused alike.
    await db().update(menuItems).set({ stock: 10 }).where(eq(menuItems.id, pizza));
    expect(
      await service().place(second!.customer_id, body(place.restaurantId, [[pizza, 2]]), 'short-0001'),
    ).toEqual(refused);
    expect(await stockOf(pizza)).toBe(10);
  });

  it('gives simultaneous retries of one key one order, one answer and one take of the count', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 20 });
    const diner = await signUpDiner(t, place.restaurantId);
    const order = body(place.restaurantId, [[pizza, 3]]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => service().place(diner.customer_id, order, 'ten-retries-0001')),
    );
    const [row] = await ordersOf(place.restaurantId);
    expect(answers).toEqual(
      Array(10).fill({
        status: 201,
        body: { message: text.placed, order_id: row!.id, status: 'Pending', total_amount: 36 },
      }),
    );
    expect(await ordersOf(place.restaurantId)).toHaveLength(1);
    expect(await stockOf(pizza)).toBe(17);

    // The key with another cart is a client's bug, not a retry.
    await expect(
      service().place(diner.customer_id, body(place.restaurantId, [[pizza, 1]]), 'ten-retries-0001'),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'This Idempotency-Key was already used for a different request',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await stockOf(pizza)).toBe(17);
  });
});

describe('orders written together, one statement for a batch', () => {
  /** A diner's order as the statement takes it: `items` are [menu item, quantity], at $10 each. */
  const draft = (
    restaurantId: number,
    customerId: number,
    items: Array<[number, number]>,
    key?: string,
  ): OrderToWrite => {
    const cents = items.reduce((sum, [, quantity]) => sum + quantity * 1000, 0);
    const at = t.clock.now();
    return {
      claim: key ? { scope: `orders:${customerId}`, key, requestHash: 'hash' } : undefined,
      order: {
        restaurantId,
        customerId,
        status: 'Pending',
        orderType: 'dine-in',
        tableNumber: 1,
        totalCents: cents,
        subtotalCents: cents,
        taxCents: 0,
        taxIncluded: false,
        serviceCents: 0,
        createdAt: at,
        updatedAt: at,
      },
      lines: items.map(([menuItemId, quantity]) => ({
        menuItemId,
        productName: 'Dish',
        unitPriceCents: 1000,
        quantity,
        options: [],
        taxName: null,
        taxRate: 0,
        taxCents: 0,
        serviceCents: 0,
      })),
      answer: { message: text.placed },
    };
  };

  it('writes each order on its own terms: a gone diner, a key used, too few left are not written, the rest are', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 10 });
    const cake = await addMenuItem(t, place, { item_name: 'Cake', price: 10, stock: 5 });
    const tart = await addMenuItem(t, place, { item_name: 'Tart', price: 10, stock: 1 });
    const [dana, gone, lee] = await Promise.all([1, 2, 3].map(() => signUpDiner(t, place.restaurantId)));
    await db().delete(customers).where(eq(customers.id, gone!.customer_id));
    const id = place.restaurantId;

    const written = await writeOrders(db(), [
      draft(id, dana!.customer_id, [[pizza, 2]], 'batch-key-0001'),
      draft(id, gone!.customer_id, [[pizza, 1]]),
      draft(id, dana!.customer_id, [[pizza, 3]], 'batch-key-0001'),
      draft(id, lee!.customer_id, [
        [cake, 2],
        [pizza, 1],
      ]),
      draft(id, lee!.customer_id, [[tart, 2]]),
    ]);

    expect(written.map((order) => order?.row.totalCents)).toEqual([
      2000,
      undefined,
      undefined,
      3000,
      undefined,
    ]);
    expect(written[3]!.stockChanged).toEqual([{ id: cake, name: 'Cake', stock: 3, before: 5 }]);
    expect(written[0]!.stockChanged).toEqual([]);
    expect((await ordersOf(id)).map((row) => row.id).sort()).toEqual(
      [written[0]!.row.id, written[3]!.row.id].sort(),
    );
    expect([await stockOf(cake), await stockOf(tart)]).toEqual([3, 1]);
    const lines = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, written[3]!.row.id))
      .orderBy(orderItems.id);
    expect(lines.map((line) => [line.menuItemId, line.quantity, line.stockTaken])).toEqual([
      [cake, 2, 2],
      [pizza, 1, 0],
    ]);
    // The key records the order that claimed it, the first of the two.
    const [key] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'batch-key-0001'));
    expect(key!.responseBody).toEqual({ message: text.placed, order_id: written[0]!.row.id });
  });

  it('writes neither of two orders that want one counted item, each checked against the count before both', async () => {
    const place = await ownerWithRestaurant(t);
    const cake = await addMenuItem(t, place, { item_name: 'Cake', price: 10, stock: 5 });
    const [dana, lee] = await Promise.all([1, 2].map(() => signUpDiner(t, place.restaurantId)));
    const first = draft(place.restaurantId, dana!.customer_id, [[cake, 3]]);
    const second = draft(place.restaurantId, lee!.customer_id, [[cake, 3]]);

    expect(await writeOrders(db(), [first, second])).toEqual([undefined, undefined]);
    expect(await stockOf(cake)).toBe(5);
    // Alone, the first is written and the second is short.
    expect((await writeOrders(db(), [first]))[0]?.stockChanged).toEqual([
      { id: cake, name: 'Cake', stock: 2, before: 5 },
    ]);
    expect(await writeOrders(db(), [second])).toEqual([undefined]);
  });

  it('commits a rush of diners’ orders in fewer transactions than orders, every answer its own', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 10 });
    const cake = await addMenuItem(t, place, { item_name: 'Cake', price: 10, stock: 8 });
    const diners = await Promise.all(Array.from({ length: 12 }, () => signUpDiner(t, place.restaurantId)));
    const orders = service();

    // Every diner asks for a cake and a pizza, at once; 8 cakes are left.
    const answers = await Promise.all(
      diners.map((diner, index) =>
        orders.place(
          diner.customer_id,
          body(place.restaurantId, [
            [pizza, 1],
            [cake, 1],
          ]),
          `rush-${index}-0001`,
        ),
      ),
    );
    // And a rush of pizzas alone, three a diner, whose batches nothing holds back.
    const pizzas = await Promise.all(
      [...diners, ...diners, ...diners].map((diner) =>
        orders.place(diner.customer_id, body(place.restaurantId, [[pizza, 3]]), undefined),
      ),
    );

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(8);
    expect(answers.filter((answer) => answer.status === 409)).toEqual(
      Array(4).fill({ status: 409, body: { message: text.soldOut('Cake'), code: 'SOLD_OUT' } }),
    );
    expect(pizzas.map((answer) => answer.status)).toEqual(Array(36).fill(201));
    expect(await stockOf(cake)).toBe(0);
    expect(await ordersOf(place.restaurantId)).toHaveLength(8 + 36);
    // Orders of one statement share its transaction (xmin): the rush took fewer commits than orders.
    const result = await db().execute(
      sql`select count(distinct xmin::text)::int as commits from orders
        where restaurant_id = ${place.restaurantId} and total_cents = 3000`,
    );
    const [{ commits }] = (result as unknown as { rows: [{ commits: number }] }).rows;
    expect(commits).toBeLessThan(36);
  });
});
