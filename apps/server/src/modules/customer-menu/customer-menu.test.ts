import { displayMenuServerMessages } from '@tableserve/contract/customer-menu';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants, subscriptions } from '../../db/schema';
import { expireSubscription, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Setup = Awaited<ReturnType<typeof ownerWithRestaurant>>;
const display = (tokenOrId: string | number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${tokenOrId}`, headers });
const addItem = async ({ owner, restaurantId }: Setup, item: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/menu/add-menu-item',
    headers: owner.auth,
    payload: {
      item_name: 'Soup',
      description: 'Hot',
      price: 7.5,
      category: 'Starter',
      restaurant_id: restaurantId,
      ...item,
    },
  });
  return response.json().data as { menu_id: number };
};

describe("the diner's menu", () => {
  it('serves the available items and the public restaurant fields, by token or by id', async () => {
    const setup = await ownerWithRestaurant(t);
    await addItem(setup, { item_name: 'Tiramisu', category: 'Dessert', price: 9.5 });
    await addItem(setup, { item_name: 'Sold out', available: false });
    const deleted = await addItem(setup, { item_name: 'Gone' });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/menu/delete-menu-item/${deleted.menu_id}`,
      headers: setup.owner.auth,
    });

    const response = await display(setup.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(
      body.menu.map((item: { item_name: string; price: number }) => [item.item_name, item.price]),
    ).toEqual([['Tiramisu', 9.5]]);
    expect(body.restaurant).toMatchObject({ restaurant_id: setup.restaurantId, token: setup.token });
    expect(body.restaurant).not.toHaveProperty('email');
    expect(body.restaurant).not.toHaveProperty('user_id');

    // By id (the spec's cart and checkout read the restaurant so): the same, without the token.
    const byId = await display(setup.restaurantId);
    expect(byId.statusCode).toBe(200);
    const { token: _token, ...withoutToken } = body.restaurant;
    expect(byId.json()).toEqual({ restaurant: withoutToken, menu: body.menu });
  });

  it('stops serving an old QR code once the token changes', async () => {
    const setup = await ownerWithRestaurant(t);
    await addItem(setup, {});
    expect((await display(setup.token)).statusCode).toBe(200);
    const rotated = `rotated${setup.restaurantId}abcdefghijklmnopqrstuvwx`;
    await t.app.database.db
      .update(restaurants)
      .set({ token: rotated })
      .where(eq(restaurants.id, setup.restaurantId));
    t.app.publishedMenus.invalidate(setup.restaurantId);
    const old = await display(setup.token);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(displayMenuServerMessages.notFound);
    expect((await display(rotated)).json().restaurant.token).toBe(rotated);
  });

  it('lets a phone revalidate cheaply with its ETag', async () => {
    const setup = await ownerWithRestaurant(t);
    await addItem(setup, {});
    const first = await display(setup.token);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.etag as string;
    const again = await display(setup.token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // No length for a body that is never sent: keep-alive clients would wait for it.
    expect(again.headers['content-length']).toBeUndefined();
    // A list of tags, or the strong form of the same tag, matches too.
    const strong = etag.replace(/^W\//, '');
    expect((await display(setup.token, { 'if-none-match': `"other", ${strong}` })).statusCode).toBe(304);
    expect((await display(setup.token, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // A menu change gives a new ETag, so the phone gets the new menu.
    await addItem(setup, { item_name: 'New dish' });
    expect((await display(setup.token, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it("is refused with the spec's message once the owner's subscription is not valid", async () => {
    const setup = await ownerWithRestaurant(t);
    await addItem(setup, {});
    // A failed renewal's grace period keeps the menu open.
    await t.app.database.db
      .update(subscriptions)
      .set({ status: 'grace_period', gracePeriodEndDate: new Date('2026-03-09T12:00:00Z') })
      .where(eq(subscriptions.userId, setup.owner.userId));
    expect((await display(setup.token)).statusCode).toBe(200);
    await expireSubscription(t, setup.owner);
    const response = await display(setup.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(displayMenuServerMessages.subscriptionInvalid);
  });

  it('says when there are no menu items, and 404s an unknown or malformed token', async () => {
    const setup = await ownerWithRestaurant(t);
    const empty = await display(setup.token);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(displayMenuServerMessages.noItems);
    expect((await display('A'.repeat(32))).statusCode).toBe(404);
    expect((await display(999_999)).statusCode).toBe(404);
    expect((await display('bad%20token')).statusCode).toBe(400);
    expect((await display('99999999999999999999')).statusCode).toBe(404);
  });
});
