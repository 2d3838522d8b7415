import { menuMessages } from '@tableserve/contract/menu';
import { restaurantServerMessages } from '@tableserve/contract/restaurant';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems } from '../../db/schema';
import { registerVerifiedOwner } from '../../test/owners';
import { expireSubscription, type Owner, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, owner?: Owner, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: owner?.auth ?? {}, ...(payload ? { payload } : {}) });

const itemBody = (restaurantId: number, overrides: object = {}) => ({
  item_name: 'Margherita',
  description: 'Tomato, mozzarella, basil.',
  price: 12.5,
  category: 'MainCourse',
  restaurant_id: restaurantId,
  ...overrides,
});
const addItem = (owner: Owner | undefined, body: object) => api('POST', '/menu/add-menu-item', owner, body);
const listItems = (owner: Owner | undefined, restaurantId: number | string) =>
  api('GET', `/menu/get-menu-items/${restaurantId}`, owner);
const updateItem = (owner: Owner | undefined, menuId: number | string, body: object) =>
  api('POST', `/menu/update-menu-item/${menuId}`, owner, body);
const deleteItem = (owner: Owner | undefined, menuId: number | string) =>
  api('DELETE', `/menu/delete-menu-item/${menuId}`, owner);

async function withItem(overrides: object = {}) {
  const setup = await ownerWithRestaurant(t);
  const added = await addItem(setup.owner, itemBody(setup.restaurantId, overrides));
  expect(added.statusCode).toBe(201);
  return { ...setup, item: added.json().data as { menu_id: number } & Record<string, unknown> };
}

describe('adding menu items', () => {
  it('adds an item, stores the price in cents and answers in dollars', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const response = await addItem(owner, itemBody(restaurantId, { price: 19.99 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: menuMessages.added,
      data: {
        menu_id: expect.any(Number),
        item_name: 'Margherita',
        description: 'Tomato, mozzarella, basil.',
        price: 19.99,
        category: 'MainCourse',
        image: null,
        available: true,
        restaurant_id: restaurantId,
        allergens: [],
        dietary_tags: [],
        stock: null,
        option_groups: [],
      },
    });
    const [row] = await t.app.database.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.id, response.json().data.menu_id));
    expect(row!.priceCents).toBe(1999);
  });

  it('keeps an image URL and an availability, and treats an empty image as none', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const image = 'http://tableserve.test/api/v1/uploads/1-abcdefghijklmnopqrstuv.png';
    const withImage = await addItem(owner, itemBody(restaurantId, { image, available: false, price: 0 }));
    expect(withImage.json().data).toMatchObject({ image, available: false, price: 0 });
    const emptyImage = await addItem(owner, itemBody(restaurantId, { image: '' }));
    expect(emptyImage.json().data.image).toBeNull();
  });

  it.each([
    ['a negative price', { price: -1 }, 'Price must be 0 or more'],
    ['a price with 3 decimals', { price: 1.005 }, 'Price can have at most 2 decimals'],
    ['a price as text', { price: '12' }, 'Price must be a number'],
    ['a 51-character name', { item_name: 'x'.repeat(51) }, 'Item name must be at most 50 characters'],
    ['a 201-character description', { description: 'x'.repeat(201) }, 'Description must be at most 200'],
    ['an empty description', { description: '  ' }, 'Description is required'],
    ['an unknown category', { category: 'Brunch' }, 'Category must be one of'],
    ['a script URL as image', { image: 'javascript:alert(1)' }, 'Image must be an http(s) URL'],
    ['a non-URL image', { image: 'photo.png' }, 'Image must be an http(s) URL'],
    ['an unknown field', { owner_id: 1 }, 'Unknown field: owner_id'],
    ['no restaurant', { restaurant_id: undefined }, 'restaurant_id'],
  ])('rejects %s with a 400', async (_label, change, message) => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const response = await addItem(owner, itemBody(restaurantId, change));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    expect((await listItems(owner, restaurantId)).json().data).toEqual([]);
  });

  it('accepts names and descriptions at their limits', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const response = await addItem(
      owner,
      itemBody(restaurantId, { item_name: 'x'.repeat(50), description: 'y'.repeat(200), price: 1.1 }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.price).toBe(1.1);
  });

  it('refuses another owner’s restaurant (404), no token (401) and no valid subscription (403)', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const other = await ownerWithRestaurant(t);
    const stranger = await addItem(other.owner, itemBody(restaurantId));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(restaurantServerMessages.notFound);
    expect((await addItem(undefined, itemBody(restaurantId))).statusCode).toBe(401);
    expect((await addItem(await registerVerifiedOwner(t), itemBody(restaurantId))).statusCode).toBe(403);

    await expireSubscription(t, owner);
    const lapsed = await addItem(owner, itemBody(restaurantId));
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await listItems(owner, restaurantId)).json().data).toEqual([]);
  });
});

