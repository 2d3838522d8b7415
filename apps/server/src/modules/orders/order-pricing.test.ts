import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, orderItems, orders, restaurants, taxRates } from '../../db/schema';
import { addMenuItem, type Diner, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every order priced with its taxes and service charge (docs/decisions/020-money-model.md): the
 * menu tells the cart how, the server prices and stores each line's tax and share of service, and
 * every read shows the same figures. The rates are seeded through the database, as the owner's
 * settings screens would set them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Place = Awaited<ReturnType<typeof setup>>;

/** A restaurant with a pizza ($12.50), a glass of wine ($8.00) and a mint ($0.50), and a diner. */
async function setup() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 6 });
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  const wine = await addMenuItem(t, place, { item_name: 'Wine', price: 8, category: 'Beverage' });
  const mint = await addMenuItem(t, place, { item_name: 'Mint', price: 0.5, category: 'Dessert' });
  const diner = await signUpDiner(t, place.restaurantId);
  return { ...place, pizza, wine, mint, diner };
}

const db = () => t.app.database.db;

/** Sets the restaurant's rates and rules as the settings screens would, and republishes its menu. */
async function price(
  place: Place,
  settings: {
    rates?: { name: string; rate: number; isDefault?: boolean; items?: number[] }[];
    pricesIncludeTax?: boolean;
    serviceChargeRate?: number;
    serviceChargeMinParty?: number | null;
  },
) {
  const { rates = [], ...rules } = settings;
  if (Object.keys(rules).length > 0) {
    await db().update(restaurants).set(rules).where(eq(restaurants.id, place.restaurantId));
  }
  const ids: number[] = [];
  for (const { items = [], ...rate } of rates) {
    const [row] = await db()
      .insert(taxRates)
      .values({ restaurantId: place.restaurantId, ...rate })
      .returning();
    ids.push(row!.id);
    for (const item of items) {
      await db().update(menuItems).set({ taxRateId: row!.id }).where(eq(menuItems.id, item));
    }
  }
  t.app.publishedMenus.invalidate(place.restaurantId);
  return ids;
}

const placeOrder = (
  place: Place,
  items: { menu_item_id: number; quantity: number }[],
  overrides: Record<string, unknown> = {},
  diner: Diner = place.diner,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: diner.auth,
    payload: {
      restaurant_id: place.restaurantId,
      order_items: items,
      order_type: 'dine-in',
      table_no: 2,
      ...overrides,
    },
  });

async function placed(place: Place, items: { menu_item_id: number; quantity: number }[], extra = {}) {
  const response = await placeOrder(place, items, extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { order_id: number; total_amount: number };
}

const summaryOf = async (place: Place, orderId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/order-summary/${place.restaurantId}/${orderId}`,
      headers: place.diner.auth,
    })
  ).json();

const staffOrderOf = async (place: Place, orderId: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/owner/restaurant/${place.restaurantId}/orders`,
    headers: place.owner.auth,
  });
  return response.json().orders.find((order: { order_id: number }) => order.order_id === orderId);
};

const storedOrder = async (orderId: number) =>
  (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const storedLines = (orderId: number) =>
  db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);

/** The stored figures add up: lines to the order, taxes to their lines, the total to its parts. */
async function expectFiguresAddUp(orderId: number) {
  const order = await storedOrder(orderId);
  const lines = await storedLines(orderId);
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((a, line) => a + pick(line), 0);
  expect(order.subtotalCents).toBe(sum((line) => line.unitPriceCents * line.quantity));
  expect(order.taxCents).toBe(sum((line) => line.taxCents));
  expect(order.serviceCents).toBe(sum((line) => line.serviceCents));
  expect(order.totalCents).toBe(
    order.subtotalCents + (order.taxIncluded ? 0 : order.taxCents) + order.serviceCents,
  );
}

