import type { StaffRole } from '@tableserve/contract/staff-roles';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { BuildOptions } from '../app';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { addMenuItem, type Diner, placeDinerOrder, signUpDiner } from './orders';
import { freshLogin } from './owners';
import { type Owner, ownerWithRestaurant, tableKeyFor } from './restaurants';
import { deviceTokenFor, removedStaffTokenFor, staffTokenFor } from './staff';
import { createTestApp, type TestApp } from './test-app';

/**
 * The world of the authorization matrix (SECURITY.md): two restaurants, each with a subscribed
 * owner, a menu, a registered diner and that diner's order, and a guest who checked in at B; A's
 * staff of every role and its paired devices (docs/product/staff.md#roles), a staff member A
 * removed after their token was issued, and a manager of B; and a diner at another table of A,
 * with no login, holding only table 4's card (its code and key: docs/decisions/025-table-keys.md).
 * Built once per file through the API (staff and devices straight in the database); every account
 * is registered once (argon2 is slow).
 */

export type TenantName = 'A' | 'B';

/** The restaurants' people other than the owners: who they are, where, and with which role. */
export const STAFF = {
  managerA: { kind: 'staff', role: 'manager', tenant: 'A' },
  serverA: { kind: 'staff', role: 'server', tenant: 'A' },
  kitchenA: { kind: 'staff', role: 'kitchen', tenant: 'A' },
  kitchenDeviceA: { kind: 'device', role: 'kitchen', tenant: 'A' },
  serverDeviceA: { kind: 'device', role: 'server', tenant: 'A' },
  /** Removed from A after their token was issued: the token must open nothing. */
  removedStaffA: { kind: 'staff', role: 'manager', tenant: 'A', removed: true },
  managerB: { kind: 'staff', role: 'manager', tenant: 'B' },
} as const satisfies Record<
  string,
  { kind: 'staff' | 'device'; role: StaffRole; tenant: TenantName; removed?: true }
>;
export type StaffName = keyof typeof STAFF;
export type StaffPerson = (typeof STAFF)[StaffName] & { removed?: true };
const STAFF_NAMES = Object.keys(STAFF) as StaffName[];

/** The table whose card otherTableA holds: not the table of the bills the matrix names. */
export const OTHER_TABLE = 4;

export const ROLES = [
  'anonymous',
  'ownerA',
  'ownerB',
  'dinerA',
  'dinerB',
  'guestB',
  /** A diner at A's table OTHER_TABLE, no login: its card's code and key are all they hold. */
  'otherTableA',
  ...STAFF_NAMES,
] as const;
export type Role = (typeof ROLES)[number];

/** The staff member or device a role is, if it is one. */
export const staffOf = (role: Role): StaffPerson | undefined =>
  role in STAFF ? STAFF[role as StaffName] : undefined;

/** An id no row has (ids are int4). */
export const MISSING_ID = 2_000_000_000;
export const STRIPE_WEBHOOK_SECRET = 'whsec_matrix';
export const DINER_PASSWORD = 'diner password';

export type Tenant = {
  owner: Owner;
  restaurantId: number;
  /** The QR code's menu token. */
  menuToken: string;
  /** Each table's key, by table number, as its printed card carries it. */
  tableKeys: Record<number, string>;
  /** Two dishes of the menu. */
  items: [number, number];
  diner: Diner;
  /** The diner's login (password: DINER_PASSWORD). */
  dinerEmail: string;
  /** The registered diner's dine-in order, Pending. */
  dinerOrder: number;
};

export type World = {
  t: TestApp;
  stripe: FakeStripe;
  A: Tenant;
  B: Tenant;
  guestB: Diner;
  /** The guest's dine-in order at B. */
  guestOrder: number;
  planId: number;
  /** The staff members and devices, by role: their ids and tokens. */
  staff: Record<StaffName, { id: number; token: string }>;
};

/** The tenant a role belongs to; the guest and the anonymous caller own nothing the matrix names. */
export function tenantOf(role: Role): TenantName | undefined {
  if (role === 'ownerA' || role === 'dinerA') return 'A';
  if (role === 'ownerB' || role === 'dinerB') return 'B';
  return staffOf(role)?.tenant;
}
export const isOwner = (role: Role) => role === 'ownerA' || role === 'ownerB';
/** The owner, or a live staff member or device: someone who works for their restaurant. */
export const worksThere = (role: Role) =>
  isOwner(role) || (staffOf(role) !== undefined && !staffOf(role)?.removed);
