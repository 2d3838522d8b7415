import { type OrderStatus, orderServerMessages } from '@tableserve/contract/order';
import {
  can,
  type Permission,
  type Role as RoleName,
  STATUS_CHANGE_PERMISSIONS,
  staffRoleMessages,
} from '@tableserve/contract/staff-roles';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PNG } from 'pngjs';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billPayments, bills, orders } from '../db/schema';
import { hashToken } from '../lib/random-tokens';
import { createStripeClient } from '../modules/subscriptions/payments/stripe-provider';
import { permissionsOfGate } from '../plugins/auth';
import {
  api,
  buildWorld,
  DINER_PASSWORD,
  freshItem,
  freshOrder,
  headersOf,
  homeOf,
  isDiner,
  isOwner,
  isTokenless,
  MISSING_ID,
  nextAddress,
  OTHER_TABLE,
  ROLES,
  type Role,
  STRIPE_WEBHOOK_SECRET,
  type StaffName,
  type StaffPerson,
  snapshot,
  staffOf,
  type Tenant,
  type TenantName,
  tableKeysOf,
  tenantOf,
  type World,
  worksThere,
} from './authorization-world';
import { signUpDiner } from './orders';
import { freshLogin, registrationBody } from './owners';
import { insertPaidOrder } from './paid-orders';
import { insertPaidBill, type PaidBill } from './receipts';
import { restaurantBody } from './restaurants';
import { deviceTokenFor } from './staff';
import { tokenFromMail } from './test-app';

/**
 * The authorization matrix (SECURITY.md, docs/product/api-conventions.md#authorization): every route of the
 * server's own route table × every role × every object the route can name, with the expected
 * answer declared once per route below. A route without an entry fails the suite, and so does an
 * entry without a route. Refused calls must change nothing: both tenants' data is read through
 * their own API before and after them.
 *
 * Staff members and paired devices (docs/product/staff.md#roles): what each may call follows from
 * the permission the route itself declares (its requirePermission gate) and the role's permissions
 * in the contract, never from a list per route; each entry pins that permission too (`gate`), so
 * removing or changing one route's check fails the route table's test.
 *
 * Objects ("targets"): A and B are the two tenants' objects; 'A+B' names A's restaurant with
 * B's order or dish (and 'B+A' the reverse); 'missing' is an id no row has (in the caller's own
 * restaurant where the route names one); 'guest' is the guest's own; 'none' means the route
 * names no object.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Target =
  | 'none'
  | 'A'
  | 'B'
  | 'A+B'
  | 'B+A'
  | 'mixed'
  | 'missing'
  | 'A-id'
  | 'valid'
  | 'invalid'
  | 'wrong'
  | 'signed'
  | 'forged'
  | 'unsigned'
  | 'guest';
/** Objects made for one route (fresh orders or dishes per tenant, an uploaded image). */
type Fresh = { A?: number; B?: number; key?: string };
type Call = { w: World; role: Role; target: Target; fresh: Fresh; memo: { key?: string } };
type Request = {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  payload?: object | Buffer;
};

/**
 * Who may call a route:
 * - public: anyone, token or not; `outcomes` gives the answer for a target that does not exist;
 * - owner: an owner token (else 401), and the object must be the caller's (else 404);
 * - diner: a diner or guest token (else 401), and the object must be the caller's (else 404);
 * - owner-or-diner: place-order, a diner at any restaurant, an owner at their own only.
 */
type Access = 'public' | 'owner' | 'diner' | 'owner-or-diner';

/**
 * What a route's onRequest gate requires of the restaurant's people: 'owner' for the owner's own
 * things (requireOwner, requireSubscribedOwner), else the permissions any one of which suffices.
 */
type Gate = 'owner' | Permission | readonly Permission[];

type Entry = {
  /** Method and path as registered, without /api/v1. */
  route: string;
  access: Access;
  /** owner and owner-or-diner: the gate the route must declare (compared with the route table). */
  gate?: Gate;
  targets: Target[];
  /** The answer to a permitted call. */
  ok: number;
  /** public: the answer per target where it is not `ok`. */
  outcomes?: Partial<Record<Target, number>>;
  /** owner: what the owner's own call answers where the business refuses it (e.g. 409, already done). */
  own?: number;
  /** For a caller with the right token, where the rule of `access` does not decide: the answer. */
  expect?: (role: Role, target: Target) => number | undefined;
  /** A permitted call changes what the tenants see (else their data must stay as it was). */
  mutates?: boolean;
  /**
   * A per-owner limit lower than the calls the owner's whole staff makes here: each call comes
   * this much later (the limiter's clock), so the matrix meets the gates, not the limit.
   */
  spacedBy?: number;
  /** Objects for the route's calls: both tenants', or `only` one's. */
  prepare?: (w: World, only?: TenantName) => Promise<Fresh>;
  request: (c: Call) => Request | Promise<Request>;
  /** Further checks of any answer (a permitted one's body, or that a refused upload left nothing). */
  check?: (response: LightMyRequestResponse, c: Call) => void | Promise<void>;
  /** After the route's calls: sessions a permitted call ended are started again. */
  after?: (w: World) => Promise<void>;
};

const mine = (role: Role, target: Target) =>
  target === 'none' || target === tenantOf(role) || (target === 'guest' && role === 'guestB');

const authenticated: Record<Access, (role: Role) => boolean> = {
  public: () => true,
  owner: isOwner,
  diner: isDiner,
  'owner-or-diner': (role) => !isTokenless(role),
};

/** A registered route's gate as its hooks declare it, and whether it reads an optional token. */
type Declared = { gate: readonly Permission[] | 'owner' | undefined; identifies: boolean };
const declaredOf = new Map<string, Declared>();

/** The permissions a gate names, in one order: 'owner' stays 'owner'. */
const permissionsOf = (gate: Gate | undefined) =>
  gate === undefined || gate === 'owner' ? gate : [gate].flat().sort();

/**
 * A staff member's or device's answer: derived from the route's declared gate. The permission is
 * checked before the object is looked up, so a role without it gets 403 whichever restaurant the
 * call names; with it, another restaurant's object is a 404 as for the owner.
 */
function expectedOfStaff(entry: Entry, person: StaffPerson, role: Role, target: Target): number {
  const declared = declaredOf.get(entry.route);
  if (!declared) throw new Error(`${entry.route}: not in the route table`);
  if (entry.access === 'public') {
    // A token that names nobody is refused where the route reads one.
    if (person.removed && declared.identifies) return 401;
    return entry.expect?.(role, target) ?? entry.outcomes?.[target] ?? entry.ok;
  }
  if (entry.access === 'diner' || person.removed) return 401;
  const { gate } = declared;
  if (gate === undefined) throw new Error(`${entry.route}: no staff gate declared`);
  if (gate === 'owner' || !gate.some((permission) => can(person.role, permission))) return 403;
  return entry.expect?.(role, target) ?? (mine(role, target) ? (entry.own ?? entry.ok) : 404);
}

/** The contract's role of an owner, staff member or device. */
const roleOf = (role: Role): RoleName | undefined => (isOwner(role) ? 'owner' : staffOf(role)?.role);

function expected(entry: Entry, role: Role, target: Target): number {
  const person = staffOf(role);
  if (person) return expectedOfStaff(entry, person, role, target);
  // Without the right token, 401 whatever the object: nothing about it shows.
  if (!authenticated[entry.access](role)) return 401;
  const special = entry.expect?.(role, target);
  if (special !== undefined) return special;
  switch (entry.access) {
    case 'public':
      return entry.outcomes?.[target] ?? entry.ok;
    case 'owner':
      return mine(role, target) ? (entry.own ?? entry.ok) : 404;
    case 'diner':
      return mine(role, target) ? entry.ok : 404;
    case 'owner-or-diner':
      if (isOwner(role)) return mine(role, target) ? entry.ok : 404;
      return target === 'A' || target === 'B' ? entry.ok : 404;
  }
}

// ——— how requests name objects ———

const tenantName = (target: Target): TenantName => (target === 'B' || target === 'B+A' ? 'B' : 'A');

/** One object id: A's, B's, or none's. */
function one(c: Call, thing: (x: Tenant, name: TenantName) => number | undefined): number {
  if (c.target === 'missing') return MISSING_ID;
  const name = tenantName(c.target);
  const id = thing(c.w[name], name);
  if (id === undefined) throw new Error(`no ${c.target} object`);
  return id;
}

