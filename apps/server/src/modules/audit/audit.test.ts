import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AuditEntry } from '@tableserve/contract/audit';
import { SYSTEM_ACTOR_NAME, staffRoleMessages } from '@tableserve/contract/staff-roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, orderItems } from '../../db/schema';
import { addMenuItem, placeDinerOrder, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { deviceTokenFor, staffTokenFor } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

/** docs/product/staff.md#audit-trail: every staff change leaves one entry, read by the owner. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Place = Awaited<ReturnType<typeof setup>>;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

/** A subscribed owner's restaurant with a dish, a server, a kitchen tablet and a diner. */
async function setup() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 6 });
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  const server = await staffTokenFor(t, place.restaurantId, 'server');
  const tablet = await deviceTokenFor(t, place.restaurantId, 'kitchen');
  const diner = await signUpDiner(t, place.restaurantId);
  const order = () => placeDinerOrder(t, diner, place.restaurantId, [{ menu_item_id: pizza, quantity: 1 }]);
  return { ...place, pizza, server, tablet, order };
}

const trail = async (p: Place, query = '', auth: Headers = p.owner.auth) => {
  const response = await api('GET', `/owner/restaurant/${p.restaurantId}/audit${query}`, auth);
  expect(response.statusCode).toBe(200);
  return response.json() as { entries: AuditEntry[]; pagination: { total: number }; timezone: string };
};

/** The entries the last call added, newest first, without the ones before it. */
async function entriesSince(p: Place, change: () => Promise<unknown>) {
  const before = (await trail(p, '?per_page=50')).pagination.total;
  await change();
  const { entries, pagination } = await trail(p, '?per_page=50');
  return entries.slice(0, pagination.total - before);
}

const setStatus = (p: Place, orderId: number, status: string, auth: Headers) =>
  api('POST', `/kitchen/restaurant/${p.restaurantId}/update-order-status/${orderId}`, auth, { status });

const who = (entry: AuditEntry) => ({
  kind: entry.actor_kind,
  id: entry.actor_id,
  name: entry.actor_name,
  action: entry.action,
  object: [entry.object_type, entry.object_id],
  before: entry.before,
  after: entry.after,
});

