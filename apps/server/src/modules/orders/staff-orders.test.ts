import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderServerMessages,
} from '@tableserve/contract/order';
import { ownerOrderServerMessages, type StaffOrder } from '@tableserve/contract/owner-orders';
import { staffRoleMessages } from '@tableserve/contract/staff-roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem, placeDinerOrder, signUpDiner } from '../../test/orders';
import { freshLogin } from '../../test/owners';
import { expireSubscription, openingHours, ownerWithRestaurant } from '../../test/restaurants';
import { deviceTokenFor } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
/** The file's clock only moves forward: tests that need a date run in date order. */
function moveClockTo(iso: string) {
  const ms = Date.parse(iso) - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is already past ${iso}`);
  t.clock.advance(ms);
}
type Place = Awaited<ReturnType<typeof setup>>;
type Headers = Record<string, string>;

/** A subscribed owner's restaurant (Los Angeles, 11:00–22:00) with three dishes, and a second owner's. */
async function setup(overrides: Record<string, unknown> = {}) {
  const place = await ownerWithRestaurant(t, { number_of_tables: 6, ...overrides });
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  const soda = await addMenuItem(t, place, { item_name: 'Soda', price: 2.25, category: 'Beverage' });
  const soup = await addMenuItem(t, place, { item_name: 'Soup', price: 0.1, category: 'Starter' });
  return { ...place, pizza, soda, soup };
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

/** A walk-in order through the owner's Place Order form (docs/product/staff-screens.md#owner-place-order). */
async function walkIn(
  p: Place,
  overrides: Record<string, unknown> = {},
  items: { menu_id: number; quantity: number }[] = [{ menu_id: p.pizza, quantity: 1 }],
) {
  const response = await api('POST', '/customer/place-order', p.owner.auth, {
    restaurant_id: p.restaurantId,
    user_id: p.owner.userId,
    customer_name: 'Walk-in Wendy',
    phone_number: '5035550199',
    total_amount: 0,
    other_order_details: 'No onions',
    items,
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`walk-in failed: ${response.body}`);
  return response.json().order_id as number;
}

const summaryList = (p: Place, query = '', auth: Headers = p.owner.auth) =>
  api('GET', `/customer/orders/${p.restaurantId}${query}`, auth);
const setStatus = (p: Place, orderId: number, status: string, auth: Headers = p.owner.auth) =>
  api('POST', `/kitchen/restaurant/${p.restaurantId}/update-order-status/${orderId}`, auth, { status });
const kitchen = (p: Place, auth: Headers = p.owner.auth) =>
  api('GET', `/kitchen/restaurant/${p.restaurantId}/orders`, auth);
const ownerList = (p: Place, query = '', auth: Headers = p.owner.auth) =>
  api('GET', `/owner/restaurant/${p.restaurantId}/orders${query}`, auth);
const sales = (p: Place, date: string, auth: Headers = p.owner.auth) =>
  api('GET', `/customer/daily-sales/${p.restaurantId}?date=${date}`, auth);

/** The order as the owner's Order Management lists it (undefined once deleted). */
async function read(p: Place, orderId: number): Promise<StaffOrder | undefined> {
  const orders = (await ownerList(p, '?per_page=50')).json().orders as StaffOrder[];
  return orders.find((order) => order.order_id === orderId);
}

/** Brings a fresh order to `status` along the machine. */
async function orderIn(p: Place, status: OrderStatus) {
  const orderId = await walkIn(p);
  const path: Record<OrderStatus, OrderStatus[]> = {
    Pending: [],
    Approved: ['Approved'],
    Ready: ['Ready'],
    Completed: ['Ready', 'Completed'],
    Cancelled: ['Cancelled'],
  };
  for (const step of path[status]) expect((await setStatus(p, orderId, step)).statusCode).toBe(200);
  return orderId;
}

describe('the status machine', () => {
  it('allows exactly the allowed transitions; every other change is a 409 that changes nothing', async () => {
    const p = await setup();
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const orderId = await orderIn(p, from);
        const response = await setStatus(p, orderId, to);
        const allowed = ORDER_TRANSITIONS[from].includes(to);
        expect({ from, to, status: response.statusCode }).toEqual({ from, to, status: allowed ? 200 : 409 });
        expect((await read(p, orderId))?.status).toBe(allowed ? to : from);
        if (!allowed) expect(response.json().message).toBe(orderServerMessages.illegalTransition(from, to));
      }
    }
  });

  it('moves one order once when two tablets press at the same moment', async () => {
    const p = await setup();
    const orderId = await walkIn(p);
    const answers = await Promise.all([setStatus(p, orderId, 'Ready'), setStatus(p, orderId, 'Ready')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const paid = await Promise.all([
      api('POST', `/owner/restaurant/${p.restaurantId}/mark-paid/${orderId}`, p.owner.auth),
      api('POST', `/owner/restaurant/${p.restaurantId}/mark-paid/${orderId}`, p.owner.auth),
    ]);
    expect(paid.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await read(p, orderId))?.status).toBe('Completed');
  });
});

describe('a status change', () => {
  /** A restaurant taxing at 7 %, with dishes that name allergens and a latte in two sizes. */
  async function richSetup() {
    const p = await setup();
    const rate = await api('POST', `/restaurant/tax-rates/${p.restaurantId}`, p.owner.auth, {
      name: 'Sales tax',
      rate_percent: 7,
      is_default: true,
    });
    expect(rate.statusCode).toBe(201);
    const lasagne = await addMenuItem(t, p, {
      item_name: 'Lasagne',
      price: 12.5,
      allergens: ['gluten', 'milk'],
    });
    const broth = await addMenuItem(t, p, { item_name: 'Broth', price: 0.1, allergens: ['celery'] });
    const latte = await addMenuItem(t, p, {
      item_name: 'Latte',
      price: 4,
      category: 'Beverage',
      option_groups: [{ name: 'Size', max_choices: 1, options: [{ name: 'Large', price_delta: 1 }] }],
    });
    const items = (await api('GET', `/menu/get-menu-items/${p.restaurantId}`, p.owner.auth)).json().data as {
      menu_id: number;
      option_groups: { options: { id: number; name: string }[] }[];
    }[];
    const large = items
      .find((item) => item.menu_id === latte)!
      .option_groups[0]!.options.find((option) => option.name === 'Large')!.id;
    return { ...p, lasagne, broth, latte, large };
  }

  /** Every order.updated the services announce, as the realtime plugin receives them. */
  function announced() {
    const heard: { customerId: number | null; order: StaffOrder }[] = [];
    t.app.domainEvents.on('order.updated', ({ customerId, order }) => heard.push({ customerId, order }));
    return heard;
  }

  const auditTotal = async (p: Place) =>
    (await api('GET', `/owner/restaurant/${p.restaurantId}/audit?per_page=50`, p.owner.auth)).json()
      .pagination.total as number;

  it('answers and announces the order as the lists show it: lines, options, allergens and taxes', async () => {
    const p = await richSetup();
    const diner = await signUpDiner(t, p.restaurantId, { customer_name: 'Dana Diner' });
    const lines = [
      { menu_item_id: p.lasagne, quantity: 2 },
      { menu_item_id: p.latte, quantity: 1, options: [p.large] },
      { menu_item_id: p.broth, quantity: 1 },
    ];
    const orderId = await placeDinerOrder(t, diner, p.restaurantId, lines);
    // A dish taken off the menu for good keeps its allergens on the orders that name it.
    expect((await api('DELETE', `/menu/delete-menu-item/${p.broth}`, p.owner.auth)).statusCode).toBe(200);
    const heard = announced();

    const response = await setStatus(p, orderId, 'Approved');
    expect(response.statusCode).toBe(200);
    const { message, order } = response.json() as { message: string; order: StaffOrder };
    expect(message).toBe(orderServerMessages.statusUpdated('Approved'));
    expect(order).toEqual({
      order_id: orderId,
      status: 'Approved',
      placed_by: 'diner',
      restaurant_id: p.restaurantId,
      customer_name: 'Dana Diner',
      phone_number: '5125550100',
      table_number: 1,
      order_type: 'dine-in',
      total_amount: 32.21,
      subtotal: 30.1,
      tax: 2.11,
      tax_included: false,
      taxes: [{ name: 'Sales tax', rate_percent: 7, amount: 2.11 }],
      service: 0,
      payment_timing: 'counter',
      payment_state: 'unpaid',
      order_date: '2026-03-02',
      created_at: expect.any(String),
      other_order_details: null,
      updated_at: expect.any(String),
      items: [
        {
          menu_item_id: p.lasagne,
          product_name: 'Lasagne',
          quantity: 2,
          price: 12.5,
          options: [],
          tax: 1.75,
          allergens: ['gluten', 'milk'],
        },
        {
          menu_item_id: p.latte,
          product_name: 'Latte',
          quantity: 1,
          price: 5,
          options: [{ id: p.large, group: 'Size', name: 'Large', price: 1 }],
          tax: 0.35,
          allergens: [],
        },
        {
          menu_item_id: p.broth,
          product_name: 'Broth',
          quantity: 1,
          price: 0.1,
          options: [],
          tax: 0.01,
          allergens: ['celery'],
        },
      ],
    });
    // The same order the lists show, and the one announced to the staff and the diner.
    expect(await read(p, orderId)).toEqual(order);
    expect(heard).toEqual([{ customerId: diner.customer_id, order }]);
  });

  it('writes its audit entry in the statement that moves the order: both or neither, and none when refused', async () => {
    const p = await richSetup();
    const tablet = await deviceTokenFor(t, p.restaurantId, 'kitchen');
    const orderId = await walkIn(p);
    const heard = announced();
    const before = await auditTotal(p);

    // Refusals: an illegal move (409), a kitchen approving what it may only recall (403), an
    // order that is not there (404). None writes an entry or announces anything.
    const illegal = await setStatus(p, orderId, 'Completed');
    expect([illegal.statusCode, illegal.json().message]).toEqual([
      409,
      orderServerMessages.illegalTransition('Pending', 'Completed'),
    ]);
    const recallOnly = await setStatus(p, orderId, 'Approved', tablet.auth);
    expect([recallOnly.statusCode, recallOnly.json().message]).toEqual([403, staffRoleMessages.forbidden]);
    const missing = await setStatus(p, 2_000_000_000, 'Approved');
    expect([missing.statusCode, missing.json().message]).toEqual([404, orderServerMessages.notFound]);
    expect(await auditTotal(p)).toBe(before);
    expect(heard).toEqual([]);

    // An entry the trail cannot take fails the move with it: the order stays where it was.
    const db = t.app.database.db;
    await db.execute(
      sql`alter table audit_events add constraint no_ready_entries check (action <> 'order.ready') not valid`,
    );
    try {
      expect((await setStatus(p, orderId, 'Ready')).statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table audit_events drop constraint no_ready_entries`);
    }
    expect((await read(p, orderId))?.status).toBe('Pending');
    expect(await auditTotal(p)).toBe(before);
    expect(heard).toEqual([]);

    expect((await setStatus(p, orderId, 'Ready', tablet.auth)).statusCode).toBe(200);
    expect(await auditTotal(p)).toBe(before + 1);
    expect(heard.map(({ order }) => order.status)).toEqual(['Ready']);
  });
});

