import { menuMessages, STOCK_MAX, stockMessages } from '@tableserve/contract/menu';
import { orderServerMessages } from '@tableserve/contract/order';
import { SOCKET_OPTIONS } from '@tableserve/contract/realtime';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, orderItems, orders } from '../../db/schema';
import { addMenuItem, type Diner, signUpDiner } from '../../test/orders';
import { expireSubscription, type Owner, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * docs/decisions/015-stock-and-sold-out.md: an optional count of portions per item, taken by orders in their own
 * transaction and never below zero, and the kitchen's one tap that sells an item out (or brings
 * it back), which open menus hear at once.
 */

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

type Place = Awaited<ReturnType<typeof ownerWithRestaurant>>;

const api = (method: 'GET' | 'POST', url: string, owner?: Owner, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: owner?.auth ?? {}, ...(payload ? { payload } : {}) });

const itemBody = (restaurantId: number, overrides: object = {}) => ({
  item_name: 'Pizza',
  description: 'Wood-fired.',
  price: 12,
  category: 'MainCourse',
  restaurant_id: restaurantId,
  ...overrides,
});
const stockOf = async (menuId: number) =>
  (await t.app.database.db.select().from(menuItems).where(eq(menuItems.id, menuId)))[0]?.stock;
const dinerMenu = async (restaurantId: number) =>
  ((await api('GET', `/customer/display-menu/${restaurantId}`)).json().menu as Record<string, unknown>[]).map(
    (item) => item.item_name,
  );
const setSoldOut = (owner: Owner, menuId: number, body: object) =>
  api('POST', `/menu/sold-out/${menuId}`, owner, body);
const setStatus = (place: Place, orderId: number, status: string) =>
  api('POST', `/kitchen/restaurant/${place.restaurantId}/update-order-status/${orderId}`, place.owner, {
    status,
  });
