import { optionMessages } from '@tableserve/contract/item-options';
import { MAX_QUANTITY } from '@tableserve/contract/order';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, orderItems, orders } from '../../db/schema';
import { addMenuItem, type Diner, signUpDiner } from '../../test/orders';
import { type Owner, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { priceLines } from '../orders/order-lines';

/**
 * docs/decisions/017-item-options.md (ADR 017): option groups per item, edited with the item; each order line's
 * choices checked against the groups' rules and priced by the server in cents; lines keep the
 * options' names and prices of the moment.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Group = {
  id: number;
  name: string;
  min_choices: number;
  max_choices: number;
  options: { id: number; name: string; price_delta: number }[];
};
type Place = Awaited<ReturnType<typeof setup>>;

const api = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

const latteGroups = [
  {
    name: 'Size',
    min_choices: 1,
    max_choices: 1,
    options: [
      { name: 'Regular', price_delta: 0 },
      { name: 'Large', price_delta: 1 },
    ],
  },
  {
    name: 'Milk',
    max_choices: 1,
    options: [
      { name: 'Oat milk', price_delta: 0.6 },
      { name: 'Almond milk', price_delta: 0.6 },
    ],
  },
];
const burgerGroups = [
  {
    name: 'Doneness',
    min_choices: 1,
    max_choices: 1,
    options: [{ name: 'Medium' }, { name: 'Well done' }],
  },
  {
    name: 'Extras',
    max_choices: 3,
    options: [
      { name: 'Bacon', price_delta: 2 },
      { name: 'Extra cheese', price_delta: 1.5 },
      { name: 'Fried egg', price_delta: 1.5 },
      { name: 'Avocado', price_delta: 2.5 },
    ],
  },
  {
    name: 'Sauces',
    min_choices: 2,
    max_choices: 2,
    options: [{ name: 'Ketchup' }, { name: 'Mayo' }, { name: 'Mustard' }],
  },
];
/** Three options of ten cents on a thirty-cent dish: floating point would not sum them exactly. */
const dimeGroups = [
  {
    name: 'Toppings',
    max_choices: 3,
    options: [
      { name: 'Salt', price_delta: 0.1 },
      { name: 'Pepper', price_delta: 0.1 },
      { name: 'Lime', price_delta: 0.1 },
    ],
  },
];

async function setup() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 6 });
  const latte = await addMenuItem(t, place, {
    item_name: 'Iced Latte',
    price: 5.5,
    category: 'Beverage',
    option_groups: latteGroups,
  });
  const burger = await addMenuItem(t, place, {
    item_name: 'Smash Burger',
    price: 18,
    option_groups: burgerGroups,
  });
  const chips = await addMenuItem(t, place, { item_name: 'Chips', price: 0.3, option_groups: dimeGroups });
  const soup = await addMenuItem(t, place, { item_name: 'Soup', price: 8 });
  const diner = await signUpDiner(t, place.restaurantId);
  return { ...place, latte, burger, chips, soup, diner };
}

/** The item's groups as the owner's menu list gives them. */
async function groupsOf(p: { owner: Owner; restaurantId: number }, menuId: number): Promise<Group[]> {
  const list = await api('GET', `/menu/get-menu-items/${p.restaurantId}`, p.owner.auth);
  const item = (list.json().data as { menu_id: number; option_groups: Group[] }[]).find(
    (row) => row.menu_id === menuId,
  );
  return item!.option_groups;
}
/** The id of an option, by group and option name. */
const optionId = (groups: Group[], group: string, option: string) =>
  groups.find((g) => g.name === group)!.options.find((o) => o.name === option)!.id;

const storedRow = async (menuId: number) =>
  (await t.app.database.db.select().from(menuItems).where(eq(menuItems.id, menuId)))[0]!;
const orderCount = async () => (await t.app.database.db.select().from(orders)).length;

