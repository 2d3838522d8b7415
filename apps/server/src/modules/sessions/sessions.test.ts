import type { AddressInfo } from 'node:net';
import { serverMessages } from '@tableserve/contract/messages';
import { SOCKET_OPTIONS, SOCKET_UNAUTHORIZED } from '@tableserve/contract/realtime';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpDiner } from '../../test/orders';
import { freshLogin } from '../../test/owners';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp, tokenFromMail } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
const post = (url: string, payload?: object, auth: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: auth, ...(payload && { payload }) });

describe('a password reset', () => {
  it("ends every earlier owner session at once; the new password's login works", async () => {
    const { owner } = await ownerWithRestaurant(t);
    const otherDevice = await freshLogin(t, owner);
    expect((await get(`/auth/user/${owner.userId}`, owner.auth)).statusCode).toBe(200);

    await post('/auth/forgot_password', { email: owner.email });
    const token = tokenFromMail(await t.waitForMail(owner.email, 2));
    expect(
      (await post('/auth/reset_password', { token, new_password: 'a brand new password' })).statusCode,
    ).toBe(200);

    for (const auth of [owner.auth, otherDevice.auth]) {
      expect((await get(`/auth/user/${owner.userId}`, auth)).statusCode).toBe(401);
    }
    const after = await freshLogin(t, { ...owner, password: 'a brand new password' });
    expect((await get(`/auth/user/${owner.userId}`, after.auth)).statusCode).toBe(200);
  });

  it("ends every earlier diner session, and the diner's sockets cannot come back with it", async () => {
    const { restaurantId } = await ownerWithRestaurant(t);
    const email = `reset-diner-${Date.now()}@example.com`;
    const diner = await signUpDiner(t, restaurantId, { email, password: 'diner password' });
    expect((await get(`/customer/${diner.customer_id}/orders`, diner.auth)).statusCode).toBe(200);

    await post('/customer/forgot-password', { email });
    const token = tokenFromMail(await t.waitForMail(email));
    expect(
      (await post('/customer/reset_password', { token, new_password: 'another password' })).statusCode,
    ).toBe(200);
    expect((await get(`/customer/${diner.customer_id}/orders`, diner.auth)).statusCode).toBe(401);

    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect(address, {
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      reconnection: false,
      query: { restaurant_id: restaurantId },
      auth: { token: diner.token },
    });
    const refusal = await new Promise<string>((resolve) =>
      socket.once('connect_error', (error) => resolve(error.message)),
    );
    socket.close();
    expect(refusal).toBe(SOCKET_UNAUTHORIZED);
  });
});

describe('an open socket', () => {
  let address: string;
  beforeAll(async () => {
    // The reset test above may have started listening already.
    address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
      : await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  const open = (restaurantId: number, token: string) =>
    new Promise<ReturnType<typeof connect>>((resolve, reject) => {
      const socket = connect(address, {
        ...SOCKET_OPTIONS,
        transports: [...SOCKET_OPTIONS.transports],
        reconnection: false,
        query: { restaurant_id: restaurantId },
        auth: { token },
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const closedByServer = (socket: ReturnType<typeof connect>) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it("closes when the owner logs out everywhere, and only that owner's", async () => {
    const mine = await ownerWithRestaurant(t);
    const theirs = await ownerWithRestaurant(t);
    const kitchen = await open(mine.restaurantId, mine.owner.token);
    const otherKitchen = await open(theirs.restaurantId, theirs.owner.token);
    const closed = closedByServer(kitchen);
    expect((await post('/auth/logout-everywhere', undefined, mine.owner.auth)).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(otherKitchen.connected).toBe(true);
    otherKitchen.close();
  });

  it('closes when the diner resets their password', async () => {
    const { restaurantId } = await ownerWithRestaurant(t);
    const email = `socket-reset-${Date.now()}@example.com`;
    const diner = await signUpDiner(t, restaurantId, { email, password: 'diner password' });
    const phone = await open(restaurantId, diner.token);
    const closed = closedByServer(phone);
    await post('/customer/forgot-password', { email });
    const token = tokenFromMail(await t.waitForMail(email));
    expect(
      (await post('/customer/reset_password', { token, new_password: 'another password' })).statusCode,
    ).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('log out everywhere', () => {
  it('ends every session of the owner, this one included, and no one else’s', async () => {
    const { owner } = await ownerWithRestaurant(t);
    const { owner: someoneElse } = await ownerWithRestaurant(t);
    const tablet = await freshLogin(t, owner);
    const done = await post('/auth/logout-everywhere', undefined, owner.auth);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(serverMessages.loggedOutEverywhere);
    for (const auth of [owner.auth, tablet.auth]) {
      expect((await get(`/auth/user/${owner.userId}`, auth)).statusCode).toBe(401);
    }
    expect((await get(`/auth/user/${someoneElse.userId}`, someoneElse.auth)).statusCode).toBe(200);
    expect((await post('/auth/logout-everywhere')).statusCode).toBe(401);
  });

  it('ends every session of a diner', async () => {
    const { restaurantId } = await ownerWithRestaurant(t);
    const diner = await signUpDiner(t, restaurantId);
    expect((await post('/customer/logout-everywhere', undefined, diner.auth)).statusCode).toBe(200);
    expect((await get(`/customer/${diner.customer_id}/orders`, diner.auth)).statusCode).toBe(401);
  });
});
