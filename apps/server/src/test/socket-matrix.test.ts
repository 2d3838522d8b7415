import { SOCKET_OPTIONS, SOCKET_UNAUTHORIZED } from '@tableserve/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buildWorld,
  DINER_PASSWORD,
  freshOrder,
  MISSING_ID,
  STAFF,
  type StaffName,
  type TenantName,
  type World,
} from './authorization-world';
import { placeDinerOrder } from './orders';
import { freshLogin } from './owners';
import { ownerWithRestaurant } from './restaurants';
import { changeStaffRole, deviceTokenFor, removeStaff, revokeDevice, staffTokenFor } from './staff';
import { createTestApp, onTestRedis, type TestApp } from './test-app';

/**
 * The Socket.IO half of the authorization matrix (SECURITY.md; rooms in ADR 006): every role ×
 * every restaurant a connection can name → whether the handshake is accepted, and which order
 * events each accepted socket then receives while restaurant A's orders (and, as the control,
 * one of B's) are created, updated and deleted. Expected deliveries are derived from two rules,
 * declared once below; any event a socket gets beyond them is a misdelivery, and there must be none.
 * The restaurant's staff of every role and its paired devices listen as its owner does
 * (docs/product/staff.md#roles); a removed member and another restaurant's manager are refused.
 */

const ROLES = [
  'anonymous',
  'ownerA',
  'ownerB',
  'dinerA',
  'dinerB',
  // Checked in as a guest at B: a guest of another restaurant than A.
  'guestB',
  // Tokens issued before the account's "log out everywhere".
  'revokedOwnerA',
  'revokedDinerA',
  // A's staff of every role, A's devices, a member A removed, and B's manager.
  ...(Object.keys(STAFF) as StaffName[]),
] as const;
type Role = (typeof ROLES)[number];
const NAMED = ['own', 'other', 'missing'] as const;
type Named = (typeof NAMED)[number];
const EVENTS = ['new_order', 'order_update', 'order_deleted'] as const;

const staffOf = (role: Role) => (role in STAFF ? STAFF[role as StaffName] : undefined);
const homeOf = (role: Role): TenantName =>
  staffOf(role)?.tenant ?? (role === 'ownerB' || role === 'dinerB' || role === 'guestB' ? 'B' : 'A');
/** The owner, a live staff member of any role, or a paired device: the restaurant's staff screens. */
const isStaff = (role: Role) =>
  role === 'ownerA' || role === 'ownerB' || (staffOf(role) !== undefined && !('removed' in staffOf(role)!));
const isDiner = (role: Role) => role === 'dinerA' || role === 'dinerB' || role === 'guestB';

/**
 * Rule 1, the handshake: the owner, staff and devices join the staff room of their own restaurant
 * only; a diner or guest joins their own room whatever restaurant the page names (they may order
 * anywhere, and the room is theirs); no token, or a revoked one or a removed member's, is refused.
 */
const accepted = (role: Role, named: Named) => (isStaff(role) ? named === 'own' : isDiner(role));

/**
 * Rule 2, the events: the staff of a restaurant hear every order event of that restaurant; a
 * diner hears the updates of their own orders, wherever they ordered, and nothing else.
 */
type Happening = { event: (typeof EVENTS)[number]; orderId: number; restaurant: TenantName; diner?: Role };
function shouldHear(role: Role, happening: Happening) {
  if (isStaff(role)) return homeOf(role) === happening.restaurant;
  return happening.event === 'order_update' && happening.diner === role;
}

let w: World;
let address: string;
/** Every role's token, the revoked ones taken before their accounts logged out everywhere. */
const tokens = {} as Record<Role, string>;
const sockets: Socket[] = [];