describe('listing menu items', () => {
  it('lists the restaurant’s items newest first, without deleted ones', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const ids: number[] = [];
    for (const name of ['Soup', 'Salad', 'Cake']) {
      ids.push((await addItem(owner, itemBody(restaurantId, { item_name: name }))).json().data.menu_id);
    }
    await deleteItem(owner, ids[1]!);
    const response = await listItems(owner, restaurantId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((item: { item_name: string }) => item.item_name)).toEqual([
      'Cake',
      'Soup',
    ]);
  });

  it('shows an owner only their own restaurant’s menu', async () => {
    const { restaurantId } = await withItem();
    const other = await ownerWithRestaurant(t);
    const stranger = await listItems(other.owner, restaurantId);
    expect(stranger.statusCode).toBe(404);
    expect((await listItems(undefined, restaurantId)).statusCode).toBe(401);
    expect((await listItems(other.owner, 'abc')).statusCode).toBe(400);
  });

  it('still lets an owner whose subscription lapsed read their menu', async () => {
    const { owner, restaurantId } = await withItem();
    await expireSubscription(t, owner);
    expect((await listItems(owner, restaurantId)).json().data).toHaveLength(1);
  });
});

describe('updating menu items', () => {
  it('replaces the item’s fields; an absent image is kept, null removes it', async () => {
    const image = 'https://cdn.example.com/menu/pizza.webp';
    const { owner, restaurantId, item } = await withItem({ image });
    const response = await updateItem(
      owner,
      item.menu_id,
      itemBody(restaurantId, {
        item_name: 'Marinara',
        price: 9,
        available: false,
        category: 'TodaysSpecial',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: menuMessages.updated,
      data: { ...item, item_name: 'Marinara', price: 9, available: false, category: 'TodaysSpecial', image },
    });
    const cleared = await updateItem(owner, item.menu_id, itemBody(restaurantId, { image: null }));
    expect(cleared.json().data.image).toBeNull();
  });

  it('refuses another owner’s item, a deleted item, and a move to another restaurant (404)', async () => {
    const { owner, restaurantId, item } = await withItem();
    const other = await ownerWithRestaurant(t);
    const stranger = await updateItem(other.owner, item.menu_id, itemBody(other.restaurantId));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(menuMessages.itemNotFound);
    expect((await updateItem(other.owner, item.menu_id, itemBody(restaurantId))).statusCode).toBe(404);
    expect((await updateItem(owner, item.menu_id, itemBody(other.restaurantId))).statusCode).toBe(404);
    expect((await updateItem(owner, 2_000_000_000, itemBody(restaurantId))).statusCode).toBe(404);

    await deleteItem(owner, item.menu_id);
    expect((await updateItem(owner, item.menu_id, itemBody(restaurantId))).statusCode).toBe(404);
  });

  it('refuses no token (401), no valid subscription (403) and bad input (400)', async () => {
    const { owner, restaurantId, item } = await withItem();
    expect((await updateItem(undefined, item.menu_id, itemBody(restaurantId))).statusCode).toBe(401);
    expect((await updateItem(owner, item.menu_id, itemBody(restaurantId, { price: 1.005 }))).statusCode).toBe(
      400,
    );
    expect((await updateItem(owner, item.menu_id, itemBody(restaurantId, { price: -1 }))).statusCode).toBe(
      400,
    );
    expect((await updateItem(owner, 'first', itemBody(restaurantId))).statusCode).toBe(400);
    await expireSubscription(t, owner);
    expect((await updateItem(owner, item.menu_id, itemBody(restaurantId))).statusCode).toBe(403);
  });
});

describe('deleting menu items', () => {
  it('hides the item but keeps its row for past orders', async () => {
    const { owner, item } = await withItem();
    const response = await deleteItem(owner, item.menu_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: menuMessages.deleted });
    const [row] = await t.app.database.db.select().from(menuItems).where(eq(menuItems.id, item.menu_id));
    expect(row!.deletedAt).toEqual(t.clock.now());
    const again = await deleteItem(owner, item.menu_id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(menuMessages.itemNotFound);
  });

  it('refuses another owner (404), no token (401) and no valid subscription (403)', async () => {
    const { owner, restaurantId, item } = await withItem();
    const other = await ownerWithRestaurant(t);
    expect((await deleteItem(other.owner, item.menu_id)).statusCode).toBe(404);
    expect((await deleteItem(await registerVerifiedOwner(t), item.menu_id)).statusCode).toBe(403);
    expect((await deleteItem(undefined, item.menu_id)).statusCode).toBe(401);
    await expireSubscription(t, owner);
    expect((await deleteItem(owner, item.menu_id)).statusCode).toBe(403);
    expect((await listItems(owner, restaurantId)).json().data).toHaveLength(1);
  });
});
