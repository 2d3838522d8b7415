import { SOCKET_OPTIONS, SOCKET_UNAUTHORIZED } from '@tableserve/contract/realtime';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithRestaurant } from '../test/restaurants';
import { createTestApp, onTestRedis, type TestApp } from '../test/test-app';

/** Listens on a free loopback port; answers a function that connects with the spec's options. */
async function listen(t: TestApp) {
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (
    restaurantId: number,
    token: string,
    options: Partial<ManagerOptions & SocketOptions> = {},
  ): Socket =>
    connect(address, {
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      query: { restaurant_id: restaurantId },
      auth: { token },
      ...options,
    });
}
type Open = Awaited<ReturnType<typeof listen>>;

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const next = (socket: Socket, event: string) =>
  new Promise<unknown>((resolve) => socket.once(event, (payload: string) => resolve(JSON.parse(payload))));
/** True when `event` does not arrive within `ms`. */
const silence = (socket: Socket, event: string, ms = 300) =>
  new Promise<boolean>((resolve) => {
    const heard = () => resolve(false);
    socket.once(event, heard);
    setTimeout(() => {
      socket.off(event, heard);
      resolve(true);
    }, ms);
  });

let diners = 0;
/** A subscribed owner's restaurant with one dish, and two guest diners. */
async function world(t: TestApp) {
  const place = await ownerWithRestaurant(t, { number_of_tables: 5 });
  const item = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/menu/add-menu-item',
      headers: place.owner.auth,
      payload: {
        item_name: 'Pizza',
        description: 'Good',
        price: 10,
        category: 'MainCourse',
        restaurant_id: place.restaurantId,
      },
    })
  ).json().data.menu_id as number;
  const diner = async () => {
    diners += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/create',
      remoteAddress: `10.60.${Math.floor(diners / 250)}.${(diners % 250) + 1}`,
      payload: {
        customer_name: `Diner ${diners}`,
        email: `socket${diners}@example.com`,
        phone_number: '5125550100',
        restaurant_id: place.restaurantId,
        is_guest: true,
      },
    });
    return response.json().data as { customer_id: number; token: string };
  };
  return { ...place, item, alice: await diner(), bob: await diner() };
}
type World = Awaited<ReturnType<typeof world>>;

const placeOrder = async (t: TestApp, w: World, dinerToken: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers: { authorization: `Bearer ${dinerToken}` },
      payload: {
        restaurant_id: w.restaurantId,
        order_items: [{ menu_item_id: w.item, quantity: 2 }],
        order_type: 'dine-in',
        table_no: 2,
      },
    })
  ).json().order_id as number;