beforeAll(async () => {
  w = await buildWorld(() => {});
  address = await w.t.app.listen({ host: '127.0.0.1', port: 0 });

  tokens.revokedOwnerA = w.A.owner.token;
  const ownerOut = await api(w, 'POST', '/auth/logout-everywhere', w.A.owner.auth);
  if (ownerOut.statusCode !== 200) throw new Error(`owner logout failed: ${ownerOut.body}`);
  w.A.owner = await freshLogin(w.t, w.A.owner);

  tokens.revokedDinerA = w.A.diner.token;
  const dinerOut = await api(w, 'POST', '/customer/logout-everywhere', w.A.diner.auth);
  if (dinerOut.statusCode !== 200) throw new Error(`diner logout failed: ${dinerOut.body}`);
  const login = await api(
    w,
    'POST',
    '/customer/login',
    {},
    { email: w.A.dinerEmail, password: DINER_PASSWORD },
  );
  if (login.statusCode !== 200) throw new Error(`diner login failed: ${login.body}`);
  const token = login.json().data.token as string;
  w.A.diner = { ...w.A.diner, token, auth: { authorization: `Bearer ${token}` } };

  Object.assign(tokens, {
    anonymous: '',
    ownerA: w.A.owner.token,
    ownerB: w.B.owner.token,
    dinerA: w.A.diner.token,
    dinerB: w.B.diner.token,
    guestB: w.guestB.token,
    ...Object.fromEntries(Object.entries(w.staff).map(([name, { token }]) => [name, token])),
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await w?.t.close();
  await w?.stripe.close();
});

function restaurantNamed(role: Role, named: Named) {
  if (named === 'missing') return MISSING_ID;
  const home = homeOf(role);
  return w[named === 'own' ? home : home === 'A' ? 'B' : 'A'].restaurantId;
}

type Attempt = { role: Role; named: Named; socket: Socket; heard: string[] };

/** Connects as the web app does (token in auth, restaurant in the query); settles accepted or refused. */
function connectTo(at: string, restaurantId: number, token: string) {
  const socket = connect(at, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    reconnection: false,
    query: { restaurant_id: restaurantId },
    auth: { token },
  });
  sockets.push(socket);
  const heard: string[] = [];
  for (const event of EVENTS)
    socket.on(event, (payload: string) => heard.push(`${event} ${JSON.parse(payload).order_id}`));
  return new Promise<{ socket: Socket; heard: string[]; outcome: string }>((resolve) => {
    socket.once('connect', () => resolve({ socket, heard, outcome: 'accepted' }));
    socket.once('connect_error', (error) => resolve({ socket, heard, outcome: `refused: ${error.message}` }));
  });
}

async function attempt(role: Role, named: Named): Promise<Attempt & { outcome: string }> {
  return { role, named, ...(await connectTo(address, restaurantNamed(role, named), tokens[role])) };
}

/** Why the server closed the socket, once it does (within `ms`). */
const closedBy = (socket: Socket, ms = 3_000) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still open'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const kitchen = async (name: TenantName, orderId: number, status: string) => {
  const response = await api(
    w,
    'POST',
    `/kitchen/restaurant/${w[name].restaurantId}/update-order-status/${orderId}`,
    w[name].owner.auth,
    { status },
  );
  if (response.statusCode !== 200) throw new Error(`status ${status} failed: ${response.body}`);
};