describe('recording orders', () => {
  it('records approve, ready, recall, paid and cancel by whoever did them, with the statuses', async () => {
    const p = await setup();
    const orderId = await p.order();
    const steps: [string, Headers][] = [
      ['Approved', p.server.auth],
      ['Ready', p.tablet.auth],
      ['Approved', p.tablet.auth],
      ['Ready', p.tablet.auth],
    ];
    for (const [status, auth] of steps)
      expect((await setStatus(p, orderId, status, auth)).statusCode).toBe(200);
    const paid = await entriesSince(p, () =>
      api('POST', `/owner/restaurant/${p.restaurantId}/mark-paid/${orderId}`, p.server.auth),
    );
    const cancelledId = await p.order();
    const cancelled = await entriesSince(p, () => setStatus(p, cancelledId, 'Cancelled', p.owner.auth));

    const { entries } = await trail(p, `?action=order.recalled`);
    expect(entries.map(who)).toEqual([
      {
        kind: 'device',
        id: p.tablet.id,
        name: p.tablet.name,
        action: 'order.recalled',
        object: ['order', orderId],
        before: { status: 'Ready' },
        after: { status: 'Approved' },
      },
    ]);
    expect(paid.map(who)).toEqual([
      {
        kind: 'staff',
        id: p.server.id,
        name: p.server.name,
        action: 'order.paid',
        object: ['order', orderId],
        before: { status: 'Ready' },
        after: { status: 'Completed' },
      },
    ]);
    expect(cancelled.map(who)).toEqual([
      {
        kind: 'owner',
        id: p.owner.userId,
        name: 'Ada Lovelace',
        action: 'order.cancelled',
        object: ['order', cancelledId],
        before: { status: 'Pending' },
        after: { status: 'Cancelled' },
      },
    ]);
    const history = await api(
      'GET',
      `/owner/restaurant/${p.restaurantId}/orders/${orderId}/history`,
      p.tablet.auth,
    );
    expect(history.statusCode).toBe(200);
    expect(history.json().entries.map((entry: AuditEntry) => `${entry.actor_name}: ${entry.action}`)).toEqual(
      [
        `${p.server.name}: order.approved`,
        `${p.tablet.name}: order.ready`,
        `${p.tablet.name}: order.recalled`,
        `${p.tablet.name}: order.ready`,
        `${p.server.name}: order.paid`,
      ],
    );
  });

  it('records a batch payment once per order, edit with its lines and totals, delete and a walk-in', async () => {
    const p = await setup();
    const [first, second] = [await p.order(), await p.order()];
    for (const id of [first, second]) await setStatus(p, id, 'Ready', p.tablet.auth);
    const batch = await entriesSince(p, () =>
      api('POST', `/owner/restaurant/${p.restaurantId}/mark-paid`, p.server.auth, {
        order_ids: [first, second],
      }),
    );
    expect(batch.map((entry) => [entry.action, entry.object_id]).sort()).toEqual(
      [
        ['order.paid', first],
        ['order.paid', second],
      ].sort(),
    );

    const edited = await p.order();
    const edit = await entriesSince(p, () =>
      api('PUT', `/customer/update-order/${edited}`, p.server.auth, {
        order_items: [{ menu_item_id: p.pizza, quantity: 3 }],
      }),
    );
    expect(edit.map(who)).toEqual([
      {
        kind: 'staff',
        id: p.server.id,
        name: p.server.name,
        action: 'order.edited',
        object: ['order', edited],
        before: { lines: [{ menu_item_id: p.pizza, name: 'Pizza', quantity: 1 }], total: 12.5 },
        after: { lines: [{ menu_item_id: p.pizza, name: 'Pizza', quantity: 3 }], total: 37.5 },
      },
    ]);

    const removed = await entriesSince(p, () =>
      api('DELETE', `/owner/restaurant/${p.restaurantId}/delete-order/${edited}`, p.server.auth),
    );
    expect(removed.map((entry) => [entry.action, entry.object_id, entry.before])).toEqual([
      ['order.deleted', edited, { status: 'Pending', total: 37.5 }],
    ]);

    const placed = await entriesSince(p, async () => {
      const response = await api('POST', '/customer/place-order', p.server.auth, {
        restaurant_id: p.restaurantId,
        user_id: p.owner.userId,
        customer_name: 'Walk-in Wendy',
        phone_number: '5035550199',
        total_amount: 0,
        items: [{ menu_id: p.pizza, quantity: 2 }],
      });
      expect(response.statusCode).toBe(201);
    });
    expect(placed.map((entry) => [entry.actor_name, entry.action, entry.after])).toEqual([
      [p.server.name, 'order.placed', { status: 'Pending', total: 25 }],
    ]);
  });

  it("writes nothing for a refused change, nor for a diner's own order", async () => {
    const p = await setup();
    const none = await entriesSince(p, async () => {
      const orderId = await p.order();
      // Pending cannot be paid: the move is refused and leaves no entry.
      const refused = await api(
        'POST',
        `/owner/restaurant/${p.restaurantId}/mark-paid/${orderId}`,
        p.server.auth,
      );
      expect(refused.statusCode).toBe(409);
      const illegal = await setStatus(p, orderId, 'Completed', p.owner.auth);
      expect(illegal.statusCode).toBe(409);
    });
    expect(none).toEqual([]);
  });
});