const remove = (place: Place, orderId: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/owner/restaurant/${place.restaurantId}/delete-order/${orderId}`,
    headers: place.owner.auth,
  });
/** The owner's "Portions left" in Menu Management (the Pizza of `itemBody`). */
const setCount = (place: Place, menuId: number, stock: number | null) =>
  api('POST', `/menu/update-menu-item/${menuId}`, place.owner, itemBody(place.restaurantId, { stock }));

let requests = 0;
/** A diner's order, answered as is (status and body); each from its own key and address. */
async function order(diner: Diner, restaurantId: number, items: Array<[number, number]>, key?: string) {
  requests += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    remoteAddress: `10.60.${Math.floor(requests / 250)}.${(requests % 250) + 1}`,
    headers: { ...diner.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      restaurant_id: restaurantId,
      order_items: items.map(([menu_item_id, quantity]) => ({ menu_item_id, quantity })),
      order_type: 'dine-in',
      table_no: 1,
    },
  });
  return { status: response.statusCode, body: response.json() as { message: string; order_id?: number } };
}

/** Diners enough to stay under the per-diner order limit however many orders a test sends. */
const diners = (place: Place, count: number) =>
  Promise.all(Array.from({ length: count }, () => signUpDiner(t, place.restaurantId)));

/** An open menu's socket (no login, query menu), connected, and the sold-out changes it hears. */
async function openMenu(restaurantId: number | string) {
  const socket = connect(address, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    reconnection: false,
    query: { menu: restaurantId },
  });
  const heard: Array<{ menu_id: number; sold_out: boolean; item?: Record<string, unknown> }> = [];
  const heardOrders: string[] = [];
  socket.on('menu_item_sold_out', (payload: string) => heard.push(JSON.parse(payload)));
  socket.on('new_order', (payload: string) => heardOrders.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, heard, heardOrders };
}

async function eventually(check: () => void, ms = 3000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe("an item's count on the owner's form", () => {
  it('is stored and listed to the owner, never shown to diners, kept when absent and cleared by null', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const added = await api('POST', '/menu/add-menu-item', owner, itemBody(restaurantId, { stock: 8 }));
    expect(added.statusCode).toBe(201);
    const menuId = added.json().data.menu_id as number;
    expect(added.json().data).toMatchObject({ stock: 8 });
    expect((await api('GET', `/menu/get-menu-items/${restaurantId}`, owner)).json().data[0]).toMatchObject({
      stock: 8,
    });
    const shown = (await api('GET', `/customer/display-menu/${restaurantId}`)).json().menu[0];
    expect(shown.item_name).toBe('Pizza');
    expect(shown).not.toHaveProperty('stock');

    // A client that does not know counts updates the item: the count stays.
    const renamed = await api(
      'POST',
      `/menu/update-menu-item/${menuId}`,
      owner,
      itemBody(restaurantId, { price: 13 }),
    );
    expect(renamed.json().data).toMatchObject({ price: 13, stock: 8 });
    const cleared = await api(
      'POST',
      `/menu/update-menu-item/${menuId}`,
      owner,
      itemBody(restaurantId, { stock: null }),
    );
    expect(cleared.json().data).toMatchObject({ stock: null });
    expect(await stockOf(menuId)).toBeNull();
    // An item added without a count is not counted.
    const plain = await api(
      'POST',
      '/menu/add-menu-item',
      owner,
      itemBody(restaurantId, { item_name: 'Soda' }),
    );
    expect(plain.json().data).toMatchObject({ stock: null });
  });

  it.each([-1, 1.5, STOCK_MAX + 1, '3', true])(
    'refuses a count of %j with a clear 400, storing nothing',
    async (stock) => {
      const { owner, restaurantId } = await ownerWithRestaurant(t);
      const menuId = await addMenuItem(
        t,
        { owner, restaurantId },
        { item_name: 'Pizza', price: 12, stock: 4 },
      );
      const refused = await api(
        'POST',
        `/menu/update-menu-item/${menuId}`,
        owner,
        itemBody(restaurantId, { stock }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(stockMessages.invalid);
      expect(await stockOf(menuId)).toBe(4);
      const refusedAdd = await api('POST', '/menu/add-menu-item', owner, itemBody(restaurantId, { stock }));
      expect(refusedAdd.statusCode).toBe(400);
      expect((await api('GET', `/menu/get-menu-items/${restaurantId}`, owner)).json().data).toHaveLength(1);
    },
  );

  it('takes an item at 0 off the diner’s menu and puts it back when the owner sets a new count', async () => {
    const place = await ownerWithRestaurant(t);
    const menuId = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 0 });
    await addMenuItem(t, place, { item_name: 'Soda', price: 2 });
    expect(await dinerMenu(place.restaurantId)).toEqual(['Soda']);
    await api(
      'POST',
      `/menu/update-menu-item/${menuId}`,
      place.owner,
      itemBody(place.restaurantId, { stock: 6 }),
    );
    expect(await dinerMenu(place.restaurantId)).toEqual(['Soda', 'Pizza']);
  });
});

describe('orders and the count', () => {
  it('takes each order’s portions, once per item across its lines, and leaves uncounted items alone', async () => {
    const place = await ownerWithRestaurant(t, { number_of_tables: 4 });
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 10 });
    const soda = await addMenuItem(t, place, { item_name: 'Soda', price: 2 });
    const [diner] = await diners(place, 1);
    const placed = await order(diner!, place.restaurantId, [
      [pizza, 2],
      [soda, 3],
      [pizza, 1],
    ]);
    expect(placed.status).toBe(201);
    expect(await stockOf(pizza)).toBe(7);
    expect(await stockOf(soda)).toBeNull();

    // The owner's walk-in order counts too.
    const walkIn = await api('POST', '/customer/place-order', place.owner, {
      restaurant_id: place.restaurantId,
      user_id: place.owner.userId,
      customer_name: 'Walk-in',
      phone_number: '5035550199',
      total_amount: 0,
      items: [{ menu_id: pizza, quantity: 4 }],
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(await stockOf(pizza)).toBe(3);
  });

  it('refuses an order wanting more than is left, naming the item, and changes nothing', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 3 });
    const salad = await addMenuItem(t, place, { item_name: 'Salad', price: 8, stock: 5 });
    const [diner] = await diners(place, 1);
    const refused = await order(diner!, place.restaurantId, [
      [salad, 2],
      [pizza, 4],
    ]);
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({ message: orderServerMessages.onlyLeft('Pizza', 3), code: 'SOLD_OUT' }),
    });
    expect(refused.body.message).toBe('Sorry, only 3 Pizza left. Please lower the quantity.');
    expect(await stockOf(pizza)).toBe(3);
    expect(await stockOf(salad)).toBe(5);
    expect(
      await t.app.database.db.select().from(orders).where(eq(orders.restaurantId, place.restaurantId)),
    ).toEqual([]);
  });

  it('sells the last portions, then refuses with “sold out”; open menus hear it and the menu drops the item', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 2 });
    await addMenuItem(t, place, { item_name: 'Soda', price: 2 });
    const menu = await openMenu(place.restaurantId);
    try {
      const [first, second] = await diners(place, 2);
      expect((await order(first!, place.restaurantId, [[pizza, 2]])).status).toBe(201);
      expect(await stockOf(pizza)).toBe(0);
      await eventually(() => expect(menu.heard).toEqual([{ menu_id: pizza, sold_out: true }]));
      expect(await dinerMenu(place.restaurantId)).toEqual(['Soda']);
      const refused = await order(second!, place.restaurantId, [[pizza, 1]]);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Sorry, Pizza is sold out');
      // An open menu hears what left it, never the restaurant's orders.
      expect(menu.heardOrders).toEqual([]);
    } finally {
      menu.socket.disconnect();
    }
  });

  it('answers a retried order once: the same key takes the portions once', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 5 });
    const [diner] = await diners(place, 1);
    const key = `stock-${place.restaurantId}`;
    const [a, b] = await Promise.all([
      order(diner!, place.restaurantId, [[pizza, 2]], key),
      order(diner!, place.restaurantId, [[pizza, 2]], key),
    ]);
    expect(a.status).toBe(201);
    expect(b).toEqual(a);
    expect(await stockOf(pizza)).toBe(3);
  });
});

describe('staff changes to an order and the count', () => {
  async function placeWithCounts() {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 5 });
    const soup = await addMenuItem(t, place, { item_name: 'Soup', price: 6, stock: 2 });
    const [diner] = await diners(place, 1);
    const placed = await order(diner!, place.restaurantId, [
      [pizza, 2],
      [soup, 1],
    ]);
    expect(placed.status).toBe(201);
    return { place, pizza, soup, orderId: placed.body.order_id! };
  }
  const edit = (place: Place, orderId: number, items: Array<[number, number]>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/customer/update-order/${orderId}`,
      headers: place.owner.auth,
      payload: {
        order_items: items.map(([menu_item_id, quantity]) => ({ menu_item_id, quantity })),
        total_amount: 0,
      },
    });

  it('an edit takes what it adds and gives back what it removes', async () => {
    const { place, pizza, soup, orderId } = await placeWithCounts();
    expect([await stockOf(pizza), await stockOf(soup)]).toEqual([3, 1]);
    const edited = await edit(place, orderId, [[pizza, 4]]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect([await stockOf(pizza), await stockOf(soup)]).toEqual([1, 2]);
  });

  it('an edit wanting more than is left is refused by name, and the order and the counts stay', async () => {
    const { place, pizza, soup, orderId } = await placeWithCounts();
    const refused = await edit(place, orderId, [
      [pizza, 2],
      [soup, 3],
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Sorry, only 1 Soup left. Please lower the quantity.');
    expect([await stockOf(pizza), await stockOf(soup)]).toEqual([3, 1]);
    const lines = await t.app.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((line) => [line.productName, line.quantity])).toEqual([
      ['Pizza', 2],
      ['Soup', 1],
    ]);
  });

  it('a cancelled order gives its portions back, once, and a dish it had sold out comes back to open menus', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 2 });
    await addMenuItem(t, place, { item_name: 'Soda', price: 2 });
    const [diner] = await diners(place, 1);
    const placed = await order(diner!, place.restaurantId, [[pizza, 2]]);
    expect(await dinerMenu(place.restaurantId)).toEqual(['Soda']);
    const menu = await openMenu(place.restaurantId);
    try {
      expect((await setStatus(place, placed.body.order_id!, 'Cancelled')).statusCode).toBe(200);
      expect(await stockOf(pizza)).toBe(2);
      await eventually(() =>
        expect(menu.heard).toEqual([
          { menu_id: pizza, sold_out: false, item: expect.objectContaining({ item_name: 'Pizza' }) },
        ]),
      );
      expect(await dinerMenu(place.restaurantId)).toEqual(['Soda', 'Pizza']);
      // Deleting it afterwards gives nothing back a second time.
      expect((await remove(place, placed.body.order_id!)).statusCode).toBe(200);
      expect(await stockOf(pizza)).toBe(2);
    } finally {
      menu.socket.disconnect();
    }
  });

  it('a deleted order gives its portions back unless it was cooked (Ready)', async () => {
    const first = await placeWithCounts();
    expect((await remove(first.place, first.orderId)).statusCode).toBe(200);
    expect([await stockOf(first.pizza), await stockOf(first.soup)]).toEqual([5, 2]);

    const second = await placeWithCounts();
    expect((await setStatus(second.place, second.orderId, 'Ready')).statusCode).toBe(200);
    expect((await remove(second.place, second.orderId)).statusCode).toBe(200);
    expect([await stockOf(second.pizza), await stockOf(second.soup)]).toEqual([3, 1]);
  });

  // outside testing (SECURITY.md): a cancellation, deletion or edit gives back only what the order took
  // from the count as it stands; setting the count forfeits what orders held (ADR 015, amended).
  it('a cancelled order gives nothing back after the kitchen’s Sold out: the dish stays off every menu', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 5 });
    await addMenuItem(t, place, { item_name: 'Soda', price: 2 });
    const [diner, later] = await diners(place, 2);
    const placed = await order(diner!, place.restaurantId, [[pizza, 2]]);
    expect(await stockOf(pizza)).toBe(3);
    const out = await setSoldOut(place.owner, pizza, { restaurant_id: place.restaurantId, sold_out: true });
    expect(out.statusCode).toBe(200);
    expect((await setStatus(place, placed.body.order_id!, 'Cancelled')).statusCode).toBe(200);
    expect(await stockOf(pizza)).toBe(0);
    expect(await dinerMenu(place.restaurantId)).toEqual(['Soda']);
    const refused = await order(later!, place.restaurantId, [[pizza, 1]]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Sorry, Pizza is sold out');
  });

  it('an order placed before the dish was counted gives none back when cancelled: the count set since stands', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12 });
    const [prank, next] = await diners(place, 2);
    const placed = await order(prank!, place.restaurantId, [[pizza, 40]]);
    expect(placed.status).toBe(201);
    expect((await setCount(place, pizza, 2)).statusCode).toBe(200);
    expect((await setStatus(place, placed.body.order_id!, 'Cancelled')).statusCode).toBe(200);
    expect(await stockOf(pizza)).toBe(2);
    const refused = await order(next!, place.restaurantId, [[pizza, 30]]);
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({ message: 'Sorry, only 2 Pizza left. Please lower the quantity.' }),
    });
    expect(await stockOf(pizza)).toBe(2);
  });

  it('an edit gives back only what the order took, and what an edit adds is taken and given back', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12 });
    const [diner] = await diners(place, 1);
    const placed = await order(diner!, place.restaurantId, [[pizza, 50]]);
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id!;
    expect((await setCount(place, pizza, 1)).statusCode).toBe(200);
    expect((await edit(place, orderId, [[pizza, 1]])).statusCode).toBe(200);
    expect(await stockOf(pizza)).toBe(1);
    // One more is taken, and it is that one the cancellation gives back.
    expect((await edit(place, orderId, [[pizza, 2]])).statusCode).toBe(200);
    expect(await stockOf(pizza)).toBe(0);
    expect((await setStatus(place, orderId, 'Cancelled')).statusCode).toBe(200);
    expect(await stockOf(pizza)).toBe(1);
  });

  it('a deleted order gives back only what it took since the owner last set the count', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 5 });
    const [first, second] = await diners(place, 2);
    const before = await order(first!, place.restaurantId, [[pizza, 2]]);
    expect(await stockOf(pizza)).toBe(3);
    expect((await setCount(place, pizza, 4)).statusCode).toBe(200);
    const since = await order(second!, place.restaurantId, [[pizza, 1]]);
    expect(await stockOf(pizza)).toBe(3);
    expect((await setStatus(place, before.body.order_id!, 'Approved')).statusCode).toBe(200);
    expect((await remove(place, before.body.order_id!)).statusCode).toBe(200);
    expect(await stockOf(pizza)).toBe(3);
    expect((await remove(place, since.body.order_id!)).statusCode).toBe(200);
    expect(await stockOf(pizza)).toBe(4);
  });
});

