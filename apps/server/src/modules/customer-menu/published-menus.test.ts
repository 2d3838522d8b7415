import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems } from '../../db/schema';
import { addMenuItem, signUpDiner } from '../../test/orders';
import { freshLogin } from '../../test/owners';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp, twoInstancesForSuite } from '../../test/test-app';

type Place = Awaited<ReturnType<typeof ownerWithRestaurant>>;

const display = (t: TestApp, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${token}`, headers });

const priceOf = async (t: TestApp, place: Place) =>
  (await display(t, place.token)).json().menu[0].price as number;

const setPrice = (t: TestApp, place: Place, menuId: number, price: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/menu/update-menu-item/${menuId}`,
    headers: place.owner.auth,
    payload: {
      item_name: 'Lasagne',
      description: 'Good',
      category: 'MainCourse',
      price,
      restaurant_id: place.restaurantId,
    },
  });

describe('published menus (one instance)', () => {
  let t: TestApp;
  let place: Place;
  let menuId: number;
  beforeAll(async () => {
    t = await createTestApp();
    place = await ownerWithRestaurant(t);
    menuId = await addMenuItem(t, place, { item_name: 'Lasagne', price: 12 });
  });
  afterAll(() => t?.close());

  it('sends the bytes a phone accepts: brotli, then gzip, else plain JSON, all the same menu', async () => {
    const plain = await display(t, place.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await display(t, place.token, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await display(t, place.token, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(1);
  });

  it('compresses a menu reloaded unchanged no more, and a changed one again', async () => {
    const answerOf = async () => (await t.app.publishedMenus.byId(place.restaurantId))!.answer('token');
    const first = await answerOf();
    t.app.publishedMenus.invalidateAll();
    const reloaded = await answerOf();
    expect(reloaded.br).toBe(first.br);
    expect(reloaded.gzip).toBe(first.gzip);

    expect((await setPrice(t, place, menuId, 13)).statusCode).toBe(200);
    const changed = await answerOf();
    expect(changed.etag).not.toBe(first.etag);
    expect(JSON.parse(zlib.brotliDecompressSync(changed.br).toString()).menu[0].price).toBe(13);
    expect((await setPrice(t, place, menuId, 12)).statusCode).toBe(200);
  });

  it('reads and compresses a menu once when many phones open it at the same moment', async () => {
    const menus = t.app.publishedMenus;
    expect((await setPrice(t, place, menuId, 14)).statusCode).toBe(200);
    // Twenty phones scanning the QR code at once, and one more asking by the restaurant's id.
    const byToken = await Promise.all(Array.from({ length: 20 }, () => menus.byToken(place.token)));
    expect(new Set(byToken).size).toBe(1);
    menus.invalidateAll();
    const [viaToken, viaId] = await Promise.all([menus.byToken(place.token), menus.byId(place.restaurantId)]);
    expect(viaToken).not.toBe(viaId);
    const [fromToken, fromId] = await Promise.all([viaToken!.answer('id'), viaId!.answer('id')]);
    expect(fromToken).toBe(fromId);
    expect((await setPrice(t, place, menuId, 12)).statusCode).toBe(200);
  });

  it('never serves or charges a stale price: an edit shows on the next open and the next order', async () => {
    expect(await priceOf(t, place)).toBe(12);
    expect((await setPrice(t, place, menuId, 14.5)).statusCode).toBe(200);
    expect(await priceOf(t, place)).toBe(14.5);

    const diner = await signUpDiner(t, place.restaurantId);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers: diner.auth,
      payload: {
        restaurant_id: place.restaurantId,
        order_items: [{ menu_item_id: menuId, quantity: 2 }],
        order_type: 'dine-in',
        table_no: 1,
      },
    });
    expect(order.statusCode).toBe(201);
    expect(order.json().total_amount).toBe(29);
  });

  it('closes the menu as soon as the subscription lapses through the sweep', async () => {
    const other = await ownerWithRestaurant(t);
    await addMenuItem(t, other, { item_name: 'Soup', price: 5 });
    expect((await display(t, other.token)).statusCode).toBe(200);
    // Canceled (from day 5) at the period's end, which then passes: the sweep ends the subscription.
    const DAY_MS = 24 * 3600_000;
    t.clock.advance(5 * DAY_MS);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscription/cancel-subscription/${other.owner.userId}`,
      headers: (await freshLogin(t, other.owner)).auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await display(t, other.token)).statusCode).toBe(200);
    t.clock.advance(26 * DAY_MS);
    await t.app.subscriptions.sweep();
    expect((await display(t, other.token)).statusCode).toBe(403);
  });

  it('closes the menu as soon as the owner cancels at once', async () => {
    const other = await ownerWithRestaurant(t);
    await addMenuItem(t, other, { item_name: 'Soup', price: 5 });
    expect((await display(t, other.token)).statusCode).toBe(200);
    t.clock.advance(5 * 24 * 3600_000);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscription/cancel-subscription/${other.owner.userId}`,
      headers: (await freshLogin(t, other.owner)).auth,
      payload: { mode: 'immediate' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await display(t, other.token)).statusCode).toBe(403);
  });

  it('keeps no menu read while a change was committing: the next open reads again', async () => {
    const reading = t.app.publishedMenus.byId(place.restaurantId);
    // A change made (and announced) while that read is under way.
    await t.app.database.db.update(menuItems).set({ priceCents: 2100 }).where(eq(menuItems.id, menuId));
    t.app.publishedMenus.invalidate(place.restaurantId);
    await reading;
    expect(await priceOf(t, place)).toBe(21);
  });
});

// Two instances on one PostgreSQL and one Redis, as in production.
describe.runIf(process.env.TEST_REDIS_URL && process.env.TEST_DB_DRIVER === 'postgres')(
  'published menus across two instances sharing Redis',
  () => {
    const instances = twoInstancesForSuite();

    it('an edit through one instance shows on the other at once', async () => {
      const { a, b } = instances();
      const place = await ownerWithRestaurant(a);
      const menuId = await addMenuItem(a, place, { item_name: 'Lasagne', price: 12 });
      expect(await priceOf(b, place)).toBe(12);
      expect((await setPrice(a, place, menuId, 13)).statusCode).toBe(200);
      // Pub/sub is asynchronous: the other instance hears of it within milliseconds.
      await expect.poll(() => priceOf(b, place), { timeout: 2000, interval: 20 }).toBe(13);
    });
  },
);