describe('Order Summary', () => {
  it('filters, searches by name or id, sorts and pages in SQL', async () => {
    const p = await setup();
    const ids: number[] = [];
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'ada byron', '50% Off Olga']) {
      t.clock.advance(60_000);
      ids.push(await walkIn(p, { customer_name: name }));
    }
    await setStatus(p, ids[1]!, 'Cancelled');
    await setStatus(p, ids[2]!, 'Ready');
    await setStatus(p, ids[2]!, 'Completed');
    await setStatus(p, ids[3]!, 'Ready');

    const idsOf = async (query: string) => {
      const response = await summaryList(p, query);
      expect(response.statusCode).toBe(200);
      return (response.json().orders as StaffOrder[]).map((order) => order.order_id);
    };
    expect(await idsOf('')).toEqual([...ids].reverse());
    expect(await idsOf('?filter=all&sort=oldest')).toEqual(ids);
    // Pending means still open: Pending, Approved and Ready.
    expect(await idsOf('?filter=pending&sort=oldest')).toEqual([ids[0], ids[3], ids[4]]);
    expect(await idsOf('?filter=completed')).toEqual([ids[2]]);
    expect(await idsOf('?filter=cancelled')).toEqual([ids[1]]);
    expect(await idsOf('?search=ADA&sort=oldest')).toEqual([ids[0], ids[3]]);
    expect(await idsOf(`?search=${ids[2]}`)).toEqual([ids[2]]);
    expect(await idsOf(`?search=%23${ids[2]}`)).toEqual([ids[2]]);
    // % and _ are letters in a search, not wildcards.
    expect(await idsOf('?search=50%25')).toEqual([ids[4]]);
    expect(await idsOf('?search=%25')).toEqual([ids[4]]);
    expect(await idsOf('?search=a_a')).toEqual([]);
    expect(await idsOf('?search=nobody')).toEqual([]);

    const page2 = (await summaryList(p, '?per_page=2&page=2&sort=oldest')).json();
    expect(page2.orders.map((order: StaffOrder) => order.order_id)).toEqual([ids[2], ids[3]]);
    expect(page2.pagination).toMatchObject({ page: 2, per_page: 2, total: 5, total_pages: 3 });
    // A page past the end is empty, not an error.
    const past = (await summaryList(p, '?per_page=2&page=9')).json();
    expect(past.orders).toEqual([]);
    expect(past.pagination).toMatchObject({ page: 9, total: 5, total_pages: 3 });
  });

  it('shows each order with its customer, table or pick-up, items and business date', async () => {
    const p = await setup();
    const diner = await signUpDiner(t, p.restaurantId, { customer_name: 'Dana Diner' });
    const dinerOrder = await placeDinerOrder(t, diner, p.restaurantId, [
      { menu_item_id: p.pizza, quantity: 2 },
      { menu_item_id: p.soda, quantity: 1 },
    ]);
    const walkInOrder = await walkIn(p, {}, [{ menu_id: p.soup, quantity: 3 }]);
    const orders = (await summaryList(p)).json().orders as StaffOrder[];
    expect(orders.find((order) => order.order_id === dinerOrder)).toEqual({
      order_id: dinerOrder,
      restaurant_id: p.restaurantId,
      customer_name: 'Dana Diner',
      phone_number: '5125550100',
      table_number: 1,
      order_type: 'dine-in',
      total_amount: 27.25,
      status: 'Pending',
      // 2026-03-02 12:xx UTC is the early morning of 2026-03-02 in Los Angeles.
      order_date: '2026-03-02',
      other_order_details: null,
      placed_by: 'diner',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      items: [
        {
          menu_item_id: p.pizza,
          product_name: 'Pizza',
          quantity: 2,
          price: 12.5,
          options: [],
          allergens: [],
        },
        { menu_item_id: p.soda, product_name: 'Soda', quantity: 1, price: 2.25, options: [], allergens: [] },
      ],
    });
    expect(orders.find((order) => order.order_id === walkInOrder)).toMatchObject({
      customer_name: 'Walk-in Wendy',
      table_number: null,
      order_type: 'pickup',
      total_amount: 0.3,
      other_order_details: 'No onions',
      placed_by: 'staff',
    });
  });

  it("counts the current business day's orders and paid orders in the restaurant's zone", async () => {
    // Friday 2026-03-06 23:00 PST (07:00 UTC Saturday); Friday closes at 02:00 on Saturday.
    moveClockTo('2026-03-07T07:00:00Z');
    const p = await setup({
      opening_hours: openingHours({ friday: { open: '17:00', close: '02:00', closing_day: 'saturday' } }),
    });
    const counters = async () => {
      const { working_hours_total_orders, working_hours_paid_orders } = (await summaryList(p)).json()
        .pagination;
      return [working_hours_total_orders, working_hours_paid_orders];
    };
    expect(await counters()).toEqual([0, 0]);
    const first = await orderIn(p, 'Completed');
    await orderIn(p, 'Ready');
    expect(await counters()).toEqual([2, 1]);
    // Saturday 01:30 PST: still Friday's business day.
    t.clock.advance(2.5 * HOUR);
    await orderIn(p, 'Cancelled');
    expect(await counters()).toEqual([3, 1]);
    expect((await read(p, first))?.order_date).toBe('2026-03-06');
    expect((await summaryList(p)).json().pagination.working_hours_date).toBe('2026-03-06');
    // Saturday 02:00 PST: a new business day; the list still shows everything.
    t.clock.advance(0.5 * HOUR);
    expect(await counters()).toEqual([0, 0]);
    expect((await summaryList(p)).json().pagination.total).toBe(3);
    const saturday = await walkIn(p);
    expect((await read(p, saturday))?.order_date).toBe('2026-03-07');
    expect(await counters()).toEqual([1, 0]);
  });
});