describe('the kitchen’s Sold out at the moment staff cancel and delete orders', () => {
  it('ends sold out whichever commits first, and every request answers (no deadlock)', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 20 });
    const soup = await addMenuItem(t, place, { item_name: 'Soup', price: 6, stock: 20 });
    const people = await diners(place, 6);
    const placed = await Promise.all(
      people.map((diner) =>
        order(diner, place.restaurantId, [
          [soup, 1],
          [pizza, 2],
        ]),
      ),
    );
    expect(await stockOf(pizza)).toBe(8);
    const [a, b, c, d, e, f] = placed.map((answer) => answer.body.order_id!);
    // Sold out in the middle: the orders before it give back, then it states 0; those after hold nothing.
    const answers = await Promise.all([
      setStatus(place, a!, 'Cancelled'),
      remove(place, b!),
      setStatus(place, c!, 'Cancelled'),
      setSoldOut(place.owner, pizza, { restaurant_id: place.restaurantId, sold_out: true }),
      setStatus(place, d!, 'Cancelled'),
      remove(place, e!),
      setStatus(place, f!, 'Cancelled'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(7).fill(200));
    expect(await stockOf(pizza)).toBe(0);
    // The soup's count was not set again: each order gave its one back.
    expect(await stockOf(soup)).toBe(20);
  });
});