describe('recording the menu, the restaurant and the codes', () => {
  const dish = (p: Place, overrides: Record<string, unknown> = {}) => ({
    item_name: 'Pizza',
    description: 'Good',
    price: 12.5,
    category: 'MainCourse',
    restaurant_id: p.restaurantId,
    ...overrides,
  });

  it('records a price change as the old and new price only, and the rest of the menu', async () => {
    const p = await setup();
    const priced = await entriesSince(p, () =>
      api('POST', `/menu/update-menu-item/${p.pizza}`, p.owner.auth, dish(p, { price: 14 })),
    );
    expect(priced.map(who)).toEqual([
      {
        kind: 'owner',
        id: p.owner.userId,
        name: 'Ada Lovelace',
        action: 'menu_item.updated',
        object: ['menu_item', p.pizza],
        before: { price: 12.5 },
        after: { price: 14 },
      },
    ]);
    const portions = await entriesSince(p, () =>
      api('POST', `/menu/update-menu-item/${p.pizza}`, p.owner.auth, dish(p, { price: 14, stock: 5 })),
    );
    expect(portions.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['menu_item.portions_set', { stock: null }, { stock: 5 }],
    ]);
    const stock = await entriesSince(p, async () => {
      const body = { restaurant_id: p.restaurantId };
      await api('POST', `/menu/sold-out/${p.pizza}`, p.tablet.auth, { ...body, sold_out: true });
      await api('POST', `/menu/sold-out/${p.pizza}`, p.tablet.auth, { ...body, sold_out: false });
    });
    expect(stock.map((entry) => [entry.actor_name, entry.action, entry.before, entry.after])).toEqual([
      [p.tablet.name, 'menu_item.back_on', { stock: 0 }, { stock: null }],
      [p.tablet.name, 'menu_item.sold_out', { stock: 5 }, { stock: 0 }],
    ]);
    const unchanged = await entriesSince(p, () =>
      api('POST', `/menu/update-menu-item/${p.pizza}`, p.owner.auth, dish(p, { price: 14 })),
    );
    expect(unchanged).toEqual([]);
    const lifecycle = await entriesSince(p, async () => {
      const soda = await addMenuItem(t, p, { item_name: 'Soda', price: 2 });
      await api('DELETE', `/menu/delete-menu-item/${soda}`, p.owner.auth);
    });
    expect(lifecycle.map((entry) => [entry.action, entry.before ?? entry.after])).toEqual([
      ['menu_item.deleted', { item_name: 'Soda' }],
      ['menu_item.added', expect.objectContaining({ item_name: 'Soda', price: 2 })],
    ]);
  });

  it('records the restaurant edit and a new QR token, without the token itself', async () => {
    const p = await setup();
    const edited = await entriesSince(p, () =>
      api('PUT', `/restaurant/update-restaurant/${p.restaurantId}`, p.owner.auth, { number_of_tables: 9 }),
    );
    expect(edited.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['restaurant.updated', { number_of_tables: 6 }, { number_of_tables: 9 }],
    ]);
    const rotated = await entriesSince(p, () =>
      api('POST', '/menu/rotate-qr-token', p.owner.auth, { restaurant_id: p.restaurantId, token: p.token }),
    );
    expect(rotated.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['qr_token.rotated', null, null],
    ]);
  });
});

