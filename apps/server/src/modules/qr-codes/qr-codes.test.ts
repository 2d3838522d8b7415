import { qrMessages } from '@tableserve/contract/menu';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedOwner } from '../../test/owners';
import { expireSubscription, type Owner, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const generate = (owner: Owner | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/menu/generate-qr-code',
    headers: owner?.auth ?? {},
    payload,
  });
const addItem = (owner: Owner, restaurantId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/menu/add-menu-item',
    headers: owner.auth,
    payload: {
      item_name: 'Tea',
      description: 'Hot.',
      price: 3,
      category: 'Beverage',
      restaurant_id: restaurantId,
    },
  });

describe('QR code', () => {
  it('is a 400×400 PNG of the public menu link once the menu has items', async () => {
    const { owner, restaurantId, token } = await ownerWithRestaurant(t);
    await addItem(owner, restaurantId);
    const response = await generate(owner, { restaurant_id: restaurantId });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(response.rawPayload);
    expect([png.width, png.height]).toEqual([400, 400]);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${TEST_PUBLIC_URL}/menu-display?token=${token}`);
  });

  it('answers NO_MENU_ITEMS while the menu is empty, or every item is deleted', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const empty = await generate(owner, { restaurant_id: restaurantId });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ statusText: 'NO_MENU_ITEMS', message: qrMessages.noMenuItems });

    const item = (await addItem(owner, restaurantId)).json().data;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/menu/delete-menu-item/${item.menu_id}`,
      headers: owner.auth,
    });
    expect((await generate(owner, { restaurant_id: restaurantId })).json().statusText).toBe('NO_MENU_ITEMS');
  });

  it('refuses another owner (404), no token (401) and no valid subscription (403)', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    await addItem(owner, restaurantId);
    const other = await ownerWithRestaurant(t);
    expect((await generate(other.owner, { restaurant_id: restaurantId })).statusCode).toBe(404);
    expect((await generate(undefined, { restaurant_id: restaurantId })).statusCode).toBe(401);
    expect((await generate(await registerVerifiedOwner(t), { restaurant_id: restaurantId })).statusCode).toBe(
      403,
    );
    await expireSubscription(t, owner);
    const lapsed = await generate(owner, { restaurant_id: restaurantId });
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it.each([[{}], [{ restaurant_id: 'abc' }], [{ restaurant_id: -1 }], [{ restaurant_id: 1, extra: true }]])(
    'rejects the body %o with a 400',
    async (payload) => {
      const { owner } = await ownerWithRestaurant(t);
      expect((await generate(owner, payload)).statusCode).toBe(400);
    },
  );
});