/** A restaurant and an object in it; 'A+B' and 'B+A' cross them, 'missing' is a non-existent id in the caller's own. */
function pair(c: Call, thing: (x: Tenant, name: TenantName) => number | undefined): [number, number] {
  const of = (name: TenantName) => {
    const id = thing(c.w[name], name);
    if (id === undefined) throw new Error(`no ${name} object`);
    return id;
  };
  switch (c.target) {
    case 'A':
    case 'B':
      return [c.w[c.target].restaurantId, of(c.target)];
    case 'A+B':
      return [c.w.A.restaurantId, of('B')];
    case 'B+A':
      return [c.w.B.restaurantId, of('A')];
    case 'missing':
      return [c.w[homeOf(c.role)].restaurantId, MISSING_ID];
    default:
      throw new Error(`pair: unexpected target ${c.target}`);
  }
}
const restaurantOf = (c: Call) =>
  c.target === 'missing' ? MISSING_ID : c.w[tenantName(c.target)].restaurantId;
const ownerIdOf = (c: Call) => (c.target === 'missing' ? MISSING_ID : c.w[tenantName(c.target)].owner.userId);
const freshOf = (c: Call) => (_x: Tenant, name: TenantName) => c.fresh[name];
const bothFresh =
  (make: (w: World, name: TenantName) => Promise<number>) => async (w: World, only?: TenantName) => ({
    ...(only !== 'B' && { A: await make(w, 'A') }),
    ...(only !== 'A' && { B: await make(w, 'B') }),
  });
const pairTargets: Target[] = ['A', 'B', 'A+B', 'B+A', 'missing'];
const oneTargets: Target[] = ['A', 'B', 'missing'];

// ——— helpers for the public account routes (each call gets an account of its own) ———

let spares = 0;
/** Registers an owner who takes no part in the world; answers their email and verification token. */
async function spareOwner(w: World) {
  const body = registrationBody();
  const response = await api(w, 'POST', '/auth/register', {}, body);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return { email: body.email, verifyToken: tokenFromMail(await w.t.waitForMail(body.email)) };
}
async function resetToken(w: World, kind: 'owner' | 'customer') {
  if (kind === 'owner') {
    const { email } = await spareOwner(w);
    await api(w, 'POST', '/auth/forgot_password', {}, { email });
    return tokenFromMail(await w.t.waitForMail(email, 2));
  }
  spares += 1;
  const email = `spare-diner${spares}@example.com`;
  await signUpDiner(w.t, w.A.restaurantId, { email });
  await api(w, 'POST', '/customer/forgot-password', {}, { email });
  return tokenFromMail(await w.t.waitForMail(email));
}
const uniqueEmail = (label: string) => {
  spares += 1;
  return `${label}${spares}@example.com`;
};

function pngBytes() {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
}
/** A signed upload URL of owner A's, as path and query under /api/v1. */
async function signedUpload(w: World) {
  const response = await api(w, 'POST', '/menu/generate-signed-url', w.A.owner.auth, {
    file_name: 'dish.png',
  });
  if (response.statusCode !== 200) throw new Error(`signed url failed: ${response.body}`);
  const url = new URL(response.json().signed_url as string);
  return {
    path: url.pathname.replace('/api/v1', ''),
    search: url.search,
    key: url.pathname.split('/').pop()!,
  };
}
const uploadRequest = (url: string): Request => ({
  method: 'PUT',
  url,
  headers: { 'content-type': 'image/png' },
  payload: pngBytes(),
});

function webhookRequest(c: Call, url = '/subscription/webhook'): Request {
  const payload = JSON.stringify({
    // Each webhook's own ids: both record the events they applied in one table.
    id: `evt_matrix${url.replaceAll('/', '_')}_${c.role}_${c.target}`,
    object: 'event',
    type: 'customer.created',
    data: { object: { id: 'cus_matrix', object: 'customer' } },
  });
  const signature =
    c.target === 'unsigned'
      ? undefined
      : Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: c.target === 'forged' ? 'whsec_someone_else' : STRIPE_WEBHOOK_SECRET,
          timestamp: Math.floor(c.w.t.clock.now().getTime() / 1000),
        });
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
    payload: Buffer.from(payload),
  };
}

const DAY = '2026-03-07';
const paidDinner = { lines: [{ name: 'Pizza', unitPriceCents: 2444 }] };

// ——— a table's bill (docs/decisions/020-money-model.md#payments) ———

const BILL_TABLE = 3;
const tenantBills = new Map<TenantName, Promise<number>>();
/** Each tenant's open bill at table 3 with its registered diner's order on it, made once for all bill routes. */
function billOf(w: World, name: TenantName): Promise<number> {
  const made =
    tenantBills.get(name) ??
    (async () => {
      const db = w.t.app.database.db;
      const [bill] = await db
        .insert(bills)
        .values({ restaurantId: w[name].restaurantId, tableNumber: BILL_TABLE })
        .returning();
      await db.update(orders).set({ billId: bill!.id }).where(eq(orders.id, w[name].dinerOrder));
      return bill!.id;
    })();
  tenantBills.set(name, made);
  return made;
}
/** A pending payment on the tenant's bill. */
async function billPaymentOf(w: World, name: TenantName): Promise<number> {
  const billId = await billOf(w, name);
  const [payment] = await w.t.app.database.db
    .insert(billPayments)
    .values({
      billId,
      restaurantId: w[name].restaurantId,
      splitKind: 'amount',
      amountCents: 1,
      provider: 'stripe',
      receiptTokenHash: '0'.repeat(64),
    })
    .returning();
  return payment!.id;
}
/** The payer's receipt token of every payment awaitingAuthenticationOf makes. */
const AWAITING_RECEIPT_TOKEN = 'matrix-receipt-token-0123456789abcdefghijkl';
/**
 * A payment on the tenant's bill whose bank asks for 3-D Secure: pending, its Stripe intent (on
 * the fake) waiting for the payer's challenge.
 */
async function awaitingAuthenticationOf(w: World, name: TenantName): Promise<number> {
  const billId = await billOf(w, name);
  const intent = await createStripeClient('sk_test_matrix', w.stripe.api).paymentIntents.create({
    amount: 1,
    currency: 'usd',
    payment_method: 'pm_card_threeDSecure2Required',
    confirm: true,
  });
  const [payment] = await w.t.app.database.db
    .insert(billPayments)
    .values({
      billId,
      restaurantId: w[name].restaurantId,
      splitKind: 'amount',
      amountCents: 1,
      provider: 'stripe',
      providerPaymentId: intent.id,
      receiptTokenHash: hashToken(AWAITING_RECEIPT_TOKEN),
    })
    .returning();
  return payment!.id;
}
/**
 * The table code a caller shows for table `table` of `tenant`: the card's (its key included),
 * except for the diner at another table, who has only their own table's card
 * (docs/decisions/025-table-keys.md).
 */
function codeOf(c: Call, tenant: TenantName, table: number) {
  if (c.role === 'otherTableA')
    return { token: c.w.A.menuToken, table: String(table), key: c.w.A.tableKeys[OTHER_TABLE]! };
  const { menuToken, tableKeys } = c.w[tenant];
  return { token: menuToken, table: String(table), key: tableKeys[table]! };
}

/**
 * The bill a call names and the table code it shows: 'A+B' is B's bill with A's table's code.
 * B's registered diner ordered on B's bill, so their token opens it whatever the code.
 */
async function billCall(c: Call) {
  const owner: TenantName = c.target === 'A' ? 'A' : 'B';
  const billId = c.target === 'missing' ? MISSING_ID : await billOf(c.w, owner);
  return { billId, code: codeOf(c, c.target === 'B' ? 'B' : 'A', BILL_TABLE), owner };
}
const billTargets: Target[] = ['A', 'B', 'A+B', 'missing'];
const billOutcomes = { 'A+B': 404, missing: 404 } as const;
const theirDinerOpensB = (role: Role, target: Target) => role === 'dinerB' && target === 'A+B';
/**
 * Who may read or pay a bill beyond the code's holders: B's diner their own bill whatever the
 * code; the diner at another table no bill at all, A's own table-3 bill included.
 */
const billExpect = (ok: number) => (role: Role, target: Target) =>
  role === 'otherTableA' ? 404 : theirDinerOpensB(role, target) ? ok : undefined;

/**
 * The entry of a restaurant's staff route that names its restaurant by `:restaurant_id` in the
 * path or `restaurant_id` in the body, in one line: `restaurantRoute('POST /x/:restaurant_id',
 * 'staff.manage', { payload: (c) => ({ ... }), mutates: true })`. Who gets what follows from the
 * gate the route declares; `gate` pins it. A route that names another object (an order, a member,
 * a device) needs that object per tenant: see the approve-order entry (prepare, pair, freshOf).
 */
function restaurantRoute(
  route: string,
  gate: Gate,
  options: Partial<Entry> & { payload?: (c: Call) => object } = {},
): Entry {
  const [method, path] = route.split(' ') as [Method, string];
  const { payload, ...entry } = options;
  return {
    route,
    access: 'owner',
    gate,
    targets: oneTargets,
    ok: method === 'POST' ? 201 : 200,
    request: (c) => ({
      method,
      url: path.replace(':restaurant_id', String(restaurantOf(c))),
      ...(payload && { payload: payload(c) }),
    }),
    ...entry,
  };
}