const setStatus = (t: TestApp, w: World, orderId: number, status: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/kitchen/restaurant/${w.restaurantId}/update-order-status/${orderId}`,
    headers: w.owner.auth,
    payload: { status },
  });

// Once alone, and once through the Redis adapter that several instances share (when CI has Redis).
const adapters = [
  ['in memory', undefined],
  ['through Redis', process.env.TEST_REDIS_URL],
].filter(([, url], index) => index === 0 || url) as Array<[string, string | undefined]>;

describe.each(adapters)('real-time order events (%s)', (_label, redisUrl) => {
  let t: TestApp;
  let open: Open;
  const sockets: Socket[] = [];
  const track = (socket: Socket) => {
    sockets.push(socket);
    return socket;
  };
  beforeAll(async () => {
    t = await createTestApp(redisUrl ? onTestRedis(redisUrl) : {});
    open = await listen(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('tells the staff of a new order, and only the ordering diner of its status changes', async () => {
    const w = await world(t);
    const staff = track(open(w.restaurantId, w.owner.token));
    const alice = track(open(w.restaurantId, w.alice.token));
    const bob = track(open(w.restaurantId, w.bob.token));
    await Promise.all([connected(staff), connected(alice), connected(bob)]);

    const newOrder = next(staff, 'new_order');
    const dinersHearNoNewOrder = Promise.all([silence(alice, 'new_order'), silence(bob, 'new_order')]);
    const orderId = await placeOrder(t, w, w.alice.token);
    expect(await newOrder).toMatchObject({
      order_id: orderId,
      status: 'Pending',
      total_amount: 20,
      table_number: 2,
      order_type: 'dine-in',
      items: [{ product_name: 'Pizza', quantity: 2, price: 10 }],
    });
    expect(await dinersHearNoNewOrder).toEqual([true, true]);

    const staffUpdate = next(staff, 'order_update');
    const aliceUpdate = next(alice, 'order_update');
    const bobHearsNothing = silence(bob, 'order_update');
    expect((await setStatus(t, w, orderId, 'Approved')).statusCode).toBe(200);
    const expected = {
      order_id: orderId,
      status: 'Approved',
      total_amount: 20,
      updated_at: expect.any(String),
    };
    expect(await staffUpdate).toEqual(expected);
    expect(await aliceUpdate).toEqual(expected);
    expect(await bobHearsNothing).toBe(true);
  });

  it("tells the staff of the owner's walk-in orders, batch payments and deletions, and no diner", async () => {
    const w = await world(t);
    const staff = track(open(w.restaurantId, w.owner.token));
    const alice = track(open(w.restaurantId, w.alice.token));
    await Promise.all([connected(staff), connected(alice)]);
    const aliceHearsNothing = Promise.all(
      ['new_order', 'order_update', 'order_deleted'].map((event) => silence(alice, event, 600)),
    );

    const newOrder = next(staff, 'new_order');
    const walkIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers: w.owner.auth,
      payload: {
        restaurant_id: w.restaurantId,
        user_id: w.owner.userId,
        customer_name: 'Walk-in Wendy',
        phone_number: '5035550199',
        total_amount: 10,
        items: [{ menu_id: w.item, quantity: 1 }],
      },
    });
    const orderId = walkIn.json().order_id as number;
    expect(await newOrder).toMatchObject({
      order_id: orderId,
      customer_name: 'Walk-in Wendy',
      table_number: null,
      placed_by: 'staff',
      total_amount: 10,
    });

    const ready = next(staff, 'order_update');
    expect((await setStatus(t, w, orderId, 'Ready')).statusCode).toBe(200);
    expect(await ready).toMatchObject({ order_id: orderId, status: 'Ready' });
    const paid = next(staff, 'order_update');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/owner/restaurant/${w.restaurantId}/mark-paid`,
      headers: w.owner.auth,
      payload: { order_ids: [orderId] },
    });
    expect(await paid).toMatchObject({ order_id: orderId, status: 'Completed' });

    const second = await placeOrder(t, w, w.bob.token);
    const deleted = next(staff, 'order_deleted');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/owner/restaurant/${w.restaurantId}/delete-order/${second}`,
      headers: w.owner.auth,
    });
    expect(await deleted).toEqual({ order_id: second });
    expect(await aliceHearsNothing).toEqual([true, true, true]);
  });

  it("keeps another restaurant's staff out of this restaurant's orders", async () => {
    const w = await world(t);
    const other = await world(t);
    const otherStaff = track(open(other.restaurantId, other.owner.token));
    await connected(otherStaff);
    const quiet = Promise.all([silence(otherStaff, 'new_order'), silence(otherStaff, 'order_update')]);
    const orderId = await placeOrder(t, w, w.alice.token);
    await setStatus(t, w, orderId, 'Ready');
    expect(await quiet).toEqual([true, true]);
  });

  it('accepts the token in the query too, as some clients send it', async () => {
    const w = await world(t);
    const address = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const staff = track(
      connect(address, {
        ...SOCKET_OPTIONS,
        transports: [...SOCKET_OPTIONS.transports],
        query: { restaurant_id: w.restaurantId, token: w.owner.token },
      }),
    );
    await connected(staff);
    const newOrder = next(staff, 'new_order');
    const orderId = await placeOrder(t, w, w.bob.token);
    expect(await newOrder).toMatchObject({ order_id: orderId });
  });

  it('sends its frames uncompressed, even to a client that offers permessage-deflate (as browsers do)', async () => {
    const w = await world(t);
    const staff = track(open(w.restaurantId, w.owner.token, { perMessageDeflate: { threshold: 0 } }));
    await connected(staff);
    // The extensions the server agreed to, as the client's WebSocket (the ws package) read them.
    const { ws } = staff.io.engine.transport as unknown as { ws: { extensions: string } };
    expect(ws.extensions).toBe('');
  });

  it("refuses a connection without a valid token, and an owner's token for another restaurant", async () => {
    const w = await world(t);
    const other = await ownerWithRestaurant(t);
    const expired = await world(t);
    const refused = (restaurantId: number, token: string) => {
      const socket = track(open(restaurantId, token));
      socket.io.opts.reconnection = false;
      // Listen at once: a refusal can arrive before an earlier one has been awaited.
      return connected(socket);
    };
    const attempts = [
      refused(w.restaurantId, 'forged'),
      refused(w.restaurantId, ''),
      refused(w.restaurantId, other.owner.token),
      refused(Number.NaN, w.owner.token),
    ];
    await Promise.all(attempts.map((attempt) => expect(attempt).rejects.toThrow(SOCKET_UNAUTHORIZED)));

    // Tokens expire (CUSTOMER_TOKEN_TTL and OWNER_TOKEN_TTL default to 12 hours).
    t.clock.advance(13 * 60 * 60 * 1000);
    const late = [
      refused(expired.restaurantId, expired.owner.token),
      refused(expired.restaurantId, expired.alice.token),
    ];
    await Promise.all(late.map((attempt) => expect(attempt).rejects.toThrow(SOCKET_UNAUTHORIZED)));
  });
});

/**
 * Two API instances behind one Redis and one PostgreSQL: a socket on instance B hears what
 * instance A emits.
 */
// Tokens are checked against the shared database (revocation), so this runs on PostgreSQL, which
// two instances can share, and not on in-memory PGlite.
describe.runIf(process.env.TEST_REDIS_URL && process.env.TEST_DB_DRIVER === 'postgres')(
  'real time across two instances sharing Redis and PostgreSQL',
  () => {
    let a: TestApp;
    let b: TestApp;
    let openOnB: Open;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      const redis = onTestRedis(process.env.TEST_REDIS_URL!);
      a = await createTestApp(redis);
      b = await createTestApp({ ...redis, config: { databaseUrl: a.config.databaseUrl } });
      await a.app.listen({ host: '127.0.0.1', port: 0 });
      openOnB = await listen(b);
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await b?.close();
      await a?.close();
    });

    it('delivers an event emitted on one instance to a socket connected to the other', async () => {
      const w = await world(a);
      const alice = openOnB(w.restaurantId, w.alice.token);
      const bob = openOnB(w.restaurantId, w.bob.token);
      const staff = openOnB(w.restaurantId, w.owner.token);
      sockets.push(alice, bob, staff);
      await Promise.all([connected(alice), connected(bob), connected(staff)]);

      const newOrder = next(staff, 'new_order');
      const orderId = await placeOrder(a, w, w.alice.token);
      expect(await newOrder).toMatchObject({ order_id: orderId, status: 'Pending' });

      const aliceUpdate = next(alice, 'order_update');
      const staffUpdate = next(staff, 'order_update');
      const bobHearsNothing = silence(bob, 'order_update');
      expect((await setStatus(a, w, orderId, 'Approved')).statusCode).toBe(200);
      const expected = {
        order_id: orderId,
        status: 'Approved',
        total_amount: 20,
        updated_at: expect.any(String),
      };
      expect(await aliceUpdate).toEqual(expected);
      expect(await staffUpdate).toEqual(expected);
      expect(await bobHearsNothing).toBe(true);
    });
  },
);