describe('Order Management', () => {
  it('approves a Pending order only', async () => {
    const p = await setup();
    const orderId = await walkIn(p);
    const approve = () =>
      api('POST', `/owner/restaurant/${p.restaurantId}/approve-order/${orderId}`, p.owner.auth);
    const approved = await approve();
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: ownerOrderServerMessages.approved,
      order: { status: 'Approved' },
    });
    const again = await approve();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ownerOrderServerMessages.onlyPendingApprovable);
  });

  it("replaces a Pending order's items and prices them from the menu, never from the client", async () => {
    const p = await setup();
    const orderId = await walkIn(p);
    const edit = await api('PUT', `/customer/update-order/${orderId}`, p.owner.auth, {
      order_items: [
        { menu_item_id: p.pizza, quantity: 3, product_name: 'Pizza', price: 0.01 },
        { menu_item_id: p.soup, quantity: 1 },
      ],
      total_amount: 1,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().order).toMatchObject({
      total_amount: 37.6,
      items: [
        { menu_item_id: p.pizza, quantity: 3, price: 12.5 },
        { menu_item_id: p.soup, quantity: 1, price: 0.1 },
      ],
    });
    expect((await read(p, orderId))?.total_amount).toBe(37.6);
  });

  it('refuses bad edits and changes nothing', async () => {
    const p = await setup();
    const other = await setup();
    const orderId = await walkIn(p);
    const before = await read(p, orderId);
    const edit = (order_items: object[], id = orderId, auth: Headers = p.owner.auth) =>
      api('PUT', `/customer/update-order/${id}`, auth, { order_items });
    expect((await edit([{ menu_item_id: p.pizza, quantity: 0 }])).statusCode).toBe(400);
    expect((await edit([{ menu_item_id: p.pizza, quantity: 51 }])).statusCode).toBe(400);
    expect((await edit([{ menu_item_id: p.pizza, quantity: 1.5 }])).statusCode).toBe(400);
    expect((await edit([])).statusCode).toBe(400);
    const foreignItem = await edit([{ menu_item_id: other.pizza, quantity: 1 }]);
    expect(foreignItem.statusCode).toBe(400);
    expect(foreignItem.json().message).toBe(orderServerMessages.notOnMenu(other.pizza));
    // Another owner cannot edit it, and cannot tell it exists.
    const foreign = await edit([{ menu_item_id: other.pizza, quantity: 1 }], orderId, other.owner.auth);
    expect(foreign.statusCode).toBe(404);
    expect((await edit([{ menu_item_id: p.pizza, quantity: 1 }], 2_000_000_000)).statusCode).toBe(404);
    expect(await read(p, orderId)).toEqual(before);

    await setStatus(p, orderId, 'Approved');
    const approved = await edit([{ menu_item_id: p.pizza, quantity: 2 }]);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(ownerOrderServerMessages.onlyPendingEditable);
    expect((await read(p, orderId))?.items).toEqual(before?.items);
  });

  it('soft-deletes an order: gone from every list and report, refused once Completed', async () => {
    const p = await setup();
    const gone = await walkIn(p);
    const paid = await orderIn(p, 'Completed');
    const remove = (id: number, auth: Headers = p.owner.auth) =>
      api('DELETE', `/owner/restaurant/${p.restaurantId}/delete-order/${id}`, auth);
    const deleted = await remove(gone);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(ownerOrderServerMessages.deleted);
    expect(await read(p, gone)).toBeUndefined();
    expect((await summaryList(p)).json().orders.map((order: StaffOrder) => order.order_id)).toEqual([paid]);
    expect((await kitchen(p)).json().orders.map((order: StaffOrder) => order.order_id)).toEqual([paid]);
    const report = (await sales(p, (await read(p, paid))!.order_date)).json();
    expect(report.orders.map((order: StaffOrder) => order.order_id)).toEqual([paid]);
    expect((await remove(gone)).statusCode).toBe(404);
    expect((await setStatus(p, gone, 'Ready')).statusCode).toBe(404);

    const refused = await remove(paid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ownerOrderServerMessages.completedNotDeletable);
    expect((await read(p, paid))?.status).toBe('Completed');
  });

  it('pages 10 orders by default, newest first', async () => {
    const p = await setup();
    const ids: number[] = [];
    for (let index = 0; index < 12; index++) ids.push(await walkIn(p));
    const first = (await ownerList(p)).json();
    expect(first.orders.map((order: StaffOrder) => order.order_id)).toEqual(ids.reverse().slice(0, 10));
    expect(first.pagination).toMatchObject({ page: 1, per_page: 10, total: 12, total_pages: 2 });
    expect((await ownerList(p, '?per_page=51')).statusCode).toBe(400);
  });
});