let requests = 0;
function placeOrder(diner: Diner, restaurantId: number, lines: object[]) {
  requests += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    remoteAddress: `10.70.${Math.floor(requests / 250)}.${(requests % 250) + 1}`,
    headers: diner.auth,
    payload: { restaurant_id: restaurantId, order_items: lines, order_type: 'dine-in', table_no: 2 },
  });
}
const line = (menu_item_id: number, quantity: number, options?: number[]) => ({
  menu_item_id,
  quantity,
  ...(options ? { options } : {}),
});
const update = (p: Place, menuId: number, body: object) =>
  api('POST', `/menu/update-menu-item/${menuId}`, p.owner.auth, {
    item_name: 'Iced Latte',
    description: 'Good',
    price: 5.5,
    category: 'Beverage',
    restaurant_id: p.restaurantId,
    ...body,
  });

describe('option groups on the menu', () => {
  it('stores groups with ids, and gives them to the owner and, from the published menu, to diners', async () => {
    const p = await setup();
    const groups = await groupsOf(p, p.latte);
    expect(groups).toEqual([
      {
        id: expect.any(Number),
        name: 'Size',
        min_choices: 1,
        max_choices: 1,
        options: [
          { id: expect.any(Number), name: 'Regular', price_delta: 0 },
          { id: expect.any(Number), name: 'Large', price_delta: 1 },
        ],
      },
      {
        id: expect.any(Number),
        name: 'Milk',
        min_choices: 0,
        max_choices: 1,
        options: [
          { id: expect.any(Number), name: 'Oat milk', price_delta: 0.6 },
          { id: expect.any(Number), name: 'Almond milk', price_delta: 0.6 },
        ],
      },
    ]);
    const ids = groups.flatMap((group) => [group.id, ...group.options.map((option) => option.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await storedRow(p.latte)).optionGroups[0]!.options[1]!.priceDeltaCents).toBe(100);

    const menu = await api('GET', `/customer/display-menu/${p.restaurantId}`, {});
    const latte = (menu.json().menu as { menu_id: number; option_groups: Group[] }[]).find(
      (item) => item.menu_id === p.latte,
    );
    expect(latte?.option_groups).toEqual(groups);
    expect((await groupsOf(p, p.soup)).length).toBe(0);
  });

  it('keeps an option id across a price edit, gives a new option a new id, keeps groups when absent, clears on []', async () => {
    const p = await setup();
    const before = await groupsOf(p, p.latte);
    const large = optionId(before, 'Size', 'Large');
    const edited = structuredClone(latteGroups);
    edited[0]!.options[1]!.price_delta = 1.25;
    edited[1]!.options.push({ name: 'Soy milk', price_delta: 0.5 });
    expect((await update(p, p.latte, { option_groups: edited })).statusCode).toBe(200);
    const after = await groupsOf(p, p.latte);
    expect(optionId(after, 'Size', 'Large')).toBe(large);
    expect(after[0]!.options[1]!.price_delta).toBe(1.25);
    const soy = optionId(after, 'Milk', 'Soy milk');
    expect(before.flatMap((group) => group.options.map((option) => option.id))).not.toContain(soy);

    // A form from before options (no option_groups) leaves them as they are.
    expect((await update(p, p.latte, { price: 6 })).statusCode).toBe(200);
    expect(await groupsOf(p, p.latte)).toEqual(after);

    expect((await update(p, p.latte, { option_groups: [] })).statusCode).toBe(200);
    expect(await groupsOf(p, p.latte)).toEqual([]);
  });

  const bad: Array<[string, unknown, string]> = [
    [
      'a price delta below 0',
      [{ name: 'Size', options: [{ name: 'Large', price_delta: -0.5 }] }],
      'Price delta must be 0 or more',
    ],
    [
      'a price delta with 3 decimals',
      [{ name: 'Size', options: [{ name: 'Large', price_delta: 0.555 }] }],
      'Price delta can have at most 2 decimals',
    ],
    [
      'fewest choices above the most',
      [{ name: 'Size', min_choices: 2, max_choices: 1, options: [{ name: 'S' }, { name: 'L' }] }],
      optionMessages.minAboveMax,
    ],
    [
      'more choices than options',
      [{ name: 'Size', max_choices: 3, options: [{ name: 'S' }, { name: 'L' }] }],
      optionMessages.maxAboveOptions('Size'),
    ],
    [
      'a most of 0',
      [{ name: 'Size', max_choices: 0, options: [{ name: 'S' }] }],
      optionMessages.maxAtLeastOne,
    ],
    ['a group with no options', [{ name: 'Size', options: [] }], optionMessages.noOptions],
    [
      'an option named twice',
      [{ name: 'Size', options: [{ name: 'Large' }, { name: 'large' }] }],
      optionMessages.optionTwice('Size', 'large'),
    ],
    [
      'a group named twice',
      [
        { name: 'Size', options: [{ name: 'S' }] },
        { name: 'SIZE', options: [{ name: 'L' }] },
      ],
      optionMessages.groupTwice('SIZE'),
    ],
    [
      'eleven groups',
      Array.from({ length: 11 }, (_, index) => ({ name: `G${index}`, options: [{ name: 'A' }] })),
      optionMessages.tooManyGroups,
    ],
    [
      'twenty-one options',
      [{ name: 'Size', options: Array.from({ length: 21 }, (_, index) => ({ name: `O${index}` })) }],
      optionMessages.tooManyOptions,
    ],
    ['a blank option name', [{ name: 'Size', options: [{ name: '  ' }] }], 'Option name is required'],
    ['a NUL in a group name', [{ name: 'Si\u0000ze', options: [{ name: 'S' }] }], 'must not contain'],
    ['groups that are not a list', { name: 'Size' }, 'expected array'],
  ];
  it.each(bad)('refuses %s with a 400 naming it, and stores nothing', async (_, option_groups, message) => {
    const p = await setup();
    const before = await storedRow(p.latte);
    const edit = await update(p, p.latte, { option_groups });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toContain(message);
    expect(await storedRow(p.latte)).toEqual(before);
    const add = await api('POST', '/menu/add-menu-item', p.owner.auth, {
      item_name: 'New dish',
      description: 'Good',
      price: 5,
      category: 'Starter',
      restaurant_id: p.restaurantId,
      option_groups,
    });
    expect(add.statusCode).toBe(400);
    const names = (await groupsOfAll(p)).map((item) => item.item_name);
    expect(names).not.toContain('New dish');
  });

  it("refuses another owner's item with a 404 and leaves its groups alone", async () => {
    const p = await setup();
    const other = await setup();
    const before = await storedRow(other.latte);
    const response = await api('POST', `/menu/update-menu-item/${other.latte}`, p.owner.auth, {
      item_name: 'Iced Latte',
      description: 'Good',
      price: 5.5,
      category: 'Beverage',
      restaurant_id: p.restaurantId,
      option_groups: [],
    });
    expect(response.statusCode).toBe(404);
    expect(await storedRow(other.latte)).toEqual(before);
  });
});

async function groupsOfAll(p: { owner: Owner; restaurantId: number }) {
  const list = await api('GET', `/menu/get-menu-items/${p.restaurantId}`, p.owner.auth);
  return list.json().data as { item_name: string }[];
}

describe('orders with options', () => {
  it('prices each line from the menu in cents: the item plus its options, never the client', async () => {
    const p = await setup();
    const latte = await groupsOf(p, p.latte);
    const chips = await groupsOf(p, p.chips);
    const response = await placeOrder(p.diner, p.restaurantId, [
      line(p.latte, 3, [optionId(latte, 'Milk', 'Oat milk'), optionId(latte, 'Size', 'Large')]),
      line(p.latte, 1, [optionId(latte, 'Size', 'Regular')]),
      line(
        p.chips,
        7,
        chips[0]!.options.map((option) => option.id),
      ),
    ]);
    expect(response.statusCode).toBe(201);
    // (5.50 + 1.00 + 0.60) × 3 + 5.50 + (0.30 + 3 × 0.10) × 7 = 21.30 + 5.50 + 4.20
    expect(response.json().total_amount).toBe(31);
    const orderId = response.json().order_id as number;
    const lines = await t.app.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((row) => [row.productName, row.unitPriceCents, row.quantity])).toEqual([
      ['Iced Latte', 710, 3],
      ['Iced Latte', 550, 1],
      ['Chips', 60, 7],
    ]);
    // Chosen as Milk then Size, kept in the menu's order, with the names and prices of the moment.
    expect(lines[0]!.options).toEqual([
      { id: optionId(latte, 'Size', 'Large'), group: 'Size', name: 'Large', priceDeltaCents: 100 },
      { id: optionId(latte, 'Milk', 'Oat milk'), group: 'Milk', name: 'Oat milk', priceDeltaCents: 60 },
    ]);

    const summary = await api('GET', `/customer/order-summary/${p.restaurantId}/${orderId}`, p.diner.auth);
    expect(summary.json().items[0]).toEqual({
      menu_item_id: p.latte,
      product_name: 'Iced Latte',
      quantity: 3,
      price: 7.1,
      options: [
        { id: optionId(latte, 'Size', 'Large'), group: 'Size', name: 'Large', price: 1 },
        { id: optionId(latte, 'Milk', 'Oat milk'), group: 'Milk', name: 'Oat milk', price: 0.6 },
      ],
    });
  });

  it('refuses choices against the rules with a 400 naming the dish and group, and stores nothing', async () => {
    const p = await setup();
    const burger = await groupsOf(p, p.burger);
    const latte = await groupsOf(p, p.latte);
    const medium = optionId(burger, 'Doneness', 'Medium');
    const sauces = [optionId(burger, 'Sauces', 'Ketchup'), optionId(burger, 'Sauces', 'Mayo')];
    const extras = burger[1]!.options.map((option) => option.id);
    const cases: Array<[object, number, string]> = [
      [line(p.burger, 1, sauces), 400, 'Smash Burger: Choose a Doneness'],
      [line(p.burger, 1), 400, 'Smash Burger: Choose a Doneness'],
      [line(p.burger, 1, [medium]), 400, 'Smash Burger: Choose at least 2 Sauces'],
      [line(p.burger, 1, [medium, ...sauces, ...extras]), 400, 'Smash Burger: Choose at most 3 Extras'],
      [
        line(p.burger, 1, [medium, optionId(burger, 'Doneness', 'Well done'), ...sauces]),
        400,
        'Smash Burger: Choose at most 1 Doneness',
      ],
      [
        line(p.burger, 1, [medium, ...sauces, optionId(latte, 'Size', 'Large')]),
        400,
        optionMessages.notAnOption('Smash Burger'),
      ],
      [line(p.soup, 1, [optionId(latte, 'Size', 'Large')]), 400, optionMessages.notAnOption('Soup')],
      [line(p.burger, 1, [medium, medium, ...sauces]), 400, optionMessages.chosenTwice],
      [line(p.burger, 1, [medium, 1.5]), 400, ''],
      [line(p.burger, 1, [medium, -3]), 400, ''],
      [{ ...line(p.burger, 1, [medium, ...sauces]), price: 0.01 }, 400, ''],
    ];
    const ordersBefore = await orderCount();
    for (const [wanted, status, message] of cases) {
      // A diner each: one diner's orders are rate limited.
      const diner = await signUpDiner(t, p.restaurantId);
      const response = await placeOrder(diner, p.restaurantId, [line(p.soup, 1), wanted]);
      expect(response.statusCode, JSON.stringify(wanted)).toBe(status);
      expect(response.json().message).toContain(message);
    }
    expect(await orderCount()).toBe(ordersBefore);
    // The same dish right: it goes through, at 18 + 0 + 2 + 1.5.
    const right = await placeOrder(p.diner, p.restaurantId, [
      line(p.burger, 1, [
        ...sauces,
        optionId(burger, 'Extras', 'Bacon'),
        medium,
        optionId(burger, 'Extras', 'Fried egg'),
      ]),
    ]);
    expect(right.statusCode).toBe(201);
    expect(right.json().total_amount).toBe(21.5);
  });

  it('keeps what an order chose after the owner edits the options; a removed option is refused to new orders', async () => {
    const p = await setup();
    const groups = await groupsOf(p, p.latte);
    const large = optionId(groups, 'Size', 'Large');
    const oat = optionId(groups, 'Milk', 'Oat milk');
    const placed = await placeOrder(p.diner, p.restaurantId, [line(p.latte, 1, [large, oat])]);
    const orderId = placed.json().order_id as number;

    const edited = structuredClone(latteGroups);
    edited[0]!.options[1]!.price_delta = 2;
    edited[1]!.options.splice(0, 1);
    expect((await update(p, p.latte, { option_groups: edited })).statusCode).toBe(200);

    const summary = await api('GET', `/customer/order-summary/${p.restaurantId}/${orderId}`, p.diner.auth);
    expect(summary.json().items[0]).toMatchObject({
      price: 7.1,
      options: [
        { name: 'Large', price: 1 },
        { name: 'Oat milk', price: 0.6 },
      ],
    });
    // A cart holding the Large id still orders it, at today's price; the removed oat milk is refused.
    const again = await placeOrder(p.diner, p.restaurantId, [line(p.latte, 1, [large])]);
    expect(again.json().total_amount).toBe(7.5);
    const gone = await placeOrder(p.diner, p.restaurantId, [line(p.latte, 1, [large, oat])]);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe(optionMessages.notAnOption('Iced Latte'));
  });

  it('counts stock per dish whatever the options', async () => {
    const p = await setup();
    const groups = await groupsOf(p, p.latte);
    await update(p, p.latte, { stock: 2 });
    const regular = [optionId(groups, 'Size', 'Regular')];
    const large = [optionId(groups, 'Size', 'Large')];
    const short = await placeOrder(p.diner, p.restaurantId, [
      line(p.latte, 2, regular),
      line(p.latte, 1, large),
    ]);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('Sorry, only 2 Iced Latte left. Please lower the quantity.');
    const fits = await placeOrder(p.diner, p.restaurantId, [
      line(p.latte, 1, regular),
      line(p.latte, 1, large),
    ]);
    expect(fits.statusCode).toBe(201);
    expect((await storedRow(p.latte)).stock).toBe(0);
  });

  it('shows options to the kitchen, Order Management and the daily sales; an edit and a walk-in keep and price them', async () => {
    const p = await setup();
    const groups = await groupsOf(p, p.latte);
    const large = optionId(groups, 'Size', 'Large');
    const almond = optionId(groups, 'Milk', 'Almond milk');
    const walkIn = await api('POST', '/customer/place-order', p.owner.auth, {
      restaurant_id: p.restaurantId,
      user_id: p.owner.userId,
      customer_name: 'Walk-in Wendy',
      phone_number: '5035550199',
      total_amount: 0,
      items: [{ menu_id: p.latte, quantity: 2, options: [large, almond] }],
    });
    expect(walkIn.statusCode).toBe(201);
    expect(walkIn.json().total_amount).toBe(14.2);
    const orderId = walkIn.json().order_id as number;
    const chosen = [
      { id: large, group: 'Size', name: 'Large', price: 1 },
      { id: almond, group: 'Milk', name: 'Almond milk', price: 0.6 },
    ];

    const kitchen = await api('GET', `/kitchen/restaurant/${p.restaurantId}/orders`, p.owner.auth);
    const kitchenOrder = (kitchen.json().orders as { order_id: number; items: unknown[] }[]).find(
      (order) => order.order_id === orderId,
    );
    expect(kitchenOrder?.items).toEqual([
      {
        menu_item_id: p.latte,
        product_name: 'Iced Latte',
        quantity: 2,
        price: 7.1,
        options: chosen,
        allergens: [],
      },
    ]);

    // Order Management's edit: the line keeps its options, a second line of the dish has others.
    const regular = optionId(groups, 'Size', 'Regular');
    const edit = await api('PUT', `/customer/update-order/${orderId}`, p.owner.auth, {
      order_items: [
        { menu_item_id: p.latte, quantity: 2, options: [large, almond] },
        { menu_item_id: p.latte, quantity: 1, options: [regular] },
      ],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().order).toMatchObject({
      total_amount: 19.7,
      items: [
        { quantity: 2, price: 7.1, options: chosen },
        { quantity: 1, price: 5.5, options: [{ id: regular, group: 'Size', name: 'Regular', price: 0 }] },
      ],
    });
    const badEdit = await api('PUT', `/customer/update-order/${orderId}`, p.owner.auth, {
      order_items: [{ menu_item_id: p.latte, quantity: 1 }],
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().message).toBe('Iced Latte: Choose a Size');

    const owner = await api('GET', `/owner/restaurant/${p.restaurantId}/orders?per_page=50`, p.owner.auth);
    const listed = (owner.json().orders as { order_id: number; items: { options: unknown }[] }[]).find(
      (order) => order.order_id === orderId,
    );
    expect(listed?.items[0]?.options).toEqual(chosen);

    const today = kitchenOrder ? (kitchen.json().orders[0].order_date as string) : '';
    const sales = await api('GET', `/customer/daily-sales/${p.restaurantId}?date=${today}`, p.owner.auth);
    const sold = (sales.json().orders as { order_id: number; items: { options: unknown }[] }[]).find(
      (order) => order.order_id === orderId,
    );
    expect(sold?.items.map((item) => item.options)).toEqual([
      chosen,
      [{ id: regular, group: 'Size', name: 'Regular', price: 0 }],
    ]);
  });
});

describe('option pricing, generated', () => {
  it('prices 1,000 generated lines as (price + the chosen deltas) × quantity, to the cent', async () => {
    const place = await ownerWithRestaurant(t);
    // Deltas floating point gets wrong (0.29 × 100 is 28.999999999999996), and ordinary ones.
    const deltaCents = fc.oneof(
      fc.constantFrom(1, 7, 29, 57, 99, 110, 115, 1_005),
      fc.integer({ min: 0, max: 10_000 }),
    );
    const extras = fc.sample(deltaCents, { seed: 20_261_125, numRuns: 20 });
    const sizes = [0, 29, 115];
    const priceCents = 29;
    const menuId = await addMenuItem(t, place, {
      item_name: 'Bowl',
      price: priceCents / 100,
      option_groups: [
        {
          name: 'Size',
          min_choices: 1,
          max_choices: 1,
          options: sizes.map((cents, index) => ({ name: `Size ${index}`, price_delta: cents / 100 })),
        },
        {
          name: 'Extras',
          max_choices: extras.length,
          options: extras.map((cents, index) => ({ name: `Extra ${index}`, price_delta: cents / 100 })),
        },
      ],
    });
    const { items } = (await t.app.publishedMenus.byId(place.restaurantId))!;
    const [size, extra] = items.get(menuId)!.optionGroups;
    const line = fc.record({
      size: fc.nat({ max: sizes.length - 1 }),
      extras: fc.subarray([...extras.keys()]),
      quantity: fc.integer({ min: 1, max: MAX_QUANTITY }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), (wanted) => {
        const { totalCents, lines } = priceLines(
          items,
          wanted.map((chosen) => ({
            menuItemId: menuId,
            quantity: chosen.quantity,
            options: [
              size!.options[chosen.size]!.id,
              ...chosen.extras.map((index) => extra!.options[index]!.id),
            ],
          })),
        );
        const unit = (chosen: (typeof wanted)[number]) =>
          chosen.extras.reduce((sum, index) => sum + extras[index]!, priceCents + sizes[chosen.size]!);
        expect(lines.map((priced) => priced.unitPriceCents)).toEqual(wanted.map(unit));
        expect(totalCents).toBe(wanted.reduce((sum, chosen) => sum + unit(chosen) * chosen.quantity, 0));
      }),
      { seed: 20_261_125, numRuns: 1_000 },
    );
  });
});
