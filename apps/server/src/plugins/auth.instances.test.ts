import { randomUUID } from 'node:crypto';
import { staffRoleMessages } from '@tableserve/contract/staff-roles';
import { subscriptionServerMessages } from '@tableserve/contract/subscription';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpDiner } from '../test/orders';
import { freshLogin } from '../test/owners';
import { ownerWithRestaurant } from '../test/restaurants';
import { deviceTokenFor, staffTokenFor } from '../test/staff';
import { createTestApp, type TestApp, tokenFromMail, twoInstancesForSuite } from '../test/test-app';

/**
 * Token versions, staff roles and subscription validity are kept in each process's memory
 * (lib/invalidated-caches.ts): a change made through one instance must count at the next call on
 * the other, with the texts the checks answer today. `a` makes the change; `b` has the old answer
 * kept (each test first succeeds on it). With one instance, `a` and `b` are the same app.
 */
function keptAnswersFollowChanges(apps: () => { a: TestApp; b: TestApp }) {
  const DAY_MS = 24 * 3600_000;
  const call = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, headers = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });
  /** Pub/sub is asynchronous: the other instance hears of a change within milliseconds. */
  const soon = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 10 });
  /** Both clocks move together, as real instances' clocks do. */
  const advance = (ms: number) => {
    const { a, b } = apps();
    a.clock.advance(ms);
    if (b !== a) b.clock.advance(ms);
  };
  const addDish = (t: TestApp, place: { restaurantId: number }, headers: Record<string, string>) =>
    call(t, 'POST', '/menu/add-menu-item', headers, {
      item_name: 'Soup',
      description: 'Hot',
      category: 'MainCourse',
      price: 5,
      restaurant_id: place.restaurantId,
    });

  it("an owner's log out everywhere refuses the old token on the other instance", async () => {
    const { a, b } = apps();
    const { owner } = await ownerWithRestaurant(a);
    expect((await call(b, 'GET', `/auth/user/${owner.userId}`, owner.auth)).statusCode).toBe(200);
    expect((await call(a, 'POST', '/auth/logout-everywhere', owner.auth)).statusCode).toBe(200);
    await soon(async () => (await call(b, 'GET', `/auth/user/${owner.userId}`, owner.auth)).statusCode).toBe(
      401,
    );
  });

  it("a diner's password reset refuses the old token on the other instance", async () => {
    const { a, b } = apps();
    const { restaurantId } = await ownerWithRestaurant(a);
    const email = `kept-diner-${randomUUID()}@example.com`;
    const diner = await signUpDiner(a, restaurantId, { email, password: 'diner password' });
    const orders = `/customer/${diner.customer_id}/orders`;
    expect((await call(b, 'GET', orders, diner.auth)).statusCode).toBe(200);
    await call(a, 'POST', '/customer/forgot-password', {}, { email });
    const token = tokenFromMail(await a.waitForMail(email));
    const reset = await call(
      a,
      'POST',
      '/customer/reset_password',
      {},
      { token, new_password: 'new password' },
    );
    expect(reset.statusCode).toBe(200);
    await soon(async () => (await call(b, 'GET', orders, diner.auth)).statusCode).toBe(401);
  });

  it("a staff member's role change forbids, and their removal refuses, on the other instance", async () => {
    const { a, b } = apps();
    const place = await ownerWithRestaurant(a);
    const staff = await staffTokenFor(a, place.restaurantId, 'server');
    const orders = `/owner/restaurant/${place.restaurantId}/orders`;
    expect((await call(b, 'GET', orders, staff.auth)).statusCode).toBe(200);

    const changed = await call(a, 'PUT', `/staff/${staff.id}`, place.owner.auth, { role: 'kitchen' });
    expect(changed.statusCode).toBe(200);
    await soon(async () => (await call(b, 'GET', orders, staff.auth)).statusCode).toBe(403);
    expect((await call(b, 'GET', orders, staff.auth)).json().message).toBe(staffRoleMessages.forbidden);

    const kitchen = `/kitchen/restaurant/${place.restaurantId}/orders`;
    expect((await call(b, 'GET', kitchen, staff.auth)).statusCode).toBe(200);
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/staff/${staff.id}`,
      headers: place.owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    await soon(async () => (await call(b, 'GET', kitchen, staff.auth)).statusCode).toBe(401);
  });

  it("a device's revocation refuses its token on the other instance", async () => {
    const { a, b } = apps();
    const place = await ownerWithRestaurant(a);
    const device = await deviceTokenFor(a, place.restaurantId, 'kitchen');
    const kitchen = `/kitchen/restaurant/${place.restaurantId}/orders`;
    expect((await call(b, 'GET', kitchen, device.auth)).statusCode).toBe(200);
    const revoke = `/owner/restaurant/${place.restaurantId}/devices/${device.id}/revoke`;
    expect((await call(a, 'POST', revoke, place.owner.auth)).statusCode).toBe(200);
    await soon(async () => (await call(b, 'GET', kitchen, device.auth)).statusCode).toBe(401);
  });

  it("a subscription cancelled at once refuses the owner's writes on the other instance", async () => {
    const { a, b } = apps();
    const place = await ownerWithRestaurant(a);
    advance(5 * DAY_MS);
    const owner = await freshLogin(a, place.owner);
    expect((await addDish(b, place, owner.auth)).statusCode).toBe(201);
    const cancel = await call(a, 'POST', `/subscription/cancel-subscription/${owner.userId}`, owner.auth, {
      mode: 'immediate',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await soon(async () => (await addDish(b, place, owner.auth)).statusCode).toBe(403);
    expect((await addDish(b, place, owner.auth)).json().message).toBe(
      subscriptionServerMessages.subscriptionRequired,
    );
  });

  it("a subscription that lapses through the sweep refuses the owner's writes on the other instance", async () => {
    const { a, b } = apps();
    const place = await ownerWithRestaurant(a);
    advance(5 * DAY_MS);
    let owner = await freshLogin(a, place.owner);
    const cancel = await call(a, 'POST', `/subscription/cancel-subscription/${owner.userId}`, owner.auth);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Cancelled at the period's end: valid until the sweep ends it.
    await soon(async () => (await addDish(b, place, owner.auth)).statusCode).toBe(201);
    advance(26 * DAY_MS);
    owner = await freshLogin(a, place.owner);
    expect((await addDish(b, place, owner.auth)).statusCode).toBe(201);
    await a.app.subscriptions.sweep();
    await soon(async () => (await addDish(b, place, owner.auth)).statusCode).toBe(403);
    expect((await addDish(b, place, owner.auth)).json().message).toBe(
      subscriptionServerMessages.subscriptionRequired,
    );
  });
}

describe('kept sessions and subscriptions follow every change (one instance)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  keptAnswersFollowChanges(() => ({ a: t, b: t }));

  it('keeps no token version read while a revocation was committing', async () => {
    const { owner } = await ownerWithRestaurant(t);
    const reading = t.app.tokens.verify('owner', owner.token);
    await t.app.tokens.revokeAll('owner', owner.userId);
    await reading;
    expect(await t.app.tokens.verify('owner', owner.token)).toBeUndefined();
  });
});

// Two instances on one PostgreSQL and one Redis, as in production.
describe.runIf(process.env.TEST_REDIS_URL && process.env.TEST_DB_DRIVER === 'postgres')(
  'kept sessions and subscriptions follow every change across two instances sharing Redis',
  () => keptAnswersFollowChanges(twoInstancesForSuite()),
);
