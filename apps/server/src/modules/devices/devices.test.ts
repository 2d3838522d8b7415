import {
  type DeviceSessionResponse,
  deviceMessages,
  type PairingCodeResponse,
} from '@tableserve/contract/devices';
import { SOCKET_OPTIONS } from '@tableserve/contract/realtime';
import { staffRoleMessages } from '@tableserve/contract/staff-roles';
import { and, eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { qrModules } from '../qr-codes/table-codes';
import { CREDENTIAL_GRACE_MS, MAX_RETRIES_OF_REPLACED } from './devices.service';

/** docs/product/staff.md#paired-devices, docs/decisions/019-device-credentials.md */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
/** Each call from its own address unless told, so the per-address pairing limit stays out of the way. */
const from = () => `10.1.${Math.floor(++addresses / 250)}.${addresses % 250}`;

const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress = from()) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, remoteAddress, ...(payload && { payload }) });
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function restaurantWithCode(role: 'kitchen' | 'server' = 'kitchen', deviceName = 'Pass tablet') {
  const { owner, restaurantId } = await ownerWithRestaurant(t);
  const created = await post(
    `/owner/restaurant/${restaurantId}/devices/pairing-codes`,
    { device_name: deviceName, role },
    owner.auth,
  );
  expect(created.statusCode).toBe(201);
  return {
    owner,
    restaurantId,
    ...(created.json() as PairingCodeResponse),
  };
}

async function pairedDevice(role: 'kitchen' | 'server' = 'kitchen') {
  const setup = await restaurantWithCode(role);
  const paired = await post('/devices/pair', { code: setup.code });
  expect(paired.statusCode).toBe(201);
  return { ...setup, session: paired.json() as DeviceSessionResponse };
}