describe('a restaurant without taxes or service', () => {
  it('answers its menu and its orders exactly as before: total = subtotal, no breakdown', async () => {
    const place = await setup();
    const menu = (
      await t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${place.token}` })
    ).json();
    expect(menu).not.toHaveProperty('pricing');
    expect(menu.menu[0]).not.toHaveProperty('tax_rate_id');

    const { order_id, total_amount } = await placed(place, [{ menu_item_id: place.pizza, quantity: 2 }]);
    expect(total_amount).toBe(25);
    const order = await storedOrder(order_id);
    expect(order).toMatchObject({ subtotalCents: 2500, taxCents: 0, serviceCents: 0, totalCents: 2500 });
    const summary = await summaryOf(place, order_id);
    expect(summary).not.toHaveProperty('subtotal');
    expect(summary.items[0]).not.toHaveProperty('tax');
  });
});

describe('taxes added to the prices (US)', () => {
  let place: Place;
  let food: number | undefined;
  let alcohol: number | undefined;
  beforeAll(async () => {
    place = await setup();
    [food, alcohol] = await price(place, {
      rates: [
        { name: 'Food', rate: 7000, isDefault: true },
        { name: 'Alcohol', rate: 20_000, items: [place.wine] },
      ],
    });
  });

  it("tells the diner's menu how orders are priced, each dish with the rate it is taxed at", async () => {
    const menu = (
      await t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${place.token}` })
    ).json();
    expect(menu.pricing).toEqual({
      payment_timing: 'counter',
      prices_include_tax: false,
      service_charge_percent: 0,
      service_charge_min_party: null,
      tax_rates: [
        { tax_rate_id: food, name: 'Food', rate_percent: 7 },
        { tax_rate_id: alcohol, name: 'Alcohol', rate_percent: 20 },
      ],
    });
    const rateOf = (id: number): number =>
      menu.menu.find((item: { menu_id: number }) => item.menu_id === id).tax_rate_id;
    // The wine names its rate; the pizza names none and is taxed at the default.
    expect(rateOf(place.wine)).toBe(alcohol);
    expect(rateOf(place.pizza)).toBe(food);
  });

  it('adds each line its rate, sums the taxes by rate, and every read shows the same figures', async () => {
    const { order_id, total_amount } = await placed(place, [
      { menu_item_id: place.pizza, quantity: 2 },
      { menu_item_id: place.wine, quantity: 1 },
    ]);
    // $25.00 of food at 7 % ($1.75) and $8.00 of wine at 20 % ($1.60).
    expect(total_amount).toBe(36.35);
    const lines = await storedLines(order_id);
    expect(lines.map(({ taxName, taxRate, taxCents }) => ({ taxName, taxRate, taxCents }))).toEqual([
      { taxName: 'Food', taxRate: 7000, taxCents: 175 },
      { taxName: 'Alcohol', taxRate: 20_000, taxCents: 160 },
    ]);
    await expectFiguresAddUp(order_id);

    const figures = {
      total_amount: 36.35,
      subtotal: 33,
      tax: 3.35,
      tax_included: false,
      taxes: [
        { name: 'Food', rate_percent: 7, amount: 1.75 },
        { name: 'Alcohol', rate_percent: 20, amount: 1.6 },
      ],
      service: 0,
      payment_timing: 'counter',
      payment_state: 'unpaid',
    };
    const summary = await summaryOf(place, order_id);
    expect(summary).toMatchObject(figures);
    expect(summary.items.map((line: { tax: number }) => line.tax)).toEqual([1.75, 1.6]);
    const staff = await staffOrderOf(place, order_id);
    expect(staff).toMatchObject(figures);
    expect(staff.items.map((line: { tax: number }) => line.tax)).toEqual([1.75, 1.6]);
  });

  it('rounds each line half up: 7 % of $0.50 is 3.5 cents, so 4', async () => {
    const { order_id, total_amount } = await placed(place, [{ menu_item_id: place.mint, quantity: 1 }]);
    expect(total_amount).toBe(0.54);
    expect((await storedLines(order_id))[0]!.taxCents).toBe(4);
  });

  it('re-prices an edited Pending order: its lines, their taxes and its total', async () => {
    const { order_id } = await placed(place, [{ menu_item_id: place.pizza, quantity: 1 }]);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/customer/update-order/${order_id}`,
      headers: place.owner.auth,
      payload: {
        order_items: [
          { menu_item_id: place.pizza, quantity: 3 },
          { menu_item_id: place.wine, quantity: 2 },
        ],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // $37.50 at 7 % ($2.63, 2.625 rounded up) and $16.00 at 20 % ($3.20).
    expect(edit.json().order).toMatchObject({ subtotal: 53.5, tax: 5.83, total_amount: 59.33 });
    expect(await storedOrder(order_id)).toMatchObject({
      subtotalCents: 5350,
      taxCents: 583,
      totalCents: 5933,
    });
    await expectFiguresAddUp(order_id);
  });
});

describe('taxes included in the prices (EU, UK)', () => {
  it('shows the tax the price contains and adds nothing to the total', async () => {
    const place = await setup();
    await price(place, { pricesIncludeTax: true, rates: [{ name: 'VAT', rate: 20_000, isDefault: true }] });
    const { order_id, total_amount } = await placed(place, [{ menu_item_id: place.wine, quantity: 3 }]);
    // $24.00 with 20 % VAT in it: $20.00 net, $4.00 VAT.
    expect(total_amount).toBe(24);
    expect(await summaryOf(place, order_id)).toMatchObject({
      subtotal: 24,
      tax: 4,
      tax_included: true,
      taxes: [{ name: 'VAT', rate_percent: 20, amount: 4 }],
      total_amount: 24,
    });
    await expectFiguresAddUp(order_id);
  });
});

describe('a service charge', () => {
  it('charges every order when it has no minimum party, shared over the lines', async () => {
    const place = await setup();
    await price(place, { serviceChargeRate: 12_500 });
    const { order_id, total_amount } = await placed(place, [
      { menu_item_id: place.pizza, quantity: 1 },
      { menu_item_id: place.mint, quantity: 1 },
    ]);
    // 12.5 % of $13.00 is $1.625, so $1.63.
    expect(total_amount).toBe(14.63);
    expect((await storedLines(order_id)).map((line) => line.serviceCents)).toEqual([157, 6]);
    expect(await summaryOf(place, order_id)).toMatchObject({ subtotal: 13, service: 1.63, tax: 0 });
    await expectFiguresAddUp(order_id);
  });

  it('charges only parties of the minimum or more, from the party size the checkout asks', async () => {
    const place = await setup();
    await price(place, {
      serviceChargeRate: 10_000,
      serviceChargeMinParty: 6,
      rates: [{ name: 'Sales tax', rate: 8875, isDefault: true }],
    });
    const pizza = [{ menu_item_id: place.pizza, quantity: 4 }];
    // $50.00 at 8.875 % is $4.4375: $4.44.
    expect((await placed(place, pizza)).total_amount).toBe(54.44);
    expect((await placed(place, pizza, { party_size: 5 })).total_amount).toBe(54.44);
    const party = await placed(place, pizza, { party_size: 6 });
    expect(party.total_amount).toBe(59.44);
    expect(await storedOrder(party.order_id)).toMatchObject({ partySize: 6, serviceCents: 500 });

    // The owner's walk-in is priced the same way, and an edit keeps the party it was placed for.
    const walkIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers: place.owner.auth,
      payload: {
        restaurant_id: place.restaurantId,
        user_id: place.owner.userId,
        customer_name: 'Walk-in Wendy',
        phone_number: '5035550199',
        total_amount: 0,
        table_number: 3,
        party_size: 8,
        items: [{ menu_id: place.pizza, quantity: 4 }],
      },
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(walkIn.json().total_amount).toBe(59.44);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/customer/update-order/${walkIn.json().order_id}`,
      headers: place.owner.auth,
      payload: { order_items: [{ menu_item_id: place.pizza, quantity: 2 }] },
    });
    // $25.00: tax $2.22 (2.21875 up), service $2.50.
    expect(edited.json().order).toMatchObject({ subtotal: 25, tax: 2.22, service: 2.5, total_amount: 29.72 });
    await expectFiguresAddUp(walkIn.json().order_id);
  });

  it('refuses a party size that is not a whole number from 1 to 50, naming the field', async () => {
    const place = await setup();
    for (const [party_size, message] of [
      [0, 'Party size must be at least 1'],
      [51, 'Party size must be at most 50'],
      [2.5, 'Party size must be a whole number'],
      ['4', 'Party size must be a whole number'],
    ] as const) {
      const response = await placeOrder(place, [{ menu_item_id: place.pizza, quantity: 1 }], { party_size });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, errors: [{ path: 'party_size', message }] });
    }
    expect(await db().select().from(orders).where(eq(orders.restaurantId, place.restaurantId))).toEqual([]);
  });
});