let taxRatesMade = 0;
/** A tax rate of the tenant's restaurant, through its owner's API. */
async function freshTaxRate(w: World, name: TenantName) {
  taxRatesMade += 1;
  const response = await api(w, 'POST', `/restaurant/tax-rates/${w[name].restaurantId}`, w[name].owner.auth, {
    name: `Matrix rate ${taxRatesMade}`,
    rate_percent: 5,
  });
  if (response.statusCode !== 201) throw new Error(`tax rate failed: ${response.body}`);
  const rates = response.json().data.tax_rates as { tax_rate_id: number; name: string }[];
  return rates.find((rate) => rate.name === `Matrix rate ${taxRatesMade}`)!.tax_rate_id;
}

/**
 * Dishes of another restaurant's menu, on a call the caller may make: 400 "not on this menu",
 * the answer a non-existent dish gets, so nothing about the other menu shows (and nothing is
 * ordered). The first part of the target is the restaurant (or order), the second the dishes.
 */
const foreignDishes = (role: Role, target: Target) => {
  if (target !== 'A+B' && target !== 'B+A') return undefined;
  const first = target === 'A+B' ? 'A' : 'B';
  if (worksThere(role)) return tenantOf(role) === first ? 400 : 404;
  return 400;
};

/**
 * The declaration: one entry per route, in the order the suite runs them (the two
 * "log out everywhere" routes last, as their permitted calls end the callers' sessions).
 */
// ——— helpers for the staff routes (docs/product/staff.md#staff-accounts) ———