describe('naming what an entry is about, when the trail is read (docs/product/staff.md#audit-trail)', () => {
  const named = (entry: AuditEntry) => [entry.action, entry.object_name, entry.value_names];

  it('names the dish, person, device and tax rate as they are called now, or as last recorded once gone', async () => {
    const p = await setup();
    const rates = `/restaurant/tax-rates/${p.restaurantId}`;
    const added = await api('POST', rates, p.owner.auth, { name: 'Food', rate_percent: 8.875 });
    expect(added.statusCode).toBe(201);
    const food = (added.json().data.tax_rates as { tax_rate_id: number; name: string }[]).find(
      (rate) => rate.name === 'Food',
    )!.tax_rate_id;
    const dish = {
      item_name: 'Margherita',
      description: 'Good',
      price: 12.5,
      category: 'MainCourse',
      restaurant_id: p.restaurantId,
    };
    const renamed = await entriesSince(p, async () => {
      await api('POST', `/menu/update-menu-item/${p.pizza}`, p.owner.auth, dish);
      await api('POST', `/menu/update-menu-item/${p.pizza}`, p.owner.auth, { ...dish, tax_rate_id: food });
    });
    const roleChanged = await entriesSince(p, () =>
      api('PUT', `/staff/${p.server.id}`, p.owner.auth, { role: 'kitchen' }),
    );
    const revoked = await entriesSince(p, () =>
      api('POST', `/owner/restaurant/${p.restaurantId}/devices/${p.tablet.id}/revoke`, p.owner.auth),
    );
    expect([...renamed, ...roleChanged, ...revoked].map(named)).toEqual([
      ['menu_item.updated', 'Margherita', { [`tax_rate:${food}`]: 'Food (8.875 %)' }],
      ['menu_item.updated', 'Margherita', {}],
      ['staff.role_changed', p.server.name, {}],
      ['device.revoked', p.tablet.name, {}],
    ]);

    // The rate is deleted: the dish's entry and the rate's own read by the name the trail kept.
    expect((await api('DELETE', `${rates}/${food}`, p.owner.auth)).statusCode).toBe(200);
    const { entries } = await trail(p, '?per_page=50');
    expect(entries.filter((entry) => entry.object_type !== 'order').map(named)).toEqual([
      ['tax_rate.deleted', 'Food (8.875 %)', {}],
      ['device.revoked', p.tablet.name, {}],
      ['staff.role_changed', p.server.name, {}],
      ['menu_item.updated', 'Margherita', { [`tax_rate:${food}`]: 'Food (8.875 %)' }],
      ['menu_item.updated', 'Margherita', {}],
      ['tax_rate.added', 'Food (8.875 %)', {}],
      ['menu_item.added', 'Margherita', {}],
    ]);
  });

  it("names a refund's order lines as '1 × Pizza', and only the restaurant's own", async () => {
    const p = await setup();
    const other = await setup();
    const orderId = await p.order();
    const otherOrderId = await other.order();
    const lineOf = async (id: number) =>
      (await t.app.database.db.select().from(orderItems).where(eq(orderItems.orderId, id)))[0]!.id;
    const [line, foreignLine] = [await lineOf(orderId), await lineOf(otherOrderId)];
    await t.app.database.db.insert(auditEvents).values({
      restaurantId: p.restaurantId,
      actorKind: 'owner',
      actorId: p.owner.userId,
      actorName: 'Ada Lovelace',
      action: 'order.refunded',
      objectType: 'order',
      objectId: orderId,
      after: {
        amount: 12.5,
        reason: 'Burnt',
        lines: [
          { order_item_id: line, amount: 12.5 },
          { order_item_id: foreignLine, amount: 1 },
        ],
      },
    });
    const [refund] = (await trail(p, '?action=order.refunded')).entries;
    expect(named(refund!)).toEqual(['order.refunded', null, { [`order_item:${line}`]: '1 × Pizza' }]);
    const history = await api(
      'GET',
      `/owner/restaurant/${p.restaurantId}/orders/${orderId}/history`,
      p.owner.auth,
    );
    expect(history.json().entries.map(named)).toEqual([
      ['order.refunded', null, { [`order_item:${line}`]: '1 × Pizza' }],
    ]);
  });
});

