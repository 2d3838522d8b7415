import { SOCKET_OPTIONS } from '@tableserve/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem, signUpDiner } from '../test/orders';
import { ownerWithRestaurant } from '../test/restaurants';
import { createTestApp, onTestRedis, type TestApp } from '../test/test-app';

/**
 * The staff's events across two API instances behind one Redis and one PostgreSQL (ADR 006): the
 * owner acts on instance A, and the restaurant's staff screens connected to instance B hear it —
 * the owner's walk-in order, a batch 'Mark Selected as Paid', an edit and a delete — while the
 * restaurant's diners and another restaurant's staff, on either instance, hear nothing of it.
 * And a dish sold out on one instance leaves the open menus and the published menu of the other.
 *
 * Tokens are checked against the shared database, so this needs PostgreSQL (TEST_DB_DRIVER=postgres,
 * TEST_DATABASE_URL) as well as TEST_REDIS_URL; in-memory PGlite cannot be shared by two instances.
 */

const EVENTS = ['new_order', 'order_update', 'order_deleted'] as const;
type EventName = (typeof EVENTS)[number];

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** Records every staff event a socket hears, parsed, in order. */
function recorder(socket: Socket) {
  const heard: { event: EventName; payload: Record<string, unknown> }[] = [];
  for (const event of EVENTS) {
    socket.on(event, (payload: string) => heard.push({ event, payload: JSON.parse(payload) }));
  }
  return heard;
}