describe('Mark as Paid', () => {
  it('marks a Ready order paid, and nothing else', async () => {
    const p = await setup();
    const ready = await orderIn(p, 'Ready');
    const pending = await walkIn(p);
    const markPaid = (id: number) =>
      api('POST', `/owner/restaurant/${p.restaurantId}/mark-paid/${id}`, p.owner.auth);
    const paid = await markPaid(ready);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      message: ownerOrderServerMessages.markedPaid(1),
      order: { status: 'Completed' },
    });
    const refused = await markPaid(pending);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ownerOrderServerMessages.notReady(pending));
    expect((await read(p, pending))?.status).toBe('Pending');
  });

  it('marks a whole selection paid at once, or none of it', async () => {
    const p = await setup();
    const other = await setup();
    const readyOnes = [await orderIn(p, 'Ready'), await orderIn(p, 'Ready'), await orderIn(p, 'Ready')];
    const approved = await orderIn(p, 'Approved');
    const foreignReady = await orderIn(other, 'Ready');
    const batch = (order_ids: unknown[], auth: Headers = p.owner.auth, restaurantId = p.restaurantId) =>
      api('POST', `/owner/restaurant/${restaurantId}/mark-paid`, auth, { order_ids });
    const statuses = async () => Promise.all(readyOnes.map(async (id) => (await read(p, id))?.status));

    const withApproved = await batch([...readyOnes, approved]);
    expect(withApproved.statusCode).toBe(409);
    expect(withApproved.json().message).toBe(ownerOrderServerMessages.notReady(approved));
    expect(await statuses()).toEqual(['Ready', 'Ready', 'Ready']);

    expect((await batch([...readyOnes, foreignReady])).statusCode).toBe(404);
    expect((await batch([...readyOnes, 2_000_000_000])).statusCode).toBe(404);
    expect((await batch([readyOnes[0], readyOnes[0]])).statusCode).toBe(400);
    expect((await batch([])).statusCode).toBe(400);
    expect((await batch(['x'])).statusCode).toBe(400);
    // Another owner naming this restaurant, or their own restaurant with these orders.
    expect((await batch(readyOnes, other.owner.auth)).statusCode).toBe(404);
    expect((await batch(readyOnes, other.owner.auth, other.restaurantId)).statusCode).toBe(404);
    expect(await statuses()).toEqual(['Ready', 'Ready', 'Ready']);
    expect((await read(other, foreignReady))?.status).toBe('Ready');

    const paid = await batch(readyOnes);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().message).toBe(ownerOrderServerMessages.markedPaid(3));
    expect(await statuses()).toEqual(['Completed', 'Completed', 'Completed']);
    expect((await summaryList(p)).json().pagination.working_hours_paid_orders).toBe(3);
  });
});