/** Invites a new member to the tenant's restaurant; answers the member's id and emailed token. */
async function invitedMember(w: World, name: TenantName) {
  const email = uniqueEmail(`invitee-${name.toLowerCase()}-`);
  const response = await api(w, 'POST', '/staff', w[name].owner.auth, {
    name: 'Invitee',
    email,
    role: 'server',
  });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.body}`);
  const token = (await w.t.waitForMail(email)).links[0]!.split('/invite/')[1]!;
  return { staffId: response.json().member.staff_id as number, token };
}
const freshMember = async (w: World, name: TenantName) => (await invitedMember(w, name)).staffId;
const invitationToken = async (c: Call) =>
  c.target === 'valid' ? (await invitedMember(c.w, 'A')).token : 'x'.repeat(43);

// ——— helpers for the device routes (docs/product/staff.md#paired-devices) ———

/** A fresh pairing code of tenant A's restaurant, made by its owner. */
async function pairingCodeOfA(w: World) {
  const response = await api(
    w,
    'POST',
    `/owner/restaurant/${w.A.restaurantId}/devices/pairing-codes`,
    w.A.owner.auth,
    {
      device_name: 'Pass tablet',
      role: 'kitchen',
    },
  );
  if (response.statusCode !== 201) throw new Error(`pairing code failed: ${response.body}`);
  return response.json().code as string;
}
const freshDevice = async (w: World, name: TenantName) =>
  (await deviceTokenFor(w.t, w[name].restaurantId, 'kitchen')).id;
/** A paired device's credential: a tablet of A paired with a fresh code. */
async function deviceCredentialOfA(w: World) {
  const paired = await api(w, 'POST', '/devices/pair', {}, { code: await pairingCodeOfA(w) });
  if (paired.statusCode !== 201) throw new Error(`pairing failed: ${paired.body}`);
  return paired.json().credential as string;
}

/** When the suite began, and how far spaced calls have moved the limiters' clock since. */
const startedAt = Date.now();
let spacedSoFar = 0;

/** A paid bill of each tenant's, for the receipts: written once, as the payment flow would leave it. */
const paidBills: Partial<Record<TenantName, PaidBill>> = {};
const paidBillOf = (w: World, name: TenantName) =>
  insertPaidBill(w.t.app.database.db, {
    restaurantId: w[name].restaurantId,
    tableNumber: 1,
    rules: { pricesIncludeTax: false, serviceRate: 0, serviceMinParty: null },
    lines: [{ name: 'Soup', unitPriceCents: 800, quantity: 1, tax: null }],
    payments: [{ split: 'all', tipCents: 100, confirmedAt: new Date() }],
  });

const MATRIX: Entry[] = [
  // ——— public infrastructure ———
  {
    route: 'GET /health',
    access: 'public',
    targets: ['none'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/health' }),
  },
  {
    route: 'GET /public-config',
    access: 'public',
    targets: ['none'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/public-config' }),
  },

  // ——— owner accounts ———
  {
    route: 'POST /auth/register',
    access: 'public',
    targets: ['none'],
    ok: 201,
    request: () => ({ method: 'POST', url: '/auth/register', payload: registrationBody() }),
  },
  {
    route: 'GET /auth/verify-email',
    access: 'public',
    targets: ['valid', 'invalid'],
    ok: 200,
    outcomes: { invalid: 400 },
    request: async (c) => {
      const token = c.target === 'valid' ? (await spareOwner(c.w)).verifyToken : 'x'.repeat(43);
      return { method: 'GET', url: `/auth/verify-email?token=${token}` };
    },
  },
  {
    route: 'POST /auth/login',
    access: 'public',
    targets: ['A', 'wrong'],
    ok: 200,
    outcomes: { wrong: 401 },
    request: (c) => ({
      method: 'POST',
      url: '/auth/login',
      payload: {
        email: c.w.A.owner.email,
        password: c.target === 'A' ? c.w.A.owner.password : 'not the password',
      },
    }),
    check: (response, c) => {
      if (c.target === 'A') expect(response.json().user_id).toBe(c.w.A.owner.userId);
    },
  },
  {
    route: 'POST /auth/forgot_password',
    access: 'public',
    targets: ['none'],
    ok: 200,
    request: () => ({
      method: 'POST',
      url: '/auth/forgot_password',
      payload: { email: uniqueEmail('nobody') },
    }),
  },
  {
    route: 'POST /auth/reset_password',
    access: 'public',
    targets: ['valid', 'invalid'],
    ok: 200,
    outcomes: { invalid: 400 },
    request: async (c) => ({
      method: 'POST',
      url: '/auth/reset_password',
      payload: {
        token: c.target === 'valid' ? await resetToken(c.w, 'owner') : 'x'.repeat(43),
        new_password: 'another long password',
      },
    }),
  },
  {
    route: 'GET /auth/user/:user_id',
    access: 'owner',
    gate: 'owner',
    targets: oneTargets,
    ok: 200,
    request: (c) => ({ method: 'GET', url: `/auth/user/${ownerIdOf(c)}` }),
    check: (response, c) => {
      if (response.statusCode === 200) expect(response.json().user_id).toBe(ownerIdOf(c));
    },
  },
  {
    route: 'PUT /auth/user/:user_id',
    access: 'owner',
    gate: 'owner',
    targets: oneTargets,
    ok: 200,
    mutates: true,
    request: (c) => ({
      method: 'PUT',
      url: `/auth/user/${ownerIdOf(c)}`,
      payload: { first_name: `Renamed ${c.role}` },
    }),
  },

  // ——— restaurants ———
  {
    route: 'POST /restaurant/create-restaurant',
    access: 'owner',
    gate: 'owner',
    // Each owner already has their restaurant (the world made it through this route): their own
    // call is a 409; naming another owner's user_id is a 404 that creates nothing.
    targets: ['none', 'A', 'B'],
    ok: 201,
    own: 409,
    request: (c) => ({
      method: 'POST',
      url: '/restaurant/create-restaurant',
      payload: restaurantBody(c.target === 'none' ? {} : { user_id: ownerIdOf(c) }),
    }),
  },
  {
    route: 'GET /restaurant/get-restaurant/:restaurant_id',
    access: 'public',
    targets: oneTargets,
    ok: 200,
    outcomes: { missing: 404 },
    request: (c) => ({ method: 'GET', url: `/restaurant/get-restaurant/${restaurantOf(c)}` }),
    check: (response, c) => {
      if (response.statusCode !== 200) return;
      const data = response.json().data as Record<string, unknown>;
      expect(data.restaurant_id).toBe(restaurantOf(c));
      // The full record (email, owner, menu token) only for its owner; the public fields for anyone else.
      const full = worksThere(c.role) && tenantOf(c.role) === c.target;
      for (const field of ['email', 'user_id', 'token', 'zip_code']) expect(field in data).toBe(full);
    },
  },
  {
    route: 'PUT /restaurant/update-restaurant/:restaurant_id',
    access: 'owner',
    gate: 'restaurant.manage',
    targets: oneTargets,
    ok: 200,
    mutates: true,
    request: (c) => ({
      method: 'PUT',
      url: `/restaurant/update-restaurant/${restaurantOf(c)}`,
      payload: { description: `Rewritten by ${c.role}` },
    }),
  },
  restaurantRoute('GET /restaurant/payment-settings/:restaurant_id', 'restaurant.manage'),
  restaurantRoute('PUT /restaurant/payment-settings/:restaurant_id', 'restaurant.manage', {
    mutates: true,
    payload: () => ({ payment_timing: 'end_of_meal', service_charge_percent: 10 }),
  }),
  restaurantRoute('POST /restaurant/tax-rates/:restaurant_id', 'restaurant.manage', {
    mutates: true,
    payload: (c) => ({ name: `By ${c.role} for ${c.target}`, rate_percent: 7 }),
  }),
  {
    route: 'PUT /restaurant/tax-rates/:restaurant_id/:tax_rate_id',
    access: 'owner',
    gate: 'restaurant.manage',
    targets: pairTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh(freshTaxRate),
    request: (c) => {
      const [restaurantId, taxRateId] = pair(c, freshOf(c));
      return {
        method: 'PUT',
        url: `/restaurant/tax-rates/${restaurantId}/${taxRateId}`,
        payload: { name: `Renamed by ${c.role}`, rate_percent: 8.875, is_default: true },
      };
    },
  },
  {
    route: 'DELETE /restaurant/tax-rates/:restaurant_id/:tax_rate_id',
    access: 'owner',
    gate: 'restaurant.manage',
    targets: pairTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh(freshTaxRate),
    request: (c) => {
      const [restaurantId, taxRateId] = pair(c, freshOf(c));
      return { method: 'DELETE', url: `/restaurant/tax-rates/${restaurantId}/${taxRateId}` };
    },
  },
  {
    route: 'GET /restaurant/search-restaurants',
    access: 'public',
    targets: ['none'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/restaurant/search-restaurants?query=Bistro' }),
  },

  // ——— menu ———
  {
    route: 'GET /menu/get-menu-items/:restaurant_id',
    access: 'owner',
    gate: 'menu.view',
    targets: oneTargets,
    ok: 200,
    request: (c) => ({ method: 'GET', url: `/menu/get-menu-items/${restaurantOf(c)}` }),
    check: (response, c) => {
      if (response.statusCode !== 200) return;
      for (const item of response.json().data as { restaurant_id: number }[])
        expect(item.restaurant_id).toBe(restaurantOf(c));
    },
  },
  {
    route: 'POST /menu/add-menu-item',
    access: 'owner',
    gate: 'menu.manage',
    targets: oneTargets,
    ok: 201,
    mutates: true,
    request: (c) => ({
      method: 'POST',
      url: '/menu/add-menu-item',
      payload: {
        item_name: `Added by ${c.role}`,
        description: 'Good',
        price: 5,
        category: 'Dessert',
        restaurant_id: restaurantOf(c),
      },
    }),
  },
  {
    route: 'POST /menu/update-menu-item/:menu_id',
    access: 'owner',
    gate: 'menu.manage',
    targets: pairTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh(freshItem),
    request: (c) => {
      const [restaurantId, menuId] = pair(c, freshOf(c));
      return {
        method: 'POST',
        url: `/menu/update-menu-item/${menuId}`,
        payload: {
          item_name: 'Daily special',
          description: `Rewritten by ${c.role}`,
          price: 99,
          category: 'MainCourse',
          available: false,
          restaurant_id: restaurantId,
        },
      };
    },
  },
  {
    route: 'POST /menu/sold-out/:menu_id',
    access: 'owner',
    gate: 'stock.manage',
    targets: pairTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh(freshItem),
    request: (c) => {
      const [restaurantId, menuId] = pair(c, freshOf(c));
      return {
        method: 'POST',
        url: `/menu/sold-out/${menuId}`,
        payload: { restaurant_id: restaurantId, sold_out: true },
      };
    },
  },
  {
    route: 'DELETE /menu/delete-menu-item/:menu_id',
    access: 'owner',
    gate: 'menu.manage',
    targets: oneTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh(freshItem),
    request: (c) => ({ method: 'DELETE', url: `/menu/delete-menu-item/${one(c, freshOf(c))}` }),
  },
  {
    route: 'POST /menu/generate-qr-code',
    access: 'owner',
    gate: 'tables.manage',
    targets: oneTargets,
    ok: 200,
    request: (c) => ({
      method: 'POST',
      url: '/menu/generate-qr-code',
      payload: { restaurant_id: restaurantOf(c) },
    }),
    check: (response) => {
      if (response.statusCode === 200) expect(response.headers['content-type']).toBe('image/png');
    },
  },
  {
    route: 'GET /menu/table-codes/:restaurant_id',
    access: 'owner',
    gate: 'tables.manage',
    targets: oneTargets,
    ok: 200,
    request: (c) => ({ method: 'GET', url: `/menu/table-codes/${restaurantOf(c)}` }),
    check: (response, c) => {
      if (response.statusCode !== 200) return;
      for (const code of response.json().codes as { link: string }[])
        expect(code.link).toContain(`token=${c.w[tenantName(c.target)].menuToken}&`);
    },
  },
  {
    route: 'GET /menu/table-cards/:restaurant_id',
    access: 'owner',
    gate: 'tables.manage',
    targets: oneTargets,
    ok: 200,
    spacedBy: 60_000,
    request: (c) => ({ method: 'GET', url: `/menu/table-cards/${restaurantOf(c)}` }),
    check: (response) => {
      if (response.statusCode === 200) expect(response.headers['content-type']).toBe('application/pdf');
    },
  },
  {
    route: 'POST /menu/rotate-qr-token',
    access: 'owner',
    gate: 'tables.manage',
    targets: oneTargets,
    ok: 200,
    mutates: true,
    // The token the named restaurant's codes carry now (the caller's own for a missing one).
    request: (c) => ({
      method: 'POST',
      url: '/menu/rotate-qr-token',
      payload: {
        restaurant_id: restaurantOf(c),
        token: c.w[c.target === 'missing' ? homeOf(c.role) : tenantName(c.target)].menuToken,
      },
    }),
    // The next caller, and the routes after this one, use the token (and tables' keys) the rotation left.
    check: async (response, c) => {
      if (response.statusCode !== 200) return;
      const tenant = c.w[tenantName(c.target)];
      tenant.menuToken = response.json().token;
      tenant.tableKeys = await tableKeysOf(c.w.t, tenant.restaurantId);
    },
  },
  {
    route: 'POST /menu/generate-signed-url',
    access: 'owner',
    gate: 'menu.manage',
    targets: ['none'],
    ok: 200,
    request: () => ({ method: 'POST', url: '/menu/generate-signed-url', payload: { file_name: 'dish.png' } }),
  },

  // ——— menu images: the signed URL is the credential, whoever holds it ———
  {
    route: 'PUT /uploads/:key',
    access: 'public',
    targets: ['signed', 'forged', 'unsigned'],
    ok: 200,
    outcomes: { forged: 403, unsigned: 403 },
    request: async (c) => {
      const upload = await signedUpload(c.w);
      c.memo.key = upload.key;
      if (c.target === 'signed') return uploadRequest(`${upload.path}${upload.search}`);
      if (c.target === 'unsigned') return uploadRequest(upload.path);
      // Another key's valid signature.
      return uploadRequest(`${upload.path}${(await signedUpload(c.w)).search}`);
    },
    check: async (response, c) => {
      const stored = await api(c.w, 'GET', `/uploads/${c.memo.key}`);
      expect(stored.statusCode).toBe(response.statusCode === 200 ? 200 : 404);
    },
  },
  {
    route: 'GET /uploads/:key',
    access: 'public',
    targets: ['A', 'missing'],
    ok: 200,
    outcomes: { missing: 404 },
    prepare: async (w) => {
      const upload = await signedUpload(w);
      const stored = await w.t.app.inject({
        ...uploadRequest(`/api/v1${upload.path}${upload.search}`),
        remoteAddress: nextAddress(),
      });
      if (stored.statusCode !== 200) throw new Error(`upload failed: ${stored.body}`);
      return { key: upload.key };
    },
    request: (c) => ({
      method: 'GET',
      url: `/uploads/${c.target === 'A' ? c.fresh.key : `${c.w.A.owner.userId}-${'x'.repeat(22)}.png`}`,
    }),
  },

  // ——— subscriptions ———
  {
    route: 'GET /subscription/plans',
    access: 'public',
    targets: ['none'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/subscription/plans' }),
  },
  {
    route: 'GET /subscription/subscription-status/:user_id',
    access: 'owner',
    gate: 'owner',
    targets: oneTargets,
    ok: 200,
    request: (c) => ({ method: 'GET', url: `/subscription/subscription-status/${ownerIdOf(c)}` }),
  },
  {
    route: 'POST /subscription/validate-coupon',
    access: 'public',
    targets: ['none', 'missing'],
    ok: 200,
    outcomes: { missing: 404 },
    request: (c) => ({
      method: 'POST',
      url: '/subscription/validate-coupon',
      payload: { coupon_id: 'NO-SUCH-COUPON', plan_id: c.target === 'missing' ? MISSING_ID : c.w.planId },
    }),
  },
  {
    route: 'POST /subscription/create-subscription',
    access: 'owner',
    gate: 'owner',
    // Both owners subscribed when the world was built (through this route): their own call is a
    // 409 before any charge; naming another owner is a 404 that charges nobody (Stripe calls are
    // part of the state compared).
    targets: oneTargets,
    ok: 201,
    own: 409,
    request: (c) => ({
      method: 'POST',
      url: '/subscription/create-subscription',
      payload: { user_id: ownerIdOf(c), plan_id: c.w.planId, payment_method_id: 'pm_card_visa' },
    }),
  },
  ...['/subscription/link-restaurant-subscription', '/subscription/update-subscription-restaurant'].map(
    (path): Entry => ({
      route: `POST ${path}`,
      access: 'owner',
      gate: 'owner',
      targets: oneTargets,
      ok: 200,
      request: (c) => ({ method: 'POST', url: path, payload: { user_id: ownerIdOf(c) } }),
      check: (response, c) => {
        if (response.statusCode === 200)
          expect(response.json().restaurant_id).toBe(c.w[tenantOf(c.role)!].restaurantId);
      },
    }),
  ),
  {
    route: 'POST /subscription/cancel-subscription/:user_id',
    access: 'owner',
    gate: 'owner',
    targets: oneTargets,
    ok: 200,
    mutates: true,
    request: (c) => ({
      method: 'POST',
      url: `/subscription/cancel-subscription/${ownerIdOf(c)}`,
      // At period end: the subscription stays valid, so the owner's writes below still work.
      payload: { mode: 'at_period_end' },
    }),
  },
  {
    route: 'POST /subscription/webhook',
    access: 'public',
    targets: ['signed', 'unsigned', 'forged'],
    ok: 200,
    outcomes: { unsigned: 400, forged: 400 },
    request: (c) => webhookRequest(c),
  },

  // ——— paying at the table ———
  {
    route: 'GET /table-bill',
    access: 'public',
    targets: ['A', 'B', 'missing'],
    ok: 200,
    outcomes: { missing: 404 },
    // The diner at another table asks for table 3's bill with their own table's key.
    expect: (role) => (role === 'otherTableA' ? 404 : undefined),
    prepare: bothFresh(billOf),
    request: (c) => {
      const tenant = c.target === 'B' ? 'B' : 'A';
      const code = codeOf(c, tenant, BILL_TABLE);
      // 'missing': table 5, which has no open bill, with its own key.
      const asked = c.target === 'missing' ? codeOf(c, tenant, BILL_TABLE + 2) : code;
      return { method: 'GET', url: `/table-bill?${new URLSearchParams(asked)}` };
    },
  },
  {
    route: 'GET /bills/:bill_id',
    access: 'public',
    targets: billTargets,
    ok: 200,
    outcomes: billOutcomes,
    expect: billExpect(200),
    prepare: bothFresh(billOf),
    request: async (c) => {
      const { billId, code } = await billCall(c);
      return { method: 'GET', url: `/bills/${billId}?${new URLSearchParams(code)}` };
    },
  },
  {
    route: 'GET /bills/:bill_id/payments/:payment_id',
    access: 'public',
    targets: billTargets,
    ok: 200,
    outcomes: billOutcomes,
    expect: billExpect(200),
    prepare: bothFresh(billPaymentOf),
    request: async (c) => {
      const { billId, code, owner } = await billCall(c);
      const paymentId = c.fresh[owner] ?? MISSING_ID;
      return {
        method: 'GET',
        url: `/bills/${billId}/payments/${paymentId}?${new URLSearchParams(code)}`,
      };
    },
  },
  {
    route: 'POST /bills/:bill_id/payments',
    access: 'public',
    targets: billTargets,
    ok: 202,
    outcomes: billOutcomes,
    expect: billExpect(202),
    // Each permitted call pays a cent of the bill.
    mutates: true,
    prepare: bothFresh(billOf),
    request: async (c) => {
      const { billId, code } = await billCall(c);
      return {
        method: 'POST',
        url: `/bills/${billId}/payments`,
        headers: { 'idempotency-key': `matrix-pay-${c.role}-${c.target}` },
        payload: {
          table_code: code,
          version: 1,
          split: { kind: 'amount', amount: 0.01 },
          tip: { kind: 'none' },
          payment_method_id: 'pm_card_visa',
        },
      };
    },
  },
  {
    route: 'POST /bills/:bill_id/payments/:payment_id/cancel',
    access: 'public',
    targets: billTargets,
    ok: 200,
    outcomes: billOutcomes,
    expect: billExpect(200),
    mutates: true,
    // Refused calls name the tenants' shared payment; each permitted one cancels one of its own.
    prepare: bothFresh(awaitingAuthenticationOf),
    request: async (c) => {
      const { billId, code, owner } = await billCall(c);
      const permitted =
        c.role !== 'otherTableA' &&
        (c.target === 'A' || c.target === 'B' || theirDinerOpensB(c.role, c.target));
      const paymentId =
        c.target === 'missing'
          ? MISSING_ID
          : permitted
            ? await awaitingAuthenticationOf(c.w, owner)
            : (c.fresh[owner] ?? MISSING_ID);
      return {
        method: 'POST',
        url: `/bills/${billId}/payments/${paymentId}/cancel`,
        payload: { table_code: code, receipt_token: AWAITING_RECEIPT_TOKEN },
      };
    },
  },
  {
    route: 'POST /payments/webhook',
    access: 'public',
    targets: ['signed', 'unsigned', 'forged'],
    ok: 200,
    outcomes: { unsigned: 400, forged: 400 },
    request: (c) => webhookRequest(c, '/payments/webhook'),
  },

  // ——— diner accounts ———
  {
    route: 'POST /customer/create',
    access: 'public',
    targets: ['A', 'missing'],
    ok: 201,
    outcomes: { missing: 404 },
    request: (c) => ({
      method: 'POST',
      url: '/customer/create',
      payload: {
        customer_name: 'Walk-by',
        email: uniqueEmail('guest'),
        phone_number: '5125550123',
        restaurant_id: restaurantOf(c),
        is_guest: true,
      },
    }),
  },
  {
    route: 'POST /customer/login',
    access: 'public',
    targets: ['A', 'wrong'],
    ok: 200,
    outcomes: { wrong: 401 },
    request: (c) => ({
      method: 'POST',
      url: '/customer/login',
      payload: { email: c.w.A.dinerEmail, password: c.target === 'A' ? DINER_PASSWORD : 'not the password' },
    }),
    check: (response, c) => {
      if (c.target === 'A') expect(response.json().data.customer_id).toBe(c.w.A.diner.customer_id);
    },
  },
  {
    route: 'POST /customer/forgot-password',
    access: 'public',
    targets: ['none'],
    ok: 200,
    request: () => ({
      method: 'POST',
      url: '/customer/forgot-password',
      payload: { email: uniqueEmail('nodiner') },
    }),
  },
  {
    route: 'POST /customer/reset_password',
    access: 'public',
    targets: ['valid', 'invalid'],
    ok: 200,
    outcomes: { invalid: 400 },
    request: async (c) => ({
      method: 'POST',
      url: '/customer/reset_password',
      payload: {
        token: c.target === 'valid' ? await resetToken(c.w, 'customer') : 'x'.repeat(43),
        new_password: 'another long password',
      },
    }),
  },
  {
    route: 'GET /customer/display-menu/:token',
    access: 'public',
    targets: ['A', 'B', 'A-id', 'missing'],
    ok: 200,
    outcomes: { missing: 404 },
    request: (c) => {
      const token = {
        A: c.w.A.menuToken,
        B: c.w.B.menuToken,
        'A-id': String(c.w.A.restaurantId),
      } as Partial<Record<Target, string>>;
      return {
        method: 'GET',
        url: `/customer/display-menu/${token[c.target] ?? 'no-such-menu-token-0000000000'}`,
      };
    },
    check: (response, c) => {
      if (response.statusCode !== 200) return;
      const { restaurant, menu } = response.json() as {
        restaurant: Record<string, unknown>;
        menu: { restaurant_id: number }[];
      };
      const rid = c.w[tenantName(c.target)].restaurantId;
      expect(restaurant.restaurant_id).toBe(rid);
      for (const item of menu) expect(item.restaurant_id).toBe(rid);
      // A restaurant id is no secret: asked by id, the menu never hands out the QR code's token.
      expect('token' in restaurant).toBe(c.target !== 'A-id');
      expect('user_id' in restaurant || 'email' in restaurant).toBe(false);
    },
  },

  // ——— diner orders ———
  {
    route: 'POST /customer/place-order',
    access: 'owner-or-diner',
    gate: 'orders.place',
    // 'A+B': restaurant A with B's dishes; 'B+A' the reverse.
    targets: [...oneTargets, 'A+B', 'B+A'],
    ok: 201,
    expect: foreignDishes,
    mutates: true,
    request: (c) => {
      const x = c.w[c.target === 'A+B' ? 'B' : c.target === 'B+A' ? 'A' : tenantName(c.target)];
      const restaurant_id = c.target.includes('+')
        ? c.w[c.target === 'A+B' ? 'A' : 'B'].restaurantId
        : restaurantOf(c);
      if (worksThere(c.role))
        return {
          method: 'POST',
          url: '/customer/place-order',
          payload: {
            restaurant_id,
            user_id: c.w[tenantOf(c.role)!].owner.userId,
            customer_name: 'Walk-in Wendy',
            phone_number: '5035550199',
            total_amount: 0,
            items: [{ menu_id: x.items[0], quantity: 1 }],
          },
        };
      return {
        method: 'POST',
        url: '/customer/place-order',
        payload: {
          restaurant_id,
          order_items: [{ menu_item_id: x.items[0], quantity: 1 }],
          order_type: 'dine-in',
          table_no: 1,
        },
      };
    },
  },
  {
    route: 'GET /customer/order-summary/:restaurant_id/:order_id',
    access: 'diner',
    targets: [...pairTargets, 'guest'],
    ok: 200,
    request: (c) => {
      const [restaurantId, orderId] =
        c.target === 'guest' ? [c.w.B.restaurantId, c.w.guestOrder] : pair(c, (x) => x.dinerOrder);
      return { method: 'GET', url: `/customer/order-summary/${restaurantId}/${orderId}` };
    },
  },
  {
    route: 'GET /customer/order-status',
    access: 'public',
    targets: ['A', 'B', 'A+B', 'missing'],
    ok: 200,
    outcomes: { 'A+B': 404, missing: 404 },
    request: (c) => {
      const [restaurantId, orderId] = pair(c, (x) => x.dinerOrder);
      return {
        method: 'GET',
        url: `/customer/order-status?restaurant_id=${restaurantId}&order_id=${orderId}`,
      };
    },
    check: (response) => {
      // The status only: no name, phone, table or items.
      if (response.statusCode === 200)
        expect(Object.keys(response.json()).sort()).toEqual(['order_id', 'status']);
    },
  },
  {
    route: 'GET /customer/:customer_id/orders',
    access: 'diner',
    targets: [...oneTargets, 'guest'],
    ok: 200,
    request: (c) => {
      const customerId = c.target === 'guest' ? c.w.guestB.customer_id : one(c, (x) => x.diner.customer_id);
      return { method: 'GET', url: `/customer/${customerId}/orders` };
    },
    check: (response, c) => {
      if (response.statusCode !== 200) return;
      const orders = response.json().orders as { order_id: number }[];
      const own = c.target === 'guest' ? c.w.guestOrder : c.w[tenantName(c.target)].dinerOrder;
      expect(orders.map((order) => order.order_id)).toContain(own);
    },
  },

  // ——— the restaurant's order screens, kitchen and sales ———
  restaurantRoute('GET /customer/orders/:restaurant_id', 'orders.view'),
  restaurantRoute('GET /owner/restaurant/:restaurant_id/orders', 'orders.view'),
  restaurantRoute('GET /bills/open/:restaurant_id', 'orders.view'),
  {
    route: 'POST /owner/restaurant/:restaurant_id/approve-order/:order_id',
    access: 'owner',
    gate: 'orders.manage',
    targets: pairTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh((w, name) => freshOrder(w, name)),
    request: (c) => {
      const [restaurantId, orderId] = pair(c, freshOf(c));
      return { method: 'POST', url: `/owner/restaurant/${restaurantId}/approve-order/${orderId}` };
    },
  },
  {
    route: 'PUT /customer/update-order/:order_id',
    access: 'owner',
    gate: 'orders.manage',
    // 'A+B': A's order with B's dishes; 'B+A' the reverse.
    targets: [...oneTargets, 'A+B', 'B+A'],
    ok: 200,
    expect: foreignDishes,
    mutates: true,
    prepare: bothFresh((w, name) => freshOrder(w, name)),
    request: (c) => {
      const [order, dishes]: [TenantName, TenantName] =
        c.target === 'A+B'
          ? ['A', 'B']
          : c.target === 'B+A'
            ? ['B', 'A']
            : [tenantName(c.target), tenantName(c.target)];
      return {
        method: 'PUT',
        url: `/customer/update-order/${c.target === 'missing' ? MISSING_ID : c.fresh[order]}`,
        // The dishes of the order's own restaurant, as its edit form would send them.
        payload: { order_items: [{ menu_item_id: c.w[dishes].items[0], quantity: 3 }] },
      };
    },
  },
  {
    route: 'DELETE /owner/restaurant/:restaurant_id/delete-order/:order_id',
    access: 'owner',
    gate: 'orders.manage',
    targets: pairTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh((w, name) => freshOrder(w, name)),
    request: (c) => {
      const [restaurantId, orderId] = pair(c, freshOf(c));
      return { method: 'DELETE', url: `/owner/restaurant/${restaurantId}/delete-order/${orderId}` };
    },
  },
  {
    route: 'POST /owner/restaurant/:restaurant_id/orders/:order_id/money-preview',
    access: 'owner',
    gate: 'orders.manage',
    targets: pairTargets,
    ok: 200,
    // Worked out by the change itself, then rolled back: nothing changes.
    mutates: false,
    prepare: bothFresh((w, name) => freshOrder(w, name)),
    request: (c) => {
      const [restaurantId, orderId] = pair(c, freshOf(c));
      return {
        method: 'POST',
        url: `/owner/restaurant/${restaurantId}/orders/${orderId}/money-preview`,
        payload: { change: 'delete' },
      };
    },
  },
  {
    route: 'POST /owner/restaurant/:restaurant_id/mark-paid/:order_id',
    access: 'owner',
    gate: 'orders.pay',
    targets: pairTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh((w, name) => freshOrder(w, name, 'Ready')),
    request: (c) => {
      const [restaurantId, orderId] = pair(c, freshOf(c));
      return { method: 'POST', url: `/owner/restaurant/${restaurantId}/mark-paid/${orderId}` };
    },
  },
  {
    route: 'POST /owner/restaurant/:restaurant_id/mark-paid',
    access: 'owner',
    gate: 'orders.pay',
    // 'mixed': the caller's own restaurant, with its own Ready order and the other tenant's.
    targets: [...pairTargets, 'mixed'],
    ok: 200,
    mutates: true,
    prepare: bothFresh((w, name) => freshOrder(w, name, 'Ready')),
    request: (c) => {
      let restaurantId: number;
      let orderIds: number[];
      if (c.target === 'mixed') {
        const home = homeOf(c.role);
        restaurantId = c.w[home].restaurantId;
        orderIds = [c.fresh[home]!, c.fresh[home === 'A' ? 'B' : 'A']!];
      } else {
        const [rid, orderId] = pair(c, freshOf(c));
        restaurantId = rid;
        orderIds = [orderId];
      }
      return {
        method: 'POST',
        url: `/owner/restaurant/${restaurantId}/mark-paid`,
        payload: { order_ids: orderIds },
      };
    },
  },
  restaurantRoute('GET /kitchen/restaurant/:restaurant_id/orders', 'kitchen.view'),
  {
    route: 'GET /owner/restaurant/:restaurant_id/orders/:order_id/history',
    access: 'owner',
    gate: ['orders.view', 'kitchen.view'],
    targets: pairTargets,
    ok: 200,
    request: (c) => {
      const [restaurantId, orderId] = pair(c, (x) => x.dinerOrder);
      return { method: 'GET', url: `/owner/restaurant/${restaurantId}/orders/${orderId}/history` };
    },
  },
  {
    route: 'POST /orders/:order_id/refunds',
    access: 'owner',
    gate: 'orders.refund',
    targets: oneTargets,
    ok: 202,
    // Each permitted call refunds $1 of an order paid online, through Stripe (the fake).
    mutates: true,
    prepare: bothFresh(
      async (w, name) => (await insertPaidOrder(w.t, w[name].restaurantId, paidDinner)).orderId,
    ),
    request: (c) => ({
      method: 'POST',
      url: `/orders/${one(c, freshOf(c))}/refunds`,
      payload: { amount: 1, reason: 'Matrix' },
    }),
    check: (response) => {
      if (response.statusCode === 202) expect(response.json().refunds.at(-1)).toMatchObject({ amount: 1 });
    },
  },
  {
    route: 'GET /orders/:order_id/refunds',
    access: 'owner',
    gate: 'orders.view',
    targets: oneTargets,
    ok: 200,
    request: (c) => ({ method: 'GET', url: `/orders/${one(c, (x) => x.dinerOrder)}/refunds` }),
  },
  restaurantRoute('GET /owner/restaurant/:restaurant_id/audit', 'audit.view', {
    request: (c) => ({ method: 'GET', url: `/owner/restaurant/${restaurantOf(c)}/audit?day=${DAY}` }),
  }),
  restaurantRoute('GET /owner/restaurant/:restaurant_id/audit/actors', 'audit.view'),
  {
    route: 'POST /kitchen/restaurant/:restaurant_id/update-order-status/:order_id',
    access: 'owner',
    gate: ['orders.manage', 'orders.pay', 'kitchen.work'],
    targets: pairTargets,
    ok: 200,
    // Past the gate, moving to Ready takes that status's own permission, whichever order is named.
    expect: (role) =>
      STATUS_CHANGE_PERMISSIONS.Ready.some((one) => can(roleOf(role)!, one)) ? undefined : 403,
    mutates: true,
    prepare: bothFresh((w, name) => freshOrder(w, name)),
    request: (c) => {
      const [restaurantId, orderId] = pair(c, freshOf(c));
      return {
        method: 'POST',
        url: `/kitchen/restaurant/${restaurantId}/update-order-status/${orderId}`,
        payload: { status: 'Ready' },
      };
    },
  },
  {
    route: 'GET /customer/daily-sales/:restaurant_id',
    access: 'owner',
    gate: 'sales.view',
    targets: oneTargets,
    ok: 200,
    request: (c) => ({ method: 'GET', url: `/customer/daily-sales/${restaurantOf(c)}?date=${DAY}` }),
  },
  {
    route: 'GET /sales/payments',
    access: 'owner',
    gate: 'sales.view',
    // The caller's own restaurant: the route names none.
    targets: ['none'],
    ok: 200,
    request: () => ({ method: 'GET', url: `/sales/payments?date=${DAY}` }),
  },
  {
    route: 'GET /owner/restaurant/:restaurant_id/kitchen-analytics',
    access: 'owner',
    gate: 'kitchen.view',
    targets: oneTargets,
    ok: 200,
    request: (c) => ({
      method: 'GET',
      url: `/owner/restaurant/${restaurantOf(c)}/kitchen-analytics?from=${DAY}`,
    }),
  },

  // ——— bills: a receipt is its payer's (the token) and its restaurant's staff's ———
  {
    route: 'GET /bills/:bill_id/payments/:payment_id/receipt.pdf',
    access: 'public',
    // Before the sessions' routes, which end the diners' tokens this route reads.
    // valid: A's payment with its payer's token; wrong: A's payment with B's payer's token;
    // A, B: a payment without a token, for the restaurant's staff who may see its orders.
    targets: ['valid', 'wrong', 'A', 'B', 'missing'],
    ok: 200,
    expect: (role, target) => {
      if (target === 'valid') return 200;
      if (target === 'missing') return 404;
      const home = target === 'B' ? 'B' : 'A';
      const staffThere = worksThere(role) && tenantOf(role) === home && can(roleOf(role)!, 'orders.view');
      return staffThere ? 200 : 404;
    },
    prepare: async (w) => {
      for (const name of ['A', 'B'] as const) paidBills[name] ??= await paidBillOf(w, name);
      return {};
    },
    request: (c) => {
      const of = (name: TenantName) => paidBills[name]!;
      const bill = of(c.target === 'B' ? 'B' : 'A');
      const paymentId = c.target === 'missing' ? MISSING_ID : bill.payments[0]!.paymentId;
      const token = { valid: bill.payments[0]!.receiptToken, wrong: of('B').payments[0]!.receiptToken }[
        c.target as 'valid' | 'wrong'
      ];
      return {
        method: 'GET',
        url: `/bills/${bill.billId}/payments/${paymentId}/receipt.pdf${token ? `?receipt_token=${token}` : ''}`,
      };
    },
    check: (response) => {
      if (response.statusCode === 200) expect(response.headers['content-type']).toBe('application/pdf');
    },
  },

  // ——— sessions: last, as a permitted call ends the caller's sessions ———
  {
    route: 'POST /auth/logout-everywhere',
    access: 'owner',
    gate: 'owner',
    targets: ['none'],
    ok: 200,
    // The owners' tokens stop working, so their own reads of the world answer 401.
    mutates: true,
    request: () => ({ method: 'POST', url: '/auth/logout-everywhere' }),
    after: async (w) => {
      w.A.owner = await freshLogin(w.t, w.A.owner);
      w.B.owner = await freshLogin(w.t, w.B.owner);
    },
  },
  {
    route: 'POST /customer/logout-everywhere',
    access: 'diner',
    targets: ['none'],
    ok: 200,
    mutates: true,
    request: () => ({ method: 'POST', url: '/customer/logout-everywhere' }),
  },
  {
    route: 'GET /staff',
    access: 'owner',
    gate: 'staff.manage',
    targets: ['none'],
    ok: 200,
    request: () => ({ method: 'GET', url: '/staff' }),
  },
  {
    route: 'POST /staff',
    access: 'owner',
    gate: 'staff.manage',
    targets: ['none'],
    ok: 201,
    mutates: true,
    request: () => ({
      method: 'POST',
      url: '/staff',
      payload: { name: 'New Hire', email: uniqueEmail('new-hire'), role: 'kitchen' },
    }),
  },
  {
    route: 'PUT /staff/:staff_id',
    access: 'owner',
    gate: 'staff.manage',
    targets: oneTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh(freshMember),
    request: (c) => ({ method: 'PUT', url: `/staff/${one(c, freshOf(c))}`, payload: { role: 'kitchen' } }),
  },
  {
    route: 'POST /staff/:staff_id/resend-invitation',
    access: 'owner',
    gate: 'staff.manage',
    targets: oneTargets,
    ok: 200,
    prepare: bothFresh(freshMember),
    request: (c) => ({ method: 'POST', url: `/staff/${one(c, freshOf(c))}/resend-invitation` }),
  },
  {
    route: 'DELETE /staff/:staff_id',
    access: 'owner',
    gate: 'staff.manage',
    targets: oneTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh(freshMember),
    request: (c) => ({ method: 'DELETE', url: `/staff/${one(c, freshOf(c))}` }),
  },
  {
    route: 'GET /staff/invitation',
    access: 'public',
    targets: ['valid', 'invalid'],
    ok: 200,
    // Each valid call invites someone first, so A's team grows.
    mutates: true,
    outcomes: { invalid: 400 },
    request: async (c) => ({ method: 'GET', url: `/staff/invitation?token=${await invitationToken(c)}` }),
  },
  {
    route: 'POST /staff/invitation/accept',
    access: 'public',
    targets: ['valid', 'invalid'],
    ok: 200,
    // Each valid call invites someone first, so A's team grows.
    mutates: true,
    outcomes: { invalid: 400 },
    request: async (c) => ({
      method: 'POST',
      url: '/staff/invitation/accept',
      payload: { token: await invitationToken(c), password: 'a staff password' },
    }),
  },
  restaurantRoute('GET /owner/restaurant/:restaurant_id/devices', 'staff.manage'),
  // The code shows nowhere until a tablet pairs with it: a permitted call changes no snapshot.
  // Codes are limited to 20 an hour per owner: each call comes 3 minutes after the last.
  restaurantRoute('POST /owner/restaurant/:restaurant_id/devices/pairing-codes', 'staff.manage', {
    payload: () => ({ device_name: 'Pass tablet', role: 'kitchen' }),
    spacedBy: 180_000,
  }),
  {
    route: 'POST /owner/restaurant/:restaurant_id/devices/:device_id/revoke',
    access: 'owner',
    gate: 'staff.manage',
    targets: pairTargets,
    ok: 200,
    mutates: true,
    prepare: bothFresh(freshDevice),
    request: (c) => {
      const [restaurantId, deviceId] = pair(c, freshOf(c));
      return { method: 'POST', url: `/owner/restaurant/${restaurantId}/devices/${deviceId}/revoke` };
    },
  },
  {
    route: 'POST /devices/pair',
    access: 'public',
    // Each valid call makes a pairing code (20 an hour per owner).
    spacedBy: 180_000,
    targets: ['valid', 'invalid'],
    ok: 201,
    // Each valid call pairs a new tablet with A.
    mutates: true,
    outcomes: { invalid: 401 },
    request: async (c) => ({
      method: 'POST',
      url: '/devices/pair',
      // Never a live code: made codes are consumed by the valid calls that made them.
      payload: { code: c.target === 'valid' ? await pairingCodeOfA(c.w) : '000000' },
    }),
  },
  {
    route: 'POST /devices/refresh',
    access: 'public',
    // Each valid call makes a pairing code (20 an hour per owner).
    spacedBy: 180_000,
    targets: ['valid', 'invalid'],
    ok: 200,
    // Each valid call pairs a new tablet with A first.
    mutates: true,
    outcomes: { invalid: 401 },
    request: async (c) => ({
      method: 'POST',
      url: '/devices/refresh',
      payload: { credential: c.target === 'valid' ? await deviceCredentialOfA(c.w) : `1.${'x'.repeat(43)}` },
    }),
  },
];

/**
 * Routes outside /api/v1 that are public by design: the OpenAPI document and its viewer, the
 * balancer's probes; /metrics checks its own token (plugins/metrics.test.ts).
 */
const PUBLIC_INFRASTRUCTURE = /^\/(api\/docs(\/|$)|health\/(live|ready)$|metrics$)/;

const registered: { method: string; url: string; hooks: unknown[] }[] = [];
let w: World;
/** The state after the previous route's calls, when nothing has changed it since. */
let lastSnapshot: Awaited<ReturnType<typeof snapshot>> | undefined;
beforeAll(async () => {
  w = await buildWorld((route) => {
    const hooks = [route.onRequest ?? []].flat();
    for (const method of [route.method].flat()) registered.push({ method, url: route.url, hooks });
  });
  const ownerOnly = [w.t.app.requireOwner, w.t.app.requireSubscribedOwner];
  for (const { method, url, hooks } of registered) {
    const gate = hooks.some((hook) => ownerOnly.includes(hook as never))
      ? 'owner'
      : hooks.map(permissionsOfGate).find(Boolean);
    declaredOf.set(`${method} ${url.slice('/api/v1'.length)}`, {
      gate: permissionsOf(gate),
      identifies: hooks.includes(w.t.app.identifyOwner),
    });
  }
});
afterAll(async () => {
  await w?.t.close();
  await w?.stripe.close();
});

describe('the route table', () => {
  it('has a matrix entry for every /api/v1 route, and every entry has its route', () => {
    const gets = new Set(registered.filter((r) => r.method === 'GET').map((r) => r.url));
    const routes = registered
      // Fastify adds a HEAD to every GET; it runs the same hooks, and the matrix calls both.
      .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)))
      .filter((r) => !PUBLIC_INFRASTRUCTURE.test(r.url));
    const outside = routes.filter((r) => !r.url.startsWith('/api/v1/'));
    expect(outside, 'a route outside /api/v1 and the docs').toEqual([]);
    const table = routes.map((r) => `${r.method} ${r.url.slice('/api/v1'.length)}`).sort();
    const declared = MATRIX.map((entry) => entry.route).sort();
    expect(
      table.filter((route) => !declared.includes(route)),
      'routes without an authorization entry',
    ).toEqual([]);
    expect(
      declared.filter((route) => !table.includes(route)),
      'entries without a route',
    ).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('declares, on every route, the gate its entry pins', () => {
    const pinned = MATRIX.map((entry) => ({ route: entry.route, gate: permissionsOf(entry.gate) }));
    const declared = MATRIX.map((entry) => ({ route: entry.route, gate: declaredOf.get(entry.route)?.gate }));
    expect(declared).toEqual(pinned);
  });
});

/** An error answers in the one error shape and says nothing else (no record, no internals). */
function expectBareError(response: LightMyRequestResponse) {
  const body = response.json() as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).filter((key) => !['message', 'code', 'errors'].includes(key))).toEqual([]);
}

async function send(c: Call, request: Request, method: Method | 'HEAD' = request.method) {
  return c.w.t.app.inject({
    method,
    url: `/api/v1${request.url}`,
    headers: { ...headersOf(c.w, c.role), ...request.headers },
    remoteAddress: nextAddress(),
    ...(request.payload && { payload: request.payload }),
  });
}

describe('every route × every role × every object', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  for (const entry of MATRIX) {
    it(entry.route, async () => {
      const calls = ROLES.flatMap((role) => entry.targets.map((target) => ({ role, target })));
      const isPermitted = ({ role, target }: { role: Role; target: Target }) => {
        const status = expected(entry, role, target);
        return status >= 200 && status < 300;
      };
      // Several roles of one restaurant may change its fresh order or dish: each such role gets
      // one of its own restaurant, so the second approval is not a 409 for the first one's.
      const shared = (await entry.prepare?.(w)) ?? {};
      const fresh = new Map<Role, Fresh>();
      for (const role of ROLES) {
        const home = tenantOf(role);
        if (
          entry.prepare &&
          entry.mutates &&
          home &&
          calls.some((call) => call.role === role && isPermitted(call))
        )
          fresh.set(role, { ...shared, ...(await entry.prepare(w, home)) });
      }

      const run = async ({ role, target }: { role: Role; target: Target }) => {
        if (entry.spacedBy) {
          spacedSoFar += entry.spacedBy;
          vi.setSystemTime(startedAt + spacedSoFar);
        }
        const c: Call = { w, role, target, fresh: fresh.get(role) ?? shared, memo: {} };
        const request = await entry.request(c);
        const response = await send(c, request);
        const want = expected(entry, role, target);
        expect({ role, target, status: response.statusCode }, response.body).toEqual({
          role,
          target,
          status: want,
        });
        if (want >= 400) expectBareError(response);
        await entry.check?.(response, c);
        // The HEAD Fastify adds to a GET is refused alike (with a request of its own:
        // verify-email's token is single-use).
        if (request.method === 'GET' && want >= 400) {
          const head = await send(c, await entry.request(c), 'HEAD');
          expect({ role, target, head: head.statusCode }).toEqual({ role, target, head: want });
        }
      };

      // Spaced calls move one clock forward across entries, never back, or a limiter would still
      // count an earlier entry's calls as if they came later.
      if (entry.spacedBy) vi.useFakeTimers({ toFake: ['Date'] });
      // Refused calls first, all of them; then both tenants' data must be exactly as before.
      const before = (!entry.prepare && lastSnapshot) || (await snapshot(w));
      lastSnapshot = undefined;
      for (const call of calls.filter((call) => !isPermitted(call))) await run(call);
      const afterRefusals = await snapshot(w);
      expect(afterRefusals, 'a refused call changed something').toEqual(before);

      // Then the permitted ones, which change what they should and nothing when they only read.
      const permitted = calls.filter(isPermitted);
      for (const call of permitted) await run(call);
      if (permitted.length > 0) {
        const afterPermitted = await snapshot(w);
        if (entry.mutates) expect(afterPermitted).not.toEqual(afterRefusals);
        else expect(afterPermitted, 'a read changed something').toEqual(afterRefusals);
        // The next route starts from this state, unless something moves it in between.
        if (!entry.after) lastSnapshot = afterPermitted;
      }
      await entry.after?.(w);
    });
  }
});

/**
 * The Kitchen's status call past its gate (docs/product/staff.md#roles): each status takes its own
 * permission (STATUS_CHANGE_PERMISSIONS), and Approved from Ready is the kitchen's recall
 * (kitchen.work), from Pending an approval (orders.manage). A refused move leaves the order where
 * it was.
 */
describe("the Kitchen call's statuses, by role", () => {
  type Move = { from: 'Pending' | 'Ready'; to: OrderStatus; status: 200 | 403 };
  const kitchen: Move[] = [
    { from: 'Pending', to: 'Ready', status: 200 },
    { from: 'Ready', to: 'Approved', status: 200 },
    { from: 'Pending', to: 'Approved', status: 403 },
    { from: 'Ready', to: 'Completed', status: 403 },
    { from: 'Pending', to: 'Cancelled', status: 403 },
  ];
  const server: Move[] = [
    { from: 'Pending', to: 'Approved', status: 200 },
    { from: 'Pending', to: 'Cancelled', status: 200 },
    { from: 'Ready', to: 'Completed', status: 200 },
    { from: 'Pending', to: 'Ready', status: 403 },
    // A recall is the Kitchen's: a server approves, but cannot send a Ready order back.
    { from: 'Ready', to: 'Approved', status: 403 },
  ];
  const moves: [StaffName, Move[]][] = [
    ['kitchenA', kitchen],
    ['kitchenDeviceA', kitchen],
    ['serverA', server],
    ['serverDeviceA', server],
  ];

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(moves)('%s', async (role, list) => {
    // Past the per-owner limit on walk-in orders the matrix's own orders used up.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    for (const move of list) {
      const orderId = await freshOrder(w, 'A', move.from);
      const response = await api(
        w,
        'POST',
        `/kitchen/restaurant/${w.A.restaurantId}/update-order-status/${orderId}`,
        headersOf(w, role),
        { status: move.to },
      );
      const now = (
        await api(w, 'GET', `/owner/restaurant/${w.A.restaurantId}/orders?per_page=50`, w.A.owner.auth)
      )
        .json()
        .orders.find((order: { order_id: number }) => order.order_id === orderId)?.status;
      expect({ ...move, status: response.statusCode, now }).toEqual({
        ...move,
        now: move.status === 200 ? move.to : move.from,
      });
      expect(response.json().message).toBe(
        move.status === 200 ? orderServerMessages.statusUpdated(move.to) : staffRoleMessages.forbidden,
      );
    }
  });
});