/** Waits until `check` passes (events travel through Redis), or fails with its last error. */
async function eventually(check: () => void | Promise<void>, ms = 3000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Long enough for a stray event to cross Redis, were one sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe.runIf(process.env.TEST_REDIS_URL && process.env.TEST_DB_DRIVER === 'postgres')(
  "the staff's order events across two instances sharing Redis and PostgreSQL",
  () => {
    let a: TestApp;
    let b: TestApp;
    // Another deployment (a staging, say) on the same Redis, with its own REDIS_PREFIX. It shares
    // the database here only so that its restaurant ids, and so its rooms' names, are the same.
    let elsewhere: TestApp;
    const addresses = new Map<TestApp, string>();
    const sockets: Socket[] = [];

    beforeAll(async () => {
      const redis = onTestRedis();
      a = await createTestApp(redis);
      b = await createTestApp({ ...redis, config: { databaseUrl: a.config.databaseUrl } });
      elsewhere = await createTestApp({ ...onTestRedis(), config: { databaseUrl: a.config.databaseUrl } });
      addresses.set(a, await a.app.listen({ host: '127.0.0.1', port: 0 }));
      addresses.set(b, await b.app.listen({ host: '127.0.0.1', port: 0 }));
      addresses.set(elsewhere, await elsewhere.app.listen({ host: '127.0.0.1', port: 0 }));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await elsewhere?.close();
      await b?.close();
      await a?.close();
    });

    /** A socket on `instance` for `restaurantId` with `token`, connected, and what it hears. */
    async function listener(instance: TestApp, restaurantId: number, token: string) {
      const socket = connect(addresses.get(instance)!, {
        ...SOCKET_OPTIONS,
        transports: [...SOCKET_OPTIONS.transports],
        query: { restaurant_id: restaurantId },
        auth: { token },
      });
      sockets.push(socket);
      const heard = recorder(socket);
      await connected(socket);
      return heard;
    }

    it('carries a walk-in order, a batch payment, an edit and a delete to the staff on the other instance only', async () => {
      const place = await ownerWithRestaurant(a, { number_of_tables: 4 });
      const pizza = await addMenuItem(a, place, { item_name: 'Pizza', price: 10 });
      const soda = await addMenuItem(a, place, { item_name: 'Soda', price: 2.5, category: 'Beverage' });
      const other = await ownerWithRestaurant(a);
      const diner = await signUpDiner(a, place.restaurantId);

      const staffOnB = await listener(b, place.restaurantId, place.owner.token);
      const kitchenOnB = await listener(b, place.restaurantId, place.owner.token);
      const dinerOnB = await listener(b, place.restaurantId, diner.token);
      const dinerOnA = await listener(a, place.restaurantId, diner.token);
      const otherStaffOnB = await listener(b, other.restaurantId, other.owner.token);
      const otherStaffOnA = await listener(a, other.restaurantId, other.owner.token);
      const staffOfAnotherDeployment = await listener(elsewhere, place.restaurantId, place.owner.token);

      const onA = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        a.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: place.owner.auth,
          ...(payload && { payload }),
        });
      const walkIn = async (customer_name: string) => {
        const response = await onA('POST', '/customer/place-order', {
          restaurant_id: place.restaurantId,
          user_id: place.owner.userId,
          customer_name,
          phone_number: '5035550199',
          total_amount: 0,
          items: [{ menu_id: pizza, quantity: 1 }],
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().order_id as number;
      };
      const ready = async (orderId: number) => {
        const response = await onA(
          'POST',
          `/kitchen/restaurant/${place.restaurantId}/update-order-status/${orderId}`,
          { status: 'Ready' },
        );
        expect(response.statusCode).toBe(200);
      };
      const staffScreens = [staffOnB, kitchenOnB];
      const lastOf = (heard: typeof staffOnB) => heard[heard.length - 1];

      // 1. The owner's walk-in order, placed on A, is prepended on B's screens.
      const wendy = await walkIn('Walk-in Wendy');
      await eventually(() => {
        for (const heard of staffScreens) {
          expect(lastOf(heard)).toEqual({
            event: 'new_order',
            payload: expect.objectContaining({
              order_id: wendy,
              restaurant_id: place.restaurantId,
              customer_name: 'Walk-in Wendy',
              table_number: null,
              placed_by: 'staff',
              status: 'Pending',
              total_amount: 10,
            }),
          });
        }
      });

      // 2. An edit on A: B's screens get the new total.
      const edit = await onA('PUT', `/customer/update-order/${wendy}`, {
        order_items: [
          { menu_item_id: pizza, quantity: 2 },
          { menu_item_id: soda, quantity: 2 },
        ],
        total_amount: 1,
      });
      expect(edit.statusCode).toBe(200);
      await eventually(() => {
        for (const heard of staffScreens) {
          expect(lastOf(heard)).toEqual({
            event: 'order_update',
            payload: { order_id: wendy, status: 'Pending', total_amount: 25, updated_at: expect.any(String) },
          });
        }
      });

      // 3. 'Mark Selected as Paid' on A: one order_update per order reaches B.
      const walt = await walkIn('Walk-in Walt');
      await ready(wendy);
      await ready(walt);
      const before = staffOnB.length;
      const paid = await onA('POST', `/owner/restaurant/${place.restaurantId}/mark-paid`, {
        order_ids: [wendy, walt],
      });
      expect(paid.statusCode).toBe(200);
      await eventually(() => {
        for (const heard of staffScreens) {
          const updates = heard.slice(before).filter((entry) => entry.payload.status === 'Completed');
          expect(updates.map((entry) => [entry.event, entry.payload.order_id]).sort()).toEqual(
            [
              ['order_update', wendy],
              ['order_update', walt],
            ].sort(),
          );
        }
      });

      // 4. A delete on A drops the card on B.
      const dropped = await walkIn('Walk-in Dora');
      const removed = await a.app.inject({
        method: 'DELETE',
        url: `/api/v1/owner/restaurant/${place.restaurantId}/delete-order/${dropped}`,
        headers: place.owner.auth,
      });
      expect(removed.statusCode).toBe(200);
      await eventually(() => {
        for (const heard of staffScreens) {
          expect(lastOf(heard)).toEqual({ event: 'order_deleted', payload: { order_id: dropped } });
        }
      });

      // Both staff screens on B heard exactly the restaurant's story, once each, in order.
      const story = [
        ['new_order', wendy, 'Pending'],
        ['order_update', wendy, 'Pending'],
        ['new_order', walt, 'Pending'],
        ['order_update', wendy, 'Ready'],
        ['order_update', walt, 'Ready'],
        ['order_update', wendy, 'Completed'],
        ['order_update', walt, 'Completed'],
        ['new_order', dropped, 'Pending'],
        ['order_deleted', dropped, undefined],
      ];
      const told = (heard: typeof staffOnB) =>
        heard.map((entry) => [entry.event, entry.payload.order_id, entry.payload.status]);
      await settle();
      // The batch's two updates may cross Redis in either order.
      const byBatchOrder = (rows: unknown[][]) => [
        ...rows.slice(0, 5),
        ...rows.slice(5, 7).sort(),
        ...rows.slice(7),
      ];
      for (const heard of staffScreens) expect(byBatchOrder(told(heard))).toEqual(byBatchOrder(story));

      // Nobody else heard anything: not the restaurant's diner (walk-ins are no diner's orders),
      // on either instance, nor another restaurant's staff on either instance, nor the same room
      // of another deployment on the same Redis.
      expect({ dinerOnB, dinerOnA, otherStaffOnB, otherStaffOnA, staffOfAnotherDeployment }).toEqual({
        dinerOnB: [],
        dinerOnA: [],
        otherStaffOnB: [],
        otherStaffOnA: [],
        staffOfAnotherDeployment: [],
      });
    });

    /** An open menu's socket on `instance` (no login), and the sold-out changes it hears. */
    async function menuListener(instance: TestApp, restaurantId: number) {
      const socket = connect(addresses.get(instance)!, {
        ...SOCKET_OPTIONS,
        transports: [...SOCKET_OPTIONS.transports],
        query: { menu: restaurantId },
      });
      sockets.push(socket);
      const heard: Array<Record<string, unknown>> = [];
      socket.on('menu_item_sold_out', (payload: string) => heard.push(JSON.parse(payload)));
      await connected(socket);
      return heard;
    }
    const dinerMenuOn = async (instance: TestApp, restaurantId: number) =>
      (
        (
          await instance.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${restaurantId}` })
        ).json().menu as Array<{ item_name: string }>
      ).map((item) => item.item_name);

    it("carries a dish sold out on one instance to the other's open menus, and the other's menu follows", async () => {
      const place = await ownerWithRestaurant(a, { number_of_tables: 4 });
      await addMenuItem(a, place, { item_name: 'Bread', price: 3 });
      const soup = await addMenuItem(a, place, { item_name: 'Soup', price: 5 });
      const pizza = await addMenuItem(a, place, { item_name: 'Pizza', price: 10, stock: 1 });
      const other = await ownerWithRestaurant(a);
      await addMenuItem(a, other, { item_name: 'Taco', price: 4 });
      // Both instances have published (and cached) the full menu.
      for (const instance of [a, b])
        expect(await dinerMenuOn(instance, place.restaurantId)).toEqual(['Pizza', 'Soup', 'Bread']);
      const menuOnA = await menuListener(a, place.restaurantId);
      const menuOnB = await menuListener(b, place.restaurantId);
      const otherMenuOnB = await menuListener(b, other.restaurantId);
      const tap = (instance: TestApp, menuId: number, soldOut: boolean) =>
        instance.app.inject({
          method: 'POST',
          url: `/api/v1/menu/sold-out/${menuId}`,
          headers: place.owner.auth,
          payload: { restaurant_id: place.restaurantId, sold_out: soldOut },
        });

      // 1. The kitchen's tap on A: the open menus on B hear it, and B's menu drops the dish.
      expect((await tap(a, soup, true)).statusCode).toBe(200);
      await eventually(() => expect(menuOnB).toEqual([{ menu_id: soup, sold_out: true }]));
      await eventually(async () =>
        expect(await dinerMenuOn(b, place.restaurantId)).toEqual(['Pizza', 'Bread']),
      );

      // 2. A diner's order on B takes the last pizza: A's open menus hear it, and A's menu drops it.
      const diner = await signUpDiner(a, place.restaurantId);
      const ordered = await b.app.inject({
        method: 'POST',
        url: '/api/v1/customer/place-order',
        headers: diner.auth,
        payload: {
          restaurant_id: place.restaurantId,
          order_items: [{ menu_item_id: pizza, quantity: 1 }],
          order_type: 'dine-in',
          table_no: 2,
        },
      });
      expect(ordered.statusCode, ordered.body).toBe(201);
      await eventually(() => expect(menuOnA).toContainEqual({ menu_id: pizza, sold_out: true }));
      await eventually(async () => expect(await dinerMenuOn(a, place.restaurantId)).toEqual(['Bread']));

      // 3. Soup back, tapped on B: A's open menus get the dish to show.
      expect((await tap(b, soup, false)).statusCode).toBe(200);
      await eventually(() =>
        expect(menuOnA[menuOnA.length - 1]).toEqual({
          menu_id: soup,
          sold_out: false,
          item: expect.objectContaining({ menu_id: soup, item_name: 'Soup', price: 5 }),
        }),
      );
      await eventually(async () =>
        expect(await dinerMenuOn(a, place.restaurantId)).toEqual(['Soup', 'Bread']),
      );

      await settle();
      expect(menuOnB.map((change) => [change.menu_id, change.sold_out])).toEqual([
        [soup, true],
        [pizza, true],
        [soup, false],
      ]);
      expect(otherMenuOnB).toEqual([]);
    });
  },
);