describe('a pairing code', () => {
  it('is 6 digits valid 10 minutes, with the /pair link for its QR code', async () => {
    const { code, expires_at, pair_url, qr } = await restaurantWithCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(Date.parse(expires_at) - t.clock.now().getTime()).toBe(10 * 60_000);
    expect(pair_url).toBe(`${TEST_PUBLIC_URL}/pair?code=${code}`);
    expect(qr).toEqual(qrModules(pair_url));
  });

  it('pairs a kitchen device that works the kitchen list and may not mark orders paid', async () => {
    const { owner, restaurantId, session } = await pairedDevice('kitchen');
    expect(session).toMatchObject({
      user_id: owner.userId,
      role: 'kitchen',
      resturant: { restaurant_id: restaurantId },
      device: { name: 'Pass tablet' },
    });
    expect(session.credential).toMatch(new RegExp(`^${session.device.id}\\.[A-Za-z0-9_-]{43}$`));
    expect((await get(`/kitchen/restaurant/${restaurantId}/orders`, bearer(session.token))).statusCode).toBe(
      200,
    );
    const pay = await post(`/owner/restaurant/${restaurantId}/mark-paid/1`, undefined, bearer(session.token));
    expect(pay.statusCode).toBe(403);
    expect(pay.json().message).toBe(staffRoleMessages.forbidden);
    // Nor may it pair more devices.
    const more = await post(
      `/owner/restaurant/${restaurantId}/devices/pairing-codes`,
      { device_name: 'Mine', role: 'kitchen' },
      bearer(session.token),
    );
    expect(more.statusCode).toBe(403);
  });

  it('is single use: of two tablets sending it at once, one pairs', async () => {
    const { code } = await restaurantWithCode();
    const answers = await Promise.all([post('/devices/pair', { code }), post('/devices/pair', { code })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 401]);
    const again = await post('/devices/pair', { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(deviceMessages.codeRefused);
  });

  it('expires after 10 minutes', async () => {
    const { code } = await restaurantWithCode();
    t.clock.advance(10 * 60_000);
    const late = await post('/devices/pair', { code });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(deviceMessages.codeRefused);
  });

  it('refuses a wrong code and a malformed one', async () => {
    const wrong = await post('/devices/pair', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(deviceMessages.codeRefused);
    const malformed = await post('/devices/pair', { code: '12ab56' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(deviceMessages.invalidCode);
  });

  it('refuses a Manager role for a device', async () => {
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const created = await post(
      `/owner/restaurant/${restaurantId}/devices/pairing-codes`,
      { device_name: 'Office', role: 'manager' },
      owner.auth,
    );
    expect(created.statusCode).toBe(400);
  });

  it('is tried at most 10 times per address in 10 minutes', async () => {
    const address = '10.9.9.9';
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await post('/devices/pair', { code: '999999' }, {}, address)).statusCode).toBe(401);
    const limited = await post('/devices/pair', { code: '999999' }, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await post('/devices/pair', { code: '999999' })).statusCode).toBe(401);
  });

  it('records who created it and the pairing, by the device', async () => {
    const { restaurantId, session } = await pairedDevice();
    const rows = await t.app.database.db
      .select({
        action: auditEvents.action,
        actorKind: auditEvents.actorKind,
        actorName: auditEvents.actorName,
      })
      .from(auditEvents)
      .where(eq(auditEvents.restaurantId, restaurantId))
      .orderBy(auditEvents.id);
    expect(rows).toEqual([
      expect.objectContaining({ action: 'device.pairing_code_created', actorKind: 'owner' }),
      { action: 'device.paired', actorKind: 'device', actorName: session.device.name },
    ]);
  });
});

describe('the device credential', () => {
  it('is replaced at each refresh; the replaced one works only within the grace', async () => {
    const { session, restaurantId } = await pairedDevice();
    const first = session.credential;
    const refreshed = await post('/devices/refresh', { credential: first });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json() as DeviceSessionResponse;
    expect(second.credential).not.toBe(first);
    expect((await get(`/kitchen/restaurant/${restaurantId}/orders`, bearer(second.token))).statusCode).toBe(
      200,
    );

    // The answer was lost: the tablet retries with the credential it had, within the grace.
    t.clock.advance(CREDENTIAL_GRACE_MS - 1000);
    const retried = await post('/devices/refresh', { credential: first });
    expect(retried.statusCode).toBe(200);
    const third = retried.json() as DeviceSessionResponse;

    // Past the grace the replaced credential is refused; the newest still works.
    t.clock.advance(2000);
    const late = await post('/devices/refresh', { credential: first });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(deviceMessages.credentialRefused);
    // Two holders of one credential: the device is revoked, the newest credential and token too.
    expect((await post('/devices/refresh', { credential: third.credential })).statusCode).toBe(401);
    expect((await get(`/kitchen/restaurant/${restaurantId}/orders`, bearer(third.token))).statusCode).toBe(
      401,
    );
  });

  it('revokes the device when a copy of the replaced credential retries before the tablet uses its new one', async () => {
    const { session, restaurantId } = await pairedDevice();
    const refresh = (credential: string) => post('/devices/refresh', { credential });
    const worksAt = async (token: string) =>
      (await get(`/kitchen/restaurant/${restaurantId}/orders`, bearer(token))).statusCode;
    // The tablet rotates C1 → C2; a thief who copied C1 presents it within the grace and gets C3.
    const tablet = (await refresh(session.credential)).json() as DeviceSessionResponse;
    t.clock.advance(30_000);
    const stolen = await refresh(session.credential);
    expect(stolen.statusCode).toBe(200);
    const thief = stolen.json() as DeviceSessionResponse;
    // The tablet shows C2, which the thief's retry made obsolete: two holders, the device is
    // revoked, the thief's credential and token with it.
    t.clock.advance(10_000);
    const caught = await refresh(tablet.credential);
    expect(caught.statusCode).toBe(401);
    expect(caught.json().message).toBe(deviceMessages.credentialRefused);
    expect((await refresh(thief.credential)).statusCode).toBe(401);
    expect(await worksAt(thief.token)).toBe(401);
    expect(await worksAt(tablet.token)).toBe(401);
    const audit = await t.app.database.db
      .select({ actorKind: auditEvents.actorKind, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.action, 'device.revoked')));
    expect(audit).toEqual([
      {
        actorKind: 'device',
        after: { reason: 'credential made obsolete by a retry with the one it replaced, then used' },
      },
    ]);
  });

  it('refuses a copy of the replaced credential once the tablet has used its new one, and keeps the tablet', async () => {
    const { session, restaurantId } = await pairedDevice();
    const refresh = (credential: string) => post('/devices/refresh', { credential });
    const second = (await refresh(session.credential)).json() as DeviceSessionResponse;
    const third = (await refresh(second.credential)).json() as DeviceSessionResponse;
    // Within the first rotation's grace still, but C1 is two rotations old: refused, nothing gained.
    expect((await refresh(session.credential)).statusCode).toBe(401);
    const fourth = await refresh(third.credential);
    expect(fourth.statusCode).toBe(200);
    expect(
      (
        await get(
          `/kitchen/restaurant/${restaurantId}/orders`,
          bearer((fourth.json() as DeviceSessionResponse).token),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('lets a tablet on a bad network retry a few times, and revokes past what lost answers explain', async () => {
    const { session } = await pairedDevice();
    const refresh = (credential: string) => post('/devices/refresh', { credential });
    // Every answer lost: the tablet still holds C1. The first trade and its retries rotate.
    let answer: DeviceSessionResponse | undefined;
    for (let attempt = 0; attempt <= MAX_RETRIES_OF_REPLACED; attempt++) {
      const rotated = await refresh(session.credential);
      expect(rotated.statusCode).toBe(200);
      answer = rotated.json() as DeviceSessionResponse;
    }
    // One more is no bad network: the device is revoked, and the last credential it was given too.
    expect((await refresh(session.credential)).statusCode).toBe(401);
    expect((await refresh(answer!.credential)).statusCode).toBe(401);
  });

  it('updates last seen, and a credential that never existed is refused', async () => {
    const { owner, restaurantId, session } = await pairedDevice();
    t.clock.advance(60_000);
    expect((await post('/devices/refresh', { credential: session.credential })).statusCode).toBe(200);
    const list = (await get(`/owner/restaurant/${restaurantId}/devices`, owner.auth)).json();
    expect(list.timezone).toBe('America/Los_Angeles');
    expect(list.devices).toEqual([
      {
        id: session.device.id,
        name: 'Pass tablet',
        role: 'kitchen',
        last_seen_at: t.clock.now().toISOString(),
        created_at: expect.any(String),
      },
    ]);
    const forged = `${session.device.id}.${'A'.repeat(43)}`;
    expect((await post('/devices/refresh', { credential: forged })).statusCode).toBe(401);
  });
});

describe('revoking a device', () => {
  it('signs it out at once: its next call is 401, its socket closes, its credential is refused', async () => {
    const { owner, restaurantId, session } = await pairedDevice();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect(address, {
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      reconnection: false,
      query: { restaurant_id: restaurantId },
      auth: { token: session.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const revoked = await post(
      `/owner/restaurant/${restaurantId}/devices/${session.device.id}/revoke`,
      undefined,
      owner.auth,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe(deviceMessages.revoked);
    expect(await closed).toBe('io server disconnect');
    expect((await get(`/kitchen/restaurant/${restaurantId}/orders`, bearer(session.token))).statusCode).toBe(
      401,
    );
    expect((await post('/devices/refresh', { credential: session.credential })).statusCode).toBe(401);
    expect((await get(`/owner/restaurant/${restaurantId}/devices`, owner.auth)).json().devices).toEqual([]);
    const audit = await t.app.database.db
      .select({ actorKind: auditEvents.actorKind })
      .from(auditEvents)
      .where(and(eq(auditEvents.restaurantId, restaurantId), eq(auditEvents.action, 'device.revoked')));
    expect(audit).toEqual([{ actorKind: 'owner' }]);
  });

  it("answers 404 for another restaurant's device", async () => {
    const { session } = await pairedDevice();
    const { owner, restaurantId } = await ownerWithRestaurant(t);
    const answer = await post(
      `/owner/restaurant/${restaurantId}/devices/${session.device.id}/revoke`,
      undefined,
      owner.auth,
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(deviceMessages.notFound);
    expect((await post('/devices/refresh', { credential: session.credential })).statusCode).toBe(200);
  });
});