describe('many diners ordering the last portions at once', () => {
  it('never goes below zero, sells exactly what there was, and refuses every other order clearly', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 7 });
    const pasta = await addMenuItem(t, place, { item_name: 'Pasta', price: 11, stock: 9 });
    const people = await diners(place, 12);
    // Orders wanting 1–3 of one or both items, both lines in either order: rows are locked in
    // id order, so two orders never wait on each other crosswise. Orders of pizza alone and of
    // pasta alone, so that whichever runs out first, the other still sells.
    const wanted: Array<Array<[number, number]>> = people.flatMap((_, index) => [
      [[index % 2 === 0 ? pizza : pasta, (index % 3) + 1]],
      [
        [pasta, ((index + 1) % 3) + 1],
        [pizza, 1],
      ],
      [
        [pizza, 1],
        [pasta, (index % 2) + 1],
      ],
    ]);
    const answers = await Promise.all(
      wanted.map((items, index) => order(people[index % people.length]!, place.restaurantId, items)),
    );

    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(placed.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(
        /^Sorry, (Pizza|Pasta) is sold out$|^Sorry, only \d+ (Pizza|Pasta) left\. Please lower the quantity\.$/,
      );
    }
    // What the orders hold is exactly what the counts lost, and no count went below zero.
    const lines = await t.app.database.db
      .select({ menuItemId: orderItems.menuItemId, quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.restaurantId, place.restaurantId));
    const sold = (menuId: number) =>
      lines.filter((line) => line.menuItemId === menuId).reduce((sum, line) => sum + line.quantity, 0);
    expect(await stockOf(pizza)).toBe(7 - sold(pizza));
    expect(await stockOf(pasta)).toBe(9 - sold(pasta));
    expect(await stockOf(pizza)).toBeGreaterThanOrEqual(0);
    expect(await stockOf(pasta)).toBeGreaterThanOrEqual(0);
    expect(new Set(lines.map((line) => line.menuItemId))).toEqual(new Set([pizza, pasta]));
    // 36 orders for 16 portions: the rush sold out at least one of them.
    expect(sold(pizza) === 7 || sold(pasta) === 9).toBe(true);
  });
});