export const isDiner = (role: Role) => role === 'dinerA' || role === 'dinerB' || role === 'guestB';
/** Who sends no token: the anonymous caller, and the diner at another table with only its card. */
export const isTokenless = (role: Role) => role === 'anonymous' || role === 'otherTableA';
/** The restaurant a caller would name as their own: the guest's is B, anyone else's A. */
export const homeOf = (role: Role): TenantName => tenantOf(role) ?? (role === 'guestB' ? 'B' : 'A');

export function headersOf(w: World, role: Role): Record<string, string> {
  switch (role) {
    case 'anonymous':
    case 'otherTableA':
      return {};
    case 'ownerA':
      return w.A.owner.auth;
    case 'ownerB':
      return w.B.owner.auth;
    case 'dinerA':
      return w.A.diner.auth;
    case 'dinerB':
      return w.B.diner.auth;
    case 'guestB':
      return w.guestB.auth;
    default:
      return { authorization: `Bearer ${w.staff[role].token}` };
  }
}

let addresses = 0;
/** Every call comes from an address of its own, clear of the per-address limits. */
export function nextAddress() {
  addresses += 1;
  return `10.99.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

export function api(
  w: World,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method,
    url: `/api/v1${url}`,
    headers,
    remoteAddress: nextAddress(),
    ...(payload && { payload }),
  };
  return w.t.app.inject(options);
}

/** The keys of a restaurant's six tables as their cards carry them now (Replace all codes changes them). */
export async function tableKeysOf(t: TestApp, restaurantId: number): Promise<Record<number, string>> {
  const keys: Record<number, string> = {};
  for (let table = 1; table <= 6; table += 1) keys[table] = await tableKeyFor(t, restaurantId, table);
  return keys;
}

async function tenant(t: TestApp): Promise<Omit<Tenant, 'diner' | 'dinerEmail' | 'dinerOrder'>> {
  const place = await ownerWithRestaurant(t, { number_of_tables: 6 });
  const soup = await addMenuItem(t, place, { item_name: 'Soup', price: 6.5, category: 'Starter' });
  const pasta = await addMenuItem(t, place, { item_name: 'Pasta', price: 14 });
  return {
    owner: place.owner,
    restaurantId: place.restaurantId,
    menuToken: place.token,
    tableKeys: await tableKeysOf(t, place.restaurantId),
    items: [soup, pasta],
  };
}

/** Stripe as the payment provider (a local fake), so the signed webhook route exists too. */
export async function buildWorld(onRoute: NonNullable<BuildOptions['onRoute']>) {
  const stripe = await startFakeStripe({ prices: { price_s: 5000, price_p: 10000, price_e: 20000 } });
  const t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_matrix',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICES: 'starter=price_s,professional=price_p,enterprise=price_e',
    },
    build: { stripeApi: stripe.api, onRoute },
  });
  const a = await tenant(t);
  const b = await tenant(t);
  // Five days on, and at lunch time in the restaurants' zone: a subscription may be cancelled
  // from day 5 (docs/product/subscriptions.md#cancellation), so the owner's own cancel succeeds. The owners log in again, as
  // the clock has moved past their first tokens.
  t.clock.advance(Date.parse('2026-03-07T20:00:00Z') - t.clock.now().getTime());
  a.owner = await freshLogin(t, a.owner);
  b.owner = await freshLogin(t, b.owner);

  const dinerLogin = (name: string) => ({ email: `diner-${name}@example.com`, password: DINER_PASSWORD });
  const dinerA = await signUpDiner(t, a.restaurantId, dinerLogin('a'));
  const dinerB = await signUpDiner(t, b.restaurantId, dinerLogin('b'));
  const guest = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/create',
    remoteAddress: nextAddress(),
    payload: {
      customer_name: 'Gus',
      email: 'guest-of-b@example.com',
      phone_number: '5125550111',
      restaurant_id: b.restaurantId,
      is_guest: true,
    },
  });
  if (guest.statusCode !== 201) throw new Error(`guest check-in failed: ${guest.body}`);
  const guestData = guest.json().data as { customer_id: number; token: string };
  const guestB: Diner = { ...guestData, auth: { authorization: `Bearer ${guestData.token}` } };

  const lines = (items: [number, number]) => [{ menu_item_id: items[0], quantity: 2 }];
  const A: Tenant = {
    ...a,
    diner: dinerA,
    dinerEmail: dinerLogin('a').email,
    dinerOrder: await placeDinerOrder(t, dinerA, a.restaurantId, lines(a.items)),
  };
  const B: Tenant = {
    ...b,
    diner: dinerB,
    dinerEmail: dinerLogin('b').email,
    dinerOrder: await placeDinerOrder(t, dinerB, b.restaurantId, lines(b.items)),
  };
  const guestOrder = await placeDinerOrder(t, guestB, b.restaurantId, lines(b.items));
  const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json()
    .plans as Array<{ plan_id: number }>;
  const staff = Object.fromEntries(
    await Promise.all(
      STAFF_NAMES.map(async (name) => {
        const { kind, role, tenant } = STAFF[name];
        const restaurantId = { A, B }[tenant].restaurantId;
        const person =
          'removed' in STAFF[name]
            ? await removedStaffTokenFor(t, restaurantId, role)
            : kind === 'staff'
              ? await staffTokenFor(t, restaurantId, role)
              : await deviceTokenFor(t, restaurantId, role as 'kitchen' | 'server');
        return [name, person];
      }),
    ),
  ) as World['staff'];
  return { t, stripe, A, B, guestB, guestOrder, planId: plans[0]!.plan_id, staff } satisfies World;
}

/** A walk-in order through the owner's Place Order form, brought to `status` by the kitchen. */
export async function freshOrder(w: World, name: TenantName, status: 'Pending' | 'Ready' = 'Pending') {
  const x = w[name];
  const placed = await api(w, 'POST', '/customer/place-order', x.owner.auth, {
    restaurant_id: x.restaurantId,
    user_id: x.owner.userId,
    customer_name: 'Walk-in Wendy',
    phone_number: '5035550199',
    total_amount: 0,
    items: [{ menu_id: x.items[1], quantity: 1 }],
  });
  if (placed.statusCode !== 201) throw new Error(`walk-in failed: ${placed.body}`);
  const orderId = placed.json().order_id as number;
  if (status === 'Ready') {
    const moved = await api(
      w,
      'POST',
      `/kitchen/restaurant/${x.restaurantId}/update-order-status/${orderId}`,
      x.owner.auth,
      { status: 'Ready' },
    );
    if (moved.statusCode !== 200) throw new Error(`mark ready failed: ${moved.body}`);
  }
  return orderId;
}

/** A dish added for one route's calls (so the world's own dishes never change). */
export async function freshItem(w: World, name: TenantName) {
  return addMenuItem(
    w.t,
    { owner: w[name].owner, restaurantId: w[name].restaurantId },
    {
      item_name: 'Daily special',
      price: 9,
    },
  );
}

/**
 * Everything either tenant can see of its own data, read through its own API: the owner's
 * profile, restaurant, menu, live orders and subscription, each diner's order history, and how
 * many calls reached Stripe. A refused call must leave all of it exactly as it was.
 */
export async function snapshot(w: World) {
  const read = async (url: string, headers: Record<string, string>) => {
    const response = await api(w, 'GET', url, headers);
    return { url, status: response.statusCode, body: response.json() as unknown };
  };
  const reads = await Promise.all(
    (['A', 'B'] as const).flatMap((name) => {
      const x = w[name];
      return [
        read(`/auth/user/${x.owner.userId}`, x.owner.auth),
        read(`/restaurant/get-restaurant/${x.restaurantId}`, x.owner.auth),
        read(`/restaurant/payment-settings/${x.restaurantId}`, x.owner.auth),
        read(`/menu/get-menu-items/${x.restaurantId}`, x.owner.auth),
        read(`/owner/restaurant/${x.restaurantId}/orders?per_page=50`, x.owner.auth),
        read(`/subscription/subscription-status/${x.owner.userId}`, x.owner.auth),
        read('/staff', x.owner.auth),
        read(`/owner/restaurant/${x.restaurantId}/devices`, x.owner.auth),
        read(`/customer/${x.diner.customer_id}/orders?per_page=50`, x.diner.auth),
      ];
    }),
  );
  reads.push(await read(`/customer/${w.guestB.customer_id}/orders?per_page=50`, w.guestB.auth));
  for (const { url, body } of reads) {
    const total = (body as { pagination?: { total?: number } }).pagination?.total ?? 0;
    // The snapshot must see every row, or a change on page 2 would go unnoticed.
    if (total > 50) throw new Error(`${url} has ${total} rows: more than one page`);
  }
  return { reads, stripeCalls: w.stripe.requests.length };
}