describe('reading the trail', () => {
  it('filters by person, action and business day, newest first, and lists the people', async () => {
    const p = await setup();
    const orderId = await p.order();
    expect((await setStatus(p, orderId, 'Approved', p.server.auth)).statusCode).toBe(200);
    expect((await setStatus(p, orderId, 'Ready', p.tablet.auth)).statusCode).toBe(200);
    // Entries take the database's time; one from the day before is written as it would have been.
    const [ready] = (await trail(p)).entries;
    const inLosAngeles = (at: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(at);
    const today = inLosAngeles(Date.parse(ready!.at));
    const yesterday = inLosAngeles(Date.parse(ready!.at) - 24 * 3_600_000);
    await t.app.database.db.insert(auditEvents).values({
      restaurantId: p.restaurantId,
      actorKind: 'owner',
      actorId: p.owner.userId,
      actorName: 'Ada Lovelace',
      action: 'restaurant.updated',
      objectType: 'restaurant',
      objectId: p.restaurantId,
      createdAt: new Date(Date.parse(ready!.at) - 24 * 3_600_000),
    });

    const byTablet = await trail(p, `?actor_kind=device&actor_id=${p.tablet.id}`);
    expect(byTablet.entries.map((entry) => entry.action)).toEqual(['order.ready']);
    const approvals = await trail(p, '?action=order.approved');
    expect(approvals.entries.map((entry) => entry.actor_name)).toEqual([p.server.name]);
    const day = await trail(p, `?day=${today}&per_page=50`);
    expect(day.entries.map((entry) => entry.action)).toEqual([
      'order.ready',
      'order.approved',
      'menu_item.added',
    ]);
    const before = await trail(p, `?day=${yesterday}`);
    expect(before.entries.map((entry) => entry.action)).toEqual(['restaurant.updated']);
    expect(day.timezone).toBe('America/Los_Angeles');
    const paged = await trail(p, '?per_page=1&page=2&action=order.approved');
    expect(paged.entries).toEqual([]);
    expect(paged.pagination.total).toBe(1);

    const actors = await api('GET', `/owner/restaurant/${p.restaurantId}/audit/actors`, p.owner.auth);
    expect(actors.json().actors).toEqual(
      [
        { kind: 'owner', id: p.owner.userId, name: 'Ada Lovelace' },
        { kind: 'staff', id: p.server.id, name: p.server.name },
        { kind: 'device', id: p.tablet.id, name: p.tablet.name },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('lists TableServe itself (kind system, id 0) and filters by it (docs/product/payments.md#order-changes)', async () => {
    const p = await setup();
    const orderId = await p.order();
    expect((await setStatus(p, orderId, 'Approved', p.owner.auth)).statusCode).toBe(200);
    await t.app.database.db.insert(auditEvents).values({
      restaurantId: p.restaurantId,
      actorKind: 'system',
      actorId: 0,
      actorName: SYSTEM_ACTOR_NAME,
      action: 'order.refunded',
      objectType: 'order',
      objectId: orderId,
      after: { amount: 12.5, reason: 'Order cancelled', automatic: true },
    });

    const actors = await api('GET', `/owner/restaurant/${p.restaurantId}/audit/actors`, p.owner.auth);
    expect(actors.json().actors).toContainEqual({ kind: 'system', id: 0, name: SYSTEM_ACTOR_NAME });
    const byTableServe = await trail(p, '?actor_kind=system&actor_id=0');
    expect(byTableServe.entries.map(who)).toEqual([
      {
        kind: 'system',
        id: 0,
        name: SYSTEM_ACTOR_NAME,
        action: 'order.refunded',
        object: ['order', orderId],
        before: null,
        after: { amount: 12.5, reason: 'Order cancelled', automatic: true },
      },
    ]);
    // 0 names TableServe only: nobody else is 0, and an id is never negative.
    expect((await trail(p, '?actor_kind=owner&actor_id=0')).entries).toEqual([]);
    const negative = await api('GET', `/owner/restaurant/${p.restaurantId}/audit?actor_id=-1`, p.owner.auth);
    expect(negative.statusCode).toBe(400);
  });

  it("answers 404 for another restaurant's trail or order, and 403 to a role without audit.view", async () => {
    const p = await setup();
    const other = await setup();
    const orderId = await p.order();
    for (const url of [
      `/owner/restaurant/${p.restaurantId}/audit`,
      `/owner/restaurant/${p.restaurantId}/audit/actors`,
      `/owner/restaurant/${p.restaurantId}/orders/${orderId}/history`,
    ]) {
      const response = await api('GET', url, other.owner.auth);
      expect(response.statusCode, url).toBe(404);
    }
    const foreignOrder = await api(
      'GET',
      `/owner/restaurant/${other.restaurantId}/orders/${orderId}/history`,
      other.owner.auth,
    );
    expect(foreignOrder.statusCode).toBe(404);
    for (const auth of [p.tablet.auth, p.server.auth]) {
      const refused = await api('GET', `/owner/restaurant/${p.restaurantId}/audit`, auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(staffRoleMessages.forbidden);
    }
    const manager = await staffTokenFor(t, p.restaurantId, 'manager');
    expect((await api('GET', `/owner/restaurant/${p.restaurantId}/audit`, manager.auth)).statusCode).toBe(
      200,
    );
  });
});

describe('the trail is append-only (SECURITY.md)', () => {
  it('has no code outside the tests that updates or deletes an entry', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = (await readdir(root, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'),
    );
    const writers: string[] = [];
    for (const file of files) {
      const source = await readFile(path.join(root, file), 'utf8');
      if (/\.(update|delete)\(\s*auditEvents\b/.test(source)) writers.push(file);
    }
    expect(files.length).toBeGreaterThan(50);
    expect(writers).toEqual([]);
  });
});
