import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem, placeDinerOrder, signUpDiner } from '../test/orders';
import { ownerWithRestaurant } from '../test/restaurants';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * EMBEDDED_DATABASE_THREAD=main: the whole app with PGlite on the server's own thread migrates,
 * writes in transactions and reads back as on its worker thread (db/embedded-client.ts), the
 * default every other suite runs on.
 */
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')(
  "the app with PGlite on the server's thread",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { EMBEDDED_DATABASE_THREAD: 'main' } });
    });
    afterAll(() => t?.close());

    it('takes an order in its transaction and reads it back', async () => {
      expect(t.config.embeddedThread).toBe('main');
      const place = await ownerWithRestaurant(t);
      const soup = await addMenuItem(t, place, { item_name: 'Soup', price: 7.5 });
      const diner = await signUpDiner(t, place.restaurantId);
      const orderId = await placeDinerOrder(t, diner, place.restaurantId, [
        { menu_item_id: soup, quantity: 2 },
      ]);

      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/v1/customer/order-summary/${place.restaurantId}/${orderId}`,
        headers: diner.auth,
      });
      expect(listed.statusCode).toBe(200);
      expect(JSON.stringify(listed.json())).toContain('Soup');
      expect(await t.app.database.ping()).toBe(true);
      expect(await t.app.database.migrationsBehind()).toBe(0);
    });
  },
);