describe('real-time rooms: every role × every restaurant named', () => {
  let open: Attempt[];

  it('accepts exactly the connections the rules allow', async () => {
    const attempts = await Promise.all(ROLES.flatMap((role) => NAMED.map((named) => attempt(role, named))));
    const table = attempts.map(({ role, named, outcome }) => ({ role, named, outcome }));
    expect(table).toEqual(
      ROLES.flatMap((role) =>
        NAMED.map((named) => ({
          role,
          named,
          outcome: accepted(role, named) ? 'accepted' : `refused: ${SOCKET_UNAUTHORIZED}`,
        })),
      ),
    );
    // Anchors of the rules, spelled out: a revoked token is refused, as no token is.
    expect(table.filter((row) => row.role.startsWith('revoked')).map((row) => row.outcome)).toEqual(
      Array(6).fill(`refused: ${SOCKET_UNAUTHORIZED}`),
    );
    // ...and so is a removed member's, and B's manager naming A.
    const refusedStaff = table.filter(
      (row) => row.role === 'removedStaffA' || (row.role === 'managerB' && row.named === 'other'),
    );
    expect(refusedStaff.map((row) => row.outcome)).toEqual(Array(4).fill(`refused: ${SOCKET_UNAUTHORIZED}`));
    open = attempts.filter((a) => a.outcome === 'accepted');
    // Two owners, three diners and guests on every restaurant, six of the restaurants' people.
    expect(open).toHaveLength(17);
  });

  it("delivers A's order events to A's staff and each order's diner only: no misdelivery", async () => {
    expect(open, 'the handshakes above').toBeDefined();
    const happened: Happening[] = [];
    const record = (event: Happening['event'], orderId: number, restaurant: TenantName, diner?: Role) =>
      happened.push({ event, orderId, restaurant, ...(diner && { diner }) });
    const lines = (name: TenantName) => [{ menu_item_id: w[name].items[0], quantity: 1 }];

    // At A: diner A's order, a walk-in, and an order of B's diner (diners order anywhere).
    const a1 = await placeDinerOrder(w.t, w.A.diner, w.A.restaurantId, lines('A'));
    record('new_order', a1, 'A', 'dinerA');
    const a2 = await freshOrder(w, 'A');
    record('new_order', a2, 'A');
    const a3 = await placeDinerOrder(w.t, w.B.diner, w.A.restaurantId, lines('A'), { table_no: 2 });
    record('new_order', a3, 'A', 'dinerB');
    await kitchen('A', a1, 'Approved');
    record('order_update', a1, 'A', 'dinerA');
    await kitchen('A', a2, 'Ready');
    record('order_update', a2, 'A');
    await kitchen('A', a3, 'Approved');
    record('order_update', a3, 'A', 'dinerB');
    const deleted = await api(
      w,
      'DELETE',
      `/owner/restaurant/${w.A.restaurantId}/delete-order/${a2}`,
      w.A.owner.auth,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    record('order_deleted', a2, 'A');
    // The control at B, so that B's staff and the guest are heard to be listening.
    const b1 = await placeDinerOrder(w.t, w.guestB, w.B.restaurantId, lines('B'));
    record('new_order', b1, 'B', 'guestB');
    await kitchen('B', b1, 'Approved');
    record('order_update', b1, 'B', 'guestB');

    const expected = (role: Role) =>
      happened.filter((h) => shouldHear(role, h)).map((h) => `${h.event} ${h.orderId}`);
    // Wait for every expected event, then a little longer for any that should not come.
    const deadline = Date.now() + 5_000;
    while (open.some((a) => a.heard.length < expected(a.role).length) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const received = open.map(({ role, named, heard }) => ({ role, named, heard: [...heard].sort() }));
    expect(received).toEqual(open.map(({ role, named }) => ({ role, named, heard: expected(role).sort() })));
    // Every accepted socket heard something, so silence elsewhere is not a dead socket.
    for (const { role, heard } of received) expect(heard.length, role).toBeGreaterThan(0);
    const misdelivered = open.flatMap(({ role, heard }) => heard.filter((e) => !expected(role).includes(e)));
    expect(misdelivered).toEqual([]);
  });
});

/**
 * Ending a staff member's or device's sessions closes their open sockets (docs/product/staff.md#roles):
 * a role change is told to the socket, which reconnects and is checked afresh (accepted, as the new
 * role); a removal or a revocation also ends the token, so the reconnect is refused.
 */
describe("a staff member's role change, removal and a device's revocation", () => {
  it('closes the open socket; after a role change the reconnect is accepted', async () => {
    const member = await staffTokenFor(w.t, w.A.restaurantId, 'server');
    const first = await connectTo(address, w.A.restaurantId, member.token);
    expect(first.outcome).toBe('accepted');
    const closed = closedBy(first.socket);
    await changeStaffRole(w.t, member.id, 'kitchen');
    expect(await closed).toBe('io server disconnect');
    expect((await connectTo(address, w.A.restaurantId, member.token)).outcome).toBe('accepted');
  });

  // Each makes an account of A's and answers its token and how its sessions end.
  const ending = [
    [
      'a removed member',
      async () => {
        const member = await staffTokenFor(w.t, w.A.restaurantId, 'manager');
        return { token: member.token, end: () => removeStaff(w.t, member.id) };
      },
    ],
    [
      'a revoked device',
      async () => {
        const device = await deviceTokenFor(w.t, w.A.restaurantId, 'kitchen');
        return { token: device.token, end: () => revokeDevice(w.t, device.id) };
      },
    ],
  ] as const;

  it.each(ending)('closes the open socket of %s, whose reconnect is refused', async (_, make) => {
    const { token, end } = await make();
    const first = await connectTo(address, w.A.restaurantId, token);
    expect(first.outcome).toBe('accepted');
    const closed = closedBy(first.socket);
    await end();
    expect(await closed).toBe('io server disconnect');
    expect((await connectTo(address, w.A.restaurantId, token)).outcome).toBe(
      `refused: ${SOCKET_UNAUTHORIZED}`,
    );
  });

  it("leaves the other members' sockets open", async () => {
    const stays = await staffTokenFor(w.t, w.A.restaurantId, 'kitchen');
    const goes = await staffTokenFor(w.t, w.A.restaurantId, 'kitchen');
    const staying = await connectTo(address, w.A.restaurantId, stays.token);
    const going = await connectTo(address, w.A.restaurantId, goes.token);
    const [stayingClosed, goingClosed] = [closedBy(staying.socket, 1_000), closedBy(going.socket)];
    await removeStaff(w.t, goes.id);
    expect({ going: await goingClosed, staying: await stayingClosed }).toEqual({
      going: 'io server disconnect',
      staying: 'still open',
    });
  });
});

/**
 * Two API instances behind one Redis and one PostgreSQL (ADR 006): a removal on one closes the
 * member's socket on the other. Needs TEST_REDIS_URL and real PostgreSQL, as
 * plugins/realtime.instances.test.ts does.
 */
describe.runIf(process.env.TEST_REDIS_URL && process.env.TEST_DB_DRIVER === 'postgres')(
  'a removal across two instances sharing Redis and PostgreSQL',
  () => {
    let one: TestApp;
    let two: TestApp;
    afterAll(async () => {
      await two?.close();
      await one?.close();
    });

    it('closes the socket on the other instance, and the reconnect there is refused', async () => {
      const redis = onTestRedis();
      one = await createTestApp(redis);
      two = await createTestApp({ ...redis, config: { databaseUrl: one.config.databaseUrl } });
      await one.app.listen({ host: '127.0.0.1', port: 0 });
      const onTwo = await two.app.listen({ host: '127.0.0.1', port: 0 });
      const place = await ownerWithRestaurant(one);
      const member = await staffTokenFor(one, place.restaurantId, 'kitchen');

      const first = await connectTo(onTwo, place.restaurantId, member.token);
      expect(first.outcome).toBe('accepted');
      const closed = closedBy(first.socket);
      await removeStaff(one, member.id);
      expect(await closed).toBe('io server disconnect');
      expect((await connectTo(onTwo, place.restaurantId, member.token)).outcome).toBe(
        `refused: ${SOCKET_UNAUTHORIZED}`,
      );
    });
  },
);