describe("the kitchen's sold-out tap", () => {
  it('sells an item out and brings it back, live to open menus and the staff, and the diner’s menu follows', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12 });
    const soup = await addMenuItem(t, place, { item_name: 'Soup', price: 6, stock: 4 });
    const other = await ownerWithRestaurant(t);
    const menu = await openMenu(place.restaurantId);
    const otherMenu = await openMenu(other.restaurantId);
    try {
      const out = await setSoldOut(place.owner, pizza, { restaurant_id: place.restaurantId, sold_out: true });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toMatchObject({ message: menuMessages.markedSoldOut('Pizza'), data: { stock: 0 } });
      expect(out.json().message).toBe('Pizza is sold out');
      await eventually(() => expect(menu.heard).toEqual([{ menu_id: pizza, sold_out: true }]));
      expect(await dinerMenu(place.restaurantId)).toEqual(['Soup']);

      const back = await setSoldOut(place.owner, pizza, {
        restaurant_id: place.restaurantId,
        sold_out: false,
      });
      expect(back.json()).toMatchObject({ message: 'Pizza is back on the menu', data: { stock: null } });
      await eventually(() => expect(menu.heard).toHaveLength(2));
      // It comes back with what a diner's menu shows, and without the count.
      expect(menu.heard[1]).toEqual({
        menu_id: pizza,
        sold_out: false,
        item: expect.objectContaining({ menu_id: pizza, item_name: 'Pizza', price: 12 }),
      });
      expect(menu.heard[1]?.item).not.toHaveProperty('stock');
      expect(await dinerMenu(place.restaurantId)).toEqual(['Soup', 'Pizza']);

      // Back on an item still counted keeps its count, and tells no one: nothing changed for diners.
      const kept = await setSoldOut(place.owner, soup, {
        restaurant_id: place.restaurantId,
        sold_out: false,
      });
      expect(kept.json().data).toMatchObject({ stock: 4 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(menu.heard).toHaveLength(2);
      expect(otherMenu.heard).toEqual([]);
    } finally {
      menu.socket.disconnect();
      otherMenu.socket.disconnect();
    }
  });

  it("refuses another owner's item, a bad body, and a lapsed subscription, changing nothing", async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12, stock: 3 });
    const other = await ownerWithRestaurant(t);

    const theirs = await setSoldOut(other.owner, pizza, {
      restaurant_id: other.restaurantId,
      sold_out: true,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(menuMessages.itemNotFound);
    const notTheirRestaurant = await setSoldOut(other.owner, pizza, {
      restaurant_id: place.restaurantId,
      sold_out: true,
    });
    expect(notTheirRestaurant.statusCode).toBe(404);
    for (const body of [
      { restaurant_id: place.restaurantId },
      { restaurant_id: place.restaurantId, sold_out: 'yes' },
    ]) {
      expect((await setSoldOut(place.owner, pizza, body)).statusCode).toBe(400);
    }
    expect(
      (await setSoldOut(place.owner, pizza, { restaurant_id: place.restaurantId, sold_out: true, stock: 9 }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await api('POST', `/menu/sold-out/${pizza}`, undefined, {
          restaurant_id: place.restaurantId,
          sold_out: true,
        })
      ).statusCode,
    ).toBe(401);
    await expireSubscription(t, place.owner);
    expect(
      (await setSoldOut(place.owner, pizza, { restaurant_id: place.restaurantId, sold_out: true }))
        .statusCode,
    ).toBe(403);
    expect(await stockOf(pizza)).toBe(3);
  });
});

describe("an open menu's socket", () => {
  it('is refused for a restaurant that does not exist or whose menu is not published', async () => {
    await expect(openMenu(2_000_000)).rejects.toThrow('unauthorized');
    await expect(openMenu('pizza')).rejects.toThrow('unauthorized');
    const lapsed = await ownerWithRestaurant(t);
    await expireSubscription(t, lapsed.owner);
    await expect(openMenu(lapsed.restaurantId)).rejects.toThrow('unauthorized');
  });
});
