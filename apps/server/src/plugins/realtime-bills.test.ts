import type { OpenBillSummary } from '@tableserve/contract/bills';
import { SOCKET_OPTIONS, SOCKET_UNAUTHORIZED } from '@tableserve/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billOf } from '../test/bills';
import { addMenuItem, placeDinerOrder, signUpDiner } from '../test/orders';
import { ownerWithRestaurant, tableKeyFor } from '../test/restaurants';
import { deviceTokenFor } from '../test/staff';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * bill.updated on the real-time channel (docs/decisions/020-money-model.md): the staff who follow
 * orders, the diners at the bill's table (by its code) and the diners whose orders are on it hear
 * the bill's figures; nobody else does.
 */
let t: TestApp;
let address: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  address = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

function open(auth: Record<string, unknown>, query: Record<string, string | number> = {}) {
  const socket = connect(address, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    reconnection: false,
    query,
    auth,
  });
  sockets.push(socket);
  return socket;
}
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const refusal = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
/** Every bill.updated a socket hears, from now on. */
function heard(socket: Socket): OpenBillSummary[] {
  const bills: OpenBillSummary[] = [];
  socket.on('bill.updated', (payload: string) => bills.push(JSON.parse(payload)));
  return bills;
}
const next = (socket: Socket, event: string) =>
  new Promise<unknown>((resolve) => socket.once(event, (payload: string) => resolve(JSON.parse(payload))));

describe('bill.updated', () => {
  let w: Awaited<ReturnType<typeof world>>;

  async function world() {
    const place = await ownerWithRestaurant(t, { number_of_tables: 5 });
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 10 });
    const alice = await signUpDiner(t, place.restaurantId);
    const bob = await signUpDiner(t, place.restaurantId);
    const aliceOrder = await placeDinerOrder(
      t,
      alice,
      place.restaurantId,
      [{ menu_item_id: pizza, quantity: 2 }],
      {
        table_no: 2,
      },
    );
    const tableTwo = await billOf(t, {
      restaurantId: place.restaurantId,
      tableNumber: 2,
      orderIds: [aliceOrder],
      payments: [{ amountCents: 1000, tipCents: 150 }],
    });
    const tableFive = await billOf(t, { restaurantId: place.restaurantId, tableNumber: 5, orderIds: [] });
    const keys: Record<string, string> = {};
    for (const table of [2, 5]) keys[table] = await tableKeyFor(t, place.restaurantId, table);
    return { ...place, pizza, alice, bob, aliceOrder, keys, bills: { tableTwo, tableFive } };
  }

  beforeAll(async () => {
    w = await world();
  });

  /** Table `table`'s code as its card carries it, its key included. */
  const code = (table: string, token = w.token, key = w.keys[table] ?? 'k'.repeat(16)) => ({
    table_code: { token, table, key },
  });
  const announce = (billId: number, tableNumber: number) =>
    t.app.domainEvents.emit('bill.updated', { restaurantId: w.restaurantId, billId, tableNumber });

  it('reaches the staff, the diners at the table and the diner whose order is on it, and no one else', async () => {
    const staff = open({ token: w.owner.token }, { restaurant_id: w.restaurantId });
    const kitchen = open(
      { token: (await deviceTokenFor(t, w.restaurantId, 'kitchen')).token },
      { restaurant_id: w.restaurantId },
    );
    const atTableTwo = open(code('2'));
    const atTableFive = open(code('5'));
    const alice = open({ token: w.alice.token });
    // A signed-in diner who did not order, sitting at table 2.
    const bob = open({ token: w.bob.token, ...code('2') });
    const all = [staff, kitchen, atTableTwo, atTableFive, alice, bob];
    await Promise.all(all.map(connected));
    const [toStaff, toKitchen, toTableTwo, toTableFive, toAlice, toBob] = all.map(heard) as [
      OpenBillSummary[],
      ...OpenBillSummary[][],
    ];

    // Each emit reaches every room at once and a socket hears in order: once table 5's own bill
    // (sent after table 2's had arrived) reaches table 5, it did not hear table 2's.
    const tableTwoHeard = [staff, atTableTwo, alice, bob].map((socket) => next(socket, 'bill.updated'));
    announce(w.bills.tableTwo, 2);
    await Promise.all(tableTwoHeard);
    const tableFiveHeard = [staff, atTableFive].map((socket) => next(socket, 'bill.updated'));
    announce(w.bills.tableFive, 5);
    await Promise.all(tableFiveHeard);
    // The kitchen hears a status change after both: it would have heard a bill.updated before it.
    const kitchenHeard = next(kitchen, 'order_update');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/owner/restaurant/${w.restaurantId}/approve-order/${w.aliceOrder}`,
      headers: w.owner.auth,
    });
    expect(approved.statusCode).toBe(200);
    await kitchenHeard;

    const tableTwoBill = {
      bill_id: w.bills.tableTwo,
      table_number: 2,
      order_ids: [w.aliceOrder],
      total: 20,
      paid: 10,
      pending: 0,
      outstanding: 10,
      tips: 1.5,
      status: 'open',
      updated_at: expect.any(String),
    };
    expect(toTableTwo).toEqual([tableTwoBill]);
    expect(toBob).toEqual([tableTwoBill]);
    expect(toAlice).toEqual([tableTwoBill]);
    expect(toTableFive!.map((bill) => bill.bill_id)).toEqual([w.bills.tableFive]);
    expect(toStaff.map((bill) => bill.bill_id)).toEqual([w.bills.tableTwo, w.bills.tableFive]);
    expect(toKitchen).toEqual([]);
  });

  it("refuses a table code that is not the restaurant's, a table it does not have, or without the table's key", async () => {
    const other = await ownerWithRestaurant(t, { number_of_tables: 5 });
    const wrongCodes = [
      code('2', 'not-the-restaurants-token'),
      code('2', other.token.slice(0, -1)),
      code('6'),
      code('0'),
      code('two'),
      { table_code: { token: w.token } },
      // The menu link with a table but without its key, another table's key, a made-up key.
      { table_code: { token: w.token, table: '2' } },
      code('2', w.token, w.keys[5]),
      code('2', w.token, 'A'.repeat(16)),
      { table_code: 'nonsense' },
    ];
    for (const auth of wrongCodes) {
      expect(await refusal(open(auth))).toBe(SOCKET_UNAUTHORIZED);
    }
    // Not even with a diner's valid login.
    expect(await refusal(open({ token: w.alice.token, ...code('2', 'not-the-restaurants-token') }))).toBe(
      SOCKET_UNAUTHORIZED,
    );
  });
});