describe('the kitchen', () => {
  it("lists the current business day's orders, oldest first, and not yesterday's", async () => {
    const before = await setup();
    const yesterday = await walkIn(before);
    t.clock.advance(24 * HOUR);
    const p = { ...before, owner: await freshLogin(t, before.owner) };
    const first = await walkIn(p);
    t.clock.advance(60_000);
    const second = await orderIn(p, 'Ready');
    const orders = (await kitchen(p)).json().orders as StaffOrder[];
    expect(orders.map((order) => order.order_id)).toEqual([first, second]);
    expect(orders.map((order) => order.order_id)).not.toContain(yesterday);
  });
});

describe("the owner's Place Order form", () => {
  it('prices a walk-in order itself, once per Idempotency-Key', async () => {
    const p = await setup();
    const body = {
      restaurant_id: p.restaurantId,
      user_id: p.owner.userId,
      customer_name: 'Phone Phil',
      phone_number: '5035550123',
      total_amount: 0.5,
      other_order_details: 'Pick up at 7',
      table_number: 4,
      items: [
        { menu_id: p.pizza, quantity: 2 },
        { menu_id: p.soda, quantity: 2 },
      ],
    };
    const headers = { ...p.owner.auth, 'idempotency-key': 'walk-in-key-0001' };
    const [first, second] = await Promise.all([
      api('POST', '/customer/place-order', headers, body),
      api('POST', '/customer/place-order', headers, body),
    ]);
    const answers = [first!, second!].filter((answer) => answer.statusCode === 201);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(answers[0]!.json()).toMatchObject({
      message: orderServerMessages.placed,
      status: 'Pending',
      total_amount: 29.5,
    });
    const again = await api('POST', '/customer/place-order', headers, body);
    expect(again.json().order_id).toBe(answers[0]!.json().order_id);
    const listed = (await summaryList(p)).json().orders as StaffOrder[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ table_number: 4, order_type: 'dine-in', placed_by: 'staff' });
  });

  it('refuses bad input and stores nothing', async () => {
    const p = await setup();
    const other = await setup();
    const attempt = (overrides: Record<string, unknown>, auth: Headers = p.owner.auth) =>
      api('POST', '/customer/place-order', auth, {
        restaurant_id: p.restaurantId,
        user_id: p.owner.userId,
        customer_name: 'Wendy',
        phone_number: '5035550199',
        total_amount: 12.5,
        items: [{ menu_id: p.pizza, quantity: 1 }],
        ...overrides,
      });
    const refusals: [Record<string, unknown>, number, Headers?][] = [
      [{ customer_name: '' }, 400],
      [{ phone_number: '12345' }, 400],
      [{ total_amount: undefined }, 400],
      [{ items: [] }, 400],
      [{ items: [{ menu_id: p.pizza, quantity: 0 }] }, 400],
      [{ items: [{ menu_id: p.pizza, quantity: 51 }] }, 400],
      [{ items: [{ menu_id: other.pizza, quantity: 1 }] }, 400],
      [{ table_number: 7 }, 400],
      [{ restaurant_id: other.restaurantId }, 404],
      [{ user_id: other.owner.userId }, 404],
      [{}, 404, other.owner.auth],
    ];
    for (const [overrides, status, auth] of refusals) {
      const response = await attempt(overrides, auth);
      expect({ overrides, status: response.statusCode }).toEqual({ overrides, status });
    }
    expect((await summaryList(p)).json().pagination.total).toBe(0);
    expect((await summaryList(other)).json().pagination.total).toBe(0);

    await expireSubscription(t, p.owner);
    expect((await attempt({})).statusCode).toBe(403);
  });
});

