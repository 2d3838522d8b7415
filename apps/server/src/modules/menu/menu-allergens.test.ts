import { allergenMessages } from '@tableserve/contract/allergens';
import { SOCKET_OPTIONS } from '@tableserve/contract/realtime';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems } from '../../db/schema';
import { addMenuItem, placeDinerOrder, signUpDiner } from '../../test/orders';
import { type Owner, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/** docs/decisions/012-allergens-and-dietary-tags.md: allergens and dietary tags of a menu item, from the owner's form to the kitchen. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, owner?: Owner, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: owner?.auth ?? {}, ...(payload ? { payload } : {}) });

const itemBody = (restaurantId: number, overrides: object = {}) => ({
  item_name: 'Satay',
  description: 'Chicken skewers, peanut sauce.',
  price: 9.5,
  category: 'Starter',
  restaurant_id: restaurantId,
  ...overrides,
});
const addItem = (owner: Owner, body: object) => api('POST', '/menu/add-menu-item', owner, body);
const updateItem = (owner: Owner, menuId: number, body: object) =>
  api('POST', `/menu/update-menu-item/${menuId}`, owner, body);
const listItems = async (owner: Owner, restaurantId: number) =>
  (await api('GET', `/menu/get-menu-items/${restaurantId}`, owner)).json().data as Record<string, unknown>[];
const display = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${token}` });

describe('storing allergens and dietary tags', () => {
  it('stores them in the law’s order, without repeats, and answers them on add and list', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const response = await addItem(
      owner,
      itemBody(restaurantId, {
        allergens: ['sesame', 'peanuts', 'soybeans', 'peanuts'],
        dietary_tags: ['spicy', 'gluten_free', 'spicy'],
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      allergens: ['peanuts', 'sesame', 'soybeans'],
      dietary_tags: ['gluten_free', 'spicy'],
    });
    const [row] = await t.app.database.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.id, response.json().data.menu_id));
    expect(row).toMatchObject({
      allergens: ['peanuts', 'sesame', 'soybeans'],
      dietaryTags: ['gluten_free', 'spicy'],
    });
    expect(await listItems(owner, restaurantId)).toEqual([
      expect.objectContaining({
        allergens: ['peanuts', 'sesame', 'soybeans'],
        dietary_tags: ['gluten_free', 'spicy'],
      }),
    ]);
  });

  it('treats a form without them as none on add, and leaves them as they were on update', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const plain = await addItem(owner, itemBody(restaurantId));
    expect(plain.json().data).toMatchObject({ allergens: [], dietary_tags: [] });

    const tagged = (
      await addItem(owner, itemBody(restaurantId, { allergens: ['milk'], dietary_tags: ['vegetarian'] }))
    ).json().data;
    // A client from before allergens sends the item without them: nothing is lost.
    const renamed = await updateItem(owner, tagged.menu_id, itemBody(restaurantId, { item_name: 'Paneer' }));
    expect(renamed.json().data).toMatchObject({
      item_name: 'Paneer',
      allergens: ['milk'],
      dietary_tags: ['vegetarian'],
    });
    // [] clears a list; the other one is left alone.
    const cleared = await updateItem(owner, tagged.menu_id, itemBody(restaurantId, { allergens: [] }));
    expect(cleared.json().data).toMatchObject({ allergens: [], dietary_tags: ['vegetarian'] });
    const changed = await updateItem(
      owner,
      tagged.menu_id,
      itemBody(restaurantId, { allergens: ['celery', 'mustard'], dietary_tags: ['vegan'] }),
    );
    expect(changed.json().data).toMatchObject({ allergens: ['celery', 'mustard'], dietary_tags: ['vegan'] });
  });

  it.each([
    [
      'an unknown allergen',
      { allergens: ['milk', 'nuts'] },
      'allergens.1',
      allergenMessages.unknownAllergen('nuts'),
    ],
    [
      'an allergen in capitals',
      { allergens: ['Milk'] },
      'allergens.0',
      allergenMessages.unknownAllergen('Milk'),
    ],
    [
      'an unknown dietary tag',
      { dietary_tags: ['keto'] },
      'dietary_tags.0',
      allergenMessages.unknownTag('keto'),
    ],
    ['allergens as text', { allergens: 'milk' }, 'allergens', allergenMessages.notAList('Allergens')],
    ['a number as a tag', { dietary_tags: [1] }, 'dietary_tags.0', allergenMessages.unknownTag(1)],
    [
      'an overlong list',
      { allergens: Array(29).fill('milk') },
      'allergens',
      'Allergens can list at most 14 values',
    ],
    [
      'Vegan with milk',
      { allergens: ['milk'], dietary_tags: ['vegan'] },
      'dietary_tags',
      allergenMessages.conflict('vegan', 'milk'),
    ],
    [
      'Gluten-free with gluten',
      { allergens: ['gluten'], dietary_tags: ['gluten_free'] },
      'dietary_tags',
      allergenMessages.conflict('gluten_free', 'gluten'),
    ],
    [
      'Vegetarian with fish',
      { allergens: ['fish'], dietary_tags: ['vegetarian'] },
      'dietary_tags',
      allergenMessages.conflict('vegetarian', 'fish'),
    ],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_label, change, path, message) => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const response = await addItem(owner, itemBody(restaurantId, change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message,
      code: 'VALIDATION_ERROR',
      errors: [{ path, message }],
    });
    expect(await listItems(owner, restaurantId)).toEqual([]);
  });

  it('says what it refused in words a person reads', () => {
    expect(allergenMessages.unknownAllergen('nuts')).toBe(
      "Allergens: 'nuts' is not one of celery, gluten, crustaceans, eggs, fish, lupin, milk, molluscs, mustard, tree_nuts, peanuts, sesame, soybeans, sulphites",
    );
    expect(allergenMessages.conflict('vegan', 'milk')).toBe('An item marked Vegan cannot contain milk');
  });

  it('checks an update of one list against the other as stored, and changes nothing on a refusal', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const item = (await addItem(owner, itemBody(restaurantId, { allergens: ['eggs'] }))).json().data;
    const vegan = await updateItem(owner, item.menu_id, itemBody(restaurantId, { dietary_tags: ['vegan'] }));
    expect(vegan.statusCode).toBe(400);
    expect(vegan.json()).toEqual({
      message: allergenMessages.conflict('vegan', 'eggs'),
      code: 'DIETARY_CONFLICT',
    });
    const unknown = await updateItem(
      owner,
      item.menu_id,
      itemBody(restaurantId, { allergens: ['eggs', 'soy'] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(await listItems(owner, restaurantId)).toEqual([
      expect.objectContaining({ allergens: ['eggs'], dietary_tags: [] }),
    ]);
  });
});

describe("the diner's menu", () => {
  it('carries each item’s allergens and dietary tags, and shows an edit of them at once', async () => {
    const setup = await ownerWithRestaurant(t);
    const { owner, restaurantId, token } = setup;
    const item = (
      await addItem(owner, itemBody(restaurantId, { allergens: ['peanuts'], dietary_tags: ['spicy'] }))
    ).json().data;
    const first = await display(token);
    expect(first.json().menu).toEqual([
      expect.objectContaining({ menu_id: item.menu_id, allergens: ['peanuts'], dietary_tags: ['spicy'] }),
    ]);
    // The answer is cached pre-serialised (published-menus.ts): an edit of the lists alone must
    // reach the next diner, with a new ETag.
    await updateItem(owner, item.menu_id, itemBody(restaurantId, { allergens: ['peanuts', 'sesame'] }));
    const second = await display(token);
    expect(second.json().menu[0]).toMatchObject({
      allergens: ['peanuts', 'sesame'],
      dietary_tags: ['spicy'],
    });
    expect(second.headers.etag).not.toBe(first.headers.etag);
    await updateItem(owner, item.menu_id, itemBody(restaurantId, { dietary_tags: [] }));
    expect((await display(token)).json().menu[0]).toMatchObject({ dietary_tags: [] });
  });
});

describe('the kitchen', () => {
  it('gets each order line with its item’s allergens as they are now, on the list and live', async () => {
    const place = await ownerWithRestaurant(t, { number_of_tables: 5 });
    const satay = await addMenuItem(t, place, {
      item_name: 'Satay',
      price: 9,
      allergens: ['peanuts', 'soybeans'],
    });
    const rice = await addMenuItem(t, place, { item_name: 'Rice', price: 3 });
    const diner = await signUpDiner(t, place.restaurantId);

    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect(address, {
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      query: { restaurant_id: place.restaurantId },
      auth: { token: place.owner.token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const heard = new Promise<{ items: unknown[] }>((resolve) =>
        socket.once('new_order', (payload: string) => resolve(JSON.parse(payload))),
      );
      await placeDinerOrder(t, diner, place.restaurantId, [
        { menu_item_id: satay, quantity: 2 },
        { menu_item_id: rice, quantity: 1 },
      ]);
      expect((await heard).items).toEqual([
        expect.objectContaining({ product_name: 'Satay', allergens: ['peanuts', 'soybeans'] }),
        expect.objectContaining({ product_name: 'Rice', allergens: [] }),
      ]);
    } finally {
      socket.disconnect();
    }

    const kitchen = async () =>
      (await api('GET', `/kitchen/restaurant/${place.restaurantId}/orders`, place.owner)).json().orders[0]
        .items;
    expect(await kitchen()).toEqual([
      expect.objectContaining({ product_name: 'Satay', allergens: ['peanuts', 'soybeans'] }),
      expect.objectContaining({ product_name: 'Rice', allergens: [] }),
    ]);
    // The owner corrects the recipe while the order waits: the pass sees the correction.
    await updateItem(
      place.owner,
      rice,
      itemBody(place.restaurantId, { item_name: 'Rice', allergens: ['sesame'] }),
    );
    expect((await kitchen())[1]).toMatchObject({ product_name: 'Rice', allergens: ['sesame'] });
  });
});
