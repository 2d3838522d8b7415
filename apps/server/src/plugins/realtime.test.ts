import { SOCKET_OPTIONS } from '@tableserve/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithRestaurant } from '../test/restaurants';
import { createTestApp, type TestApp } from '../test/test-app';

/** Real sockets over loopback: the spec's client options against the real server. */
async function listen(t: TestApp) {
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (restaurantId: number, token: string): Socket =>
    connect(address, {
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      query: { restaurant_id: restaurantId },
      auth: { token },
    });
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const next = (socket: Socket, event: string) =>
  new Promise<unknown>((resolve) => socket.once(event, (payload: string) => resolve(JSON.parse(payload))));
const silence = (socket: Socket, event: string, ms = 300) =>
  new Promise<boolean>((resolve) => {
    const heard = () => resolve(false);
    socket.once(event, heard);
    setTimeout(() => {
      socket.off(event, heard);
      resolve(true);
    }, ms);
  });

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
  const diner = async (n: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/create',
        remoteAddress: `10.60.0.${n}`,
        payload: {
          customer_name: `Diner ${n}`,
          email: `socket${n}@example.com`,
          phone_number: '5125550100',
          restaurant_id: place.restaurantId,
          is_guest: true,
        },
      })
    ).json().data as { customer_id: number; token: string };
  return { ...place, item, alice: await diner(1), bob: await diner(2) };
}

// Once alone, and once through the Redis adapter that several instances share (when CI has Redis).
const adapters = [
  ['in memory', undefined],
  ['through Redis', process.env.TEST_REDIS_URL],
].filter(([, url], index) => index === 0 || url) as Array<[string, string | undefined]>;

describe.each(adapters)('real-time order events (%s)', (_label, redisUrl) => {
  let t: TestApp;
  let open: Awaited<ReturnType<typeof listen>>;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp(redisUrl ? { env: { REDIS_URL: redisUrl } } : {});
    open = await listen(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('tells the staff of a new order, and only the ordering diner of its status changes', async () => {
    const w = await world(t);
    const staff = open(w.restaurantId, w.owner.token);
    const alice = open(w.restaurantId, w.alice.token);
    const bob = open(w.restaurantId, w.bob.token);
    sockets.push(staff, alice, bob);
    await Promise.all([connected(staff), connected(alice), connected(bob)]);

    const newOrder = next(staff, 'new_order');
    const dinersHearNoNewOrder = Promise.all([silence(alice, 'new_order'), silence(bob, 'new_order')]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers: { authorization: `Bearer ${w.alice.token}` },
      payload: {
        restaurant_id: w.restaurantId,
        order_items: [{ menu_item_id: w.item, quantity: 2 }],
        order_type: 'dine-in',
        table_no: 2,
      },
    });
    const orderId = placed.json().order_id;
    expect(await newOrder).toMatchObject({
      order_id: orderId,
      status: 'Pending',
      total_amount: 20,
      table_number: 2,
    });
    expect(await dinersHearNoNewOrder).toEqual([true, true]);

    const staffUpdate = next(staff, 'order_update');
    const aliceUpdate = next(alice, 'order_update');
    const bobHearsNothing = silence(bob, 'order_update');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/restaurant/${w.restaurantId}/update-order-status/${orderId}`,
      headers: w.owner.auth,
      payload: { status: 'Approved' },
    });
    const expected = { order_id: orderId, status: 'Approved', total_amount: 20 };
    expect(await staffUpdate).toEqual(expected);
    expect(await aliceUpdate).toEqual(expected);
    expect(await bobHearsNothing).toBe(true);
  });

  it("refuses a connection without a valid token, and an owner's token for another restaurant", async () => {
    const w = await world(t);
    const other = await ownerWithRestaurant(t);
    for (const socket of [
      open(w.restaurantId, 'forged'),
      open(w.restaurantId, ''),
      open(w.restaurantId, other.owner.token),
    ]) {
      sockets.push(socket);
      socket.io.opts.reconnection = false;
      await expect(connected(socket)).rejects.toThrow('unauthorized');
    }
  });
});