describe('daily sales', () => {
  it("reports one business day in the restaurant's zone: revenue from paid orders only", async () => {
    // Saturday 2026-04-04 21:00 CEST; Saturday closes at 03:00 on Sunday.
    moveClockTo('2026-04-04T19:00:00Z');
    const p = await setup({
      timezone: 'Europe/Berlin',
      opening_hours: openingHours({ saturday: { open: '18:00', close: '03:00', closing_day: 'sunday' } }),
    });
    const paid = await orderIn(p, 'Completed');
    const ready = await orderIn(p, 'Ready');
    // Sunday 02:30 CEST: still Saturday's business day.
    t.clock.advance(5.5 * HOUR);
    const late = await orderIn(p, 'Completed');
    // Sunday 03:00 CEST: Sunday's.
    t.clock.advance(0.5 * HOUR);
    const sunday = await orderIn(p, 'Completed');

    const saturday = await sales(p, '2026-04-04');
    const pizzaLine = { menu_item_id: p.pizza, product_name: 'Pizza', quantity: 1, price: 12.5, options: [] };
    expect(saturday.statusCode).toBe(200);
    expect(saturday.json()).toEqual({
      date: '2026-04-04',
      timezone: 'Europe/Berlin',
      total_revenue: 25,
      total_orders: 3,
      orders: [
        {
          order_id: paid,
          table_number: null,
          status: 'Completed',
          total_amount: 12.5,
          created_at: expect.any(String),
          items: [pizzaLine],
        },
        {
          order_id: ready,
          table_number: null,
          status: 'Ready',
          total_amount: 12.5,
          created_at: expect.any(String),
          items: [pizzaLine],
        },
        {
          order_id: late,
          table_number: null,
          status: 'Completed',
          total_amount: 12.5,
          created_at: expect.any(String),
          items: [pizzaLine],
        },
      ],
    });
    const sundayReport = (await sales(p, '2026-04-05')).json();
    expect(sundayReport.orders.map((order: { order_id: number }) => order.order_id)).toEqual([sunday]);
    expect((await sales(p, '2026-04-03')).json()).toEqual({
      date: '2026-04-03',
      timezone: 'Europe/Berlin',
      total_revenue: 0,
      total_orders: 0,
      orders: [],
    });
  });

  it('refuses a date that is not YYYY-MM-DD, and another owner', async () => {
    const p = await setup();
    const other = await setup();
    for (const date of ['', '2026-4-1', '2026-02-30', '01/04/2026', '2026-04-01T00:00']) {
      expect({ date, status: (await sales(p, date)).statusCode }).toEqual({ date, status: 400 });
    }
    expect((await api('GET', `/customer/daily-sales/${p.restaurantId}`, p.owner.auth)).statusCode).toBe(400);
    expect((await sales(p, '2026-04-01', other.owner.auth)).statusCode).toBe(404);
    expect((await sales(p, '2026-04-01', {})).statusCode).toBe(401);
  });
});

describe("another owner's restaurant", () => {
  it('answers 404 on every order call and changes nothing', async () => {
    const p = await setup();
    const other = await setup();
    const orderId = await orderIn(p, 'Ready');
    const intruder = other.owner.auth;
    const calls = [
      summaryList(p, '', intruder),
      ownerList(p, '', intruder),
      kitchen(p, intruder),
      setStatus(p, orderId, 'Completed', intruder),
      api('POST', `/owner/restaurant/${p.restaurantId}/approve-order/${orderId}`, intruder),
      api('POST', `/owner/restaurant/${p.restaurantId}/mark-paid/${orderId}`, intruder),
      api('DELETE', `/owner/restaurant/${p.restaurantId}/delete-order/${orderId}`, intruder),
      // Their own restaurant's path with this restaurant's order.
      api('POST', `/kitchen/restaurant/${other.restaurantId}/update-order-status/${orderId}`, intruder, {
        status: 'Completed',
      }),
      api('POST', `/owner/restaurant/${other.restaurantId}/mark-paid/${orderId}`, intruder),
      api('DELETE', `/owner/restaurant/${other.restaurantId}/delete-order/${orderId}`, intruder),
      api('PUT', `/customer/update-order/${orderId}`, intruder, {
        order_items: [{ menu_item_id: p.pizza, quantity: 1 }],
      }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);
    expect(await read(p, orderId)).toMatchObject({ status: 'Ready', total_amount: 12.5 });
  });

  it('needs an owner token: none, a forged one or a diner token is a 401', async () => {
    const p = await setup();
    const diner = await signUpDiner(t, p.restaurantId);
    for (const auth of [{}, { authorization: 'Bearer forged.token.value' }, diner.auth]) {
      expect((await summaryList(p, '', auth)).statusCode).toBe(401);
      expect((await kitchen(p, auth)).statusCode).toBe(401);
      expect((await ownerList(p, '', auth)).statusCode).toBe(401);
    }
  });
});
