import { SOCKET_OPTIONS } from '@tableserve/contract/realtime';
import { staffMessages } from '@tableserve/contract/staff';
import { staffRoleMessages } from '@tableserve/contract/staff-roles';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { accountLimits } from '../../plugins/rate-limits';
import { registerVerifiedOwner } from '../../test/owners';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { INVITATION_TTL_MS } from './staff.service';

/** Staff accounts end to end through the API (docs/product/staff.md#staff-accounts, #roles). */

let t: TestApp;
let place: Awaited<ReturnType<typeof ownerWithRestaurant>>;
let other: Awaited<ReturnType<typeof ownerWithRestaurant>>;
let people = 0;
let addresses = 0;
const PASSWORD = 'staff password 123';
const nextAddress = () => {
  addresses += 1;
  return `10.70.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

beforeAll(async () => {
  t = await createTestApp();
  place = await ownerWithRestaurant(t, { restaurant_name: 'Harbour Kitchen' });
  other = await ownerWithRestaurant(t);
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function invite(headers: Record<string, string>, role = 'server', email?: string) {
  people += 1;
  const body = { name: `Person ${people}`, email: email ?? `person${people}@example.com`, role };
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/staff', headers, payload: body });
  return { ...body, response };
}

/** The token of the newest invitation mailed to `email` (the link is /invite/<token>). */
async function invitationToken(email: string, count = 1) {
  const link = (await t.waitForMail(email, count)).links[0]!;
  expect(link).toMatch(/^http:\/\/tableserve\.test\/invite\/[\w-]{43}$/);
  return link.split('/invite/')[1]!;
}

const accept = (token: string, password = PASSWORD, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/staff/invitation/accept',
    remoteAddress,
    payload: { token, password },
  });

const login = (email: string, password = PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: nextAddress(),
    payload: { email, password },
  });

/** Invited by the owner of `at`, accepted and signed in: the member's id and headers. */
async function member(role = 'server', at = place) {
  const invited = await invite(at.owner.auth, role);
  expect(invited.response.statusCode).toBe(201);
  expect((await accept(await invitationToken(invited.email))).statusCode).toBe(200);
  const signedIn = (await login(invited.email)).json();
  return {
    ...invited,
    id: invited.response.json().member.staff_id as number,
    token: signedIn.token as string,
    auth: bearer(signedIn.token),
  };
}

const ordersOf = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1/owner/restaurant/${place.restaurantId}/orders`, headers });
const addDish = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/menu/add-menu-item',
    headers,
    payload: {
      item_name: 'Soup',
      description: 'Hot',
      price: 5,
      category: 'MainCourse',
      restaurant_id: place.restaurantId,
    },
  });
const changeRole = (headers: Record<string, string>, id: number, role: string) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/staff/${id}`, headers, payload: { role } });
const remove = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/staff/${id}`, headers });

async function openSocket(token: string): Promise<Socket> {
  const address = await listening;
  const socket = connect(address, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    query: { restaurant_id: place.restaurantId },
    auth: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
let listening: Promise<string>;
const closedByServer = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('inviting, accepting and signing in', () => {
  it('mails a single-use link; the person sets a password and signs in on the login page with their role', async () => {
    const invited = await invite(place.owner.auth, 'server');
    expect(invited.response.statusCode).toBe(201);
    expect(invited.response.json()).toEqual({
      message: `Invitation sent to ${invited.email}.`,
      member: {
        staff_id: expect.any(Number),
        name: invited.name,
        email: invited.email,
        role: 'server',
        status: 'invited',
        invited_at: t.clock.now().toISOString(),
      },
    });
    const mail = await t.waitForMail(invited.email);
    expect(mail.subject).toBe('Harbour Kitchen invited you to TableServe');
    const token = await invitationToken(invited.email);

    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/invitation?token=${token}`,
      remoteAddress: nextAddress(),
    });
    // The email too: the login page the person lands on has it filled in.
    expect(shown.json()).toEqual({
      name: invited.name,
      email: invited.email,
      restaurant_name: 'Harbour Kitchen',
    });

    // Not signed in before accepting: no password yet.
    expect((await login(invited.email)).statusCode).toBe(401);
    expect((await accept(token)).json()).toEqual({ message: staffMessages.accepted });

    const signedIn = await login(invited.email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({
      user_id: place.owner.userId,
      token: expect.any(String),
      role: 'server',
      resturant: { restaurant_id: place.restaurantId },
    });
    expect((await login(invited.email, 'wrong password 1')).json().message).toBe('Invalid email or password');

    const auth = bearer(signedIn.json().token);
    expect((await ordersOf(auth)).statusCode).toBe(200);
    const refused = await addDish(auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(staffRoleMessages.forbidden);

    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/staff', headers: place.owner.auth });
    expect(listed.json().members).toContainEqual(
      expect.objectContaining({ email: invited.email, status: 'active', role: 'server' }),
    );
    // Dates on the screen read in the restaurant's zone.
    expect(listed.json().timezone).toBe('America/Los_Angeles');
    const [entry] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.invited'))
      .limit(1);
    expect(entry).toMatchObject({
      restaurantId: place.restaurantId,
      actorKind: 'owner',
      objectType: 'staff',
    });
  });

  it('refuses a used, a retired and an unknown link with one clear answer', async () => {
    const used = await invite(place.owner.auth);
    const usedToken = await invitationToken(used.email);
    expect((await accept(usedToken)).statusCode).toBe(200);
    const again = await accept(usedToken);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(staffMessages.invalidInvitation);

    const resent = await invite(place.owner.auth);
    const first = await invitationToken(resent.email);
    const id = resent.response.json().member.staff_id;
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/${id}/resend-invitation`,
      headers: place.owner.auth,
    });
    expect(resend.json()).toEqual({ message: `Invitation sent again to ${resent.email}.` });
    await invitationToken(resent.email, 2);
    expect((await accept(first)).json().message).toBe(staffMessages.invalidInvitation);
    expect((await accept('x'.repeat(43))).json().message).toBe(staffMessages.invalidInvitation);
  });

  it("refuses an owner's email and an email already on a team, anywhere", async () => {
    const owner = await invite(place.owner.auth, 'server', other.owner.email);
    expect(owner.response.statusCode).toBe(409);
    expect(owner.response.json().message).toBe(staffMessages.ownerEmail);

    const taken = await invite(place.owner.auth);
    const elsewhere = await invite(other.owner.auth, 'kitchen', taken.email.toUpperCase());
    expect(elsewhere.response.statusCode).toBe(409);
    expect(elsewhere.response.json().message).toBe(staffMessages.memberEmail);

    const ownerInvite = await invite(place.owner.auth, 'owner');
    expect(ownerInvite.response.statusCode).toBe(400);
  });
});

describe('managing the team', () => {
  beforeAll(async () => {
    listening = t.app.listen({ host: '127.0.0.1', port: 0 });
    await listening;
  });

  it('a role change counts at the next call and closes the member’s open connection', async () => {
    const server = await member('server');
    const socket = await openSocket(server.token);
    const closed = closedByServer(socket);
    const changed = await changeRole(place.owner.auth, server.id, 'kitchen');
    expect(changed.json()).toMatchObject({
      message: `${server.name} is now Kitchen.`,
      member: { role: 'kitchen' },
    });
    expect(await closed).toBe('io server disconnect');
    socket.close();
    expect((await ordersOf(server.auth)).statusCode).toBe(403);
    // The same token still signs in: only the role changed.
    const kitchen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/kitchen/restaurant/${place.restaurantId}/orders`,
      headers: server.auth,
    });
    expect(kitchen.statusCode).not.toBe(401);
    const [entry] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.role_changed'));
    expect(entry).toMatchObject({
      objectId: server.id,
      before: { role: 'server' },
      after: { role: 'kitchen' },
    });
  });

  it('a removal ends the member’s sessions at once: 401 at the next call, socket closed', async () => {
    const server = await member('server');
    const socket = await openSocket(server.token);
    const closed = closedByServer(socket);
    const removed = await remove(place.owner.auth, server.id);
    expect(removed.json()).toEqual({ message: `${server.name} has been removed.` });
    expect(await closed).toBe('io server disconnect');
    socket.close();
    expect((await ordersOf(server.auth)).statusCode).toBe(401);
    expect((await login(server.email)).statusCode).toBe(401);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/staff', headers: place.owner.auth });
    expect(listed.json().members.map((m: { staff_id: number }) => m.staff_id)).not.toContain(server.id);
    // The email is free again, for this restaurant or another.
    expect((await invite(other.owner.auth, 'server', server.email)).response.statusCode).toBe(201);
  });

  it('a manager manages the team but never themselves, and never sees billing', async () => {
    const manager = await member('manager');
    const server = await invite(manager.auth, 'manager');
    expect(server.response.statusCode).toBe(201);
    const id = server.response.json().member.staff_id;
    expect((await changeRole(manager.auth, id, 'server')).statusCode).toBe(200);

    for (const refused of [
      await changeRole(manager.auth, manager.id, 'kitchen'),
      await remove(manager.auth, manager.id),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(staffMessages.notYourself);
    }
    const billing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscription/subscription-status/${place.owner.userId}`,
      headers: manager.auth,
    });
    expect(billing.statusCode).toBe(403);
  });

  it('a server or kitchen member cannot manage staff', async () => {
    const server = await member('server');
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/staff', headers: server.auth });
    expect(listed.statusCode).toBe(403);
    expect((await invite(server.auth, 'manager')).response.statusCode).toBe(403);
  });

  it("another restaurant's member answers 404, as a missing one", async () => {
    const theirs = await member('server', other);
    for (const response of [
      await changeRole(place.owner.auth, theirs.id, 'kitchen'),
      await remove(place.owner.auth, theirs.id),
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/${theirs.id}/resend-invitation`,
        headers: place.owner.auth,
      }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(staffMessages.notFound);
    }
    expect((await ordersOf(theirs.auth)).statusCode).toBe(404);
  });

  it('an owner cannot sign up with a team member’s email', async () => {
    const taken = await invite(place.owner.auth);
    await expect(registerVerifiedOwner(t, { email: taken.email })).rejects.toThrow(
      'An account with this email already exists',
    );
  });
});

describe('the invitation endpoints', () => {
  it('are limited per address, with Retry-After', async () => {
    const from = '10.71.0.1';
    const { perIp } = accountLimits.acceptInvitation;
    for (let attempt = 0; attempt < perIp.max; attempt++)
      expect((await accept('y'.repeat(43), PASSWORD, from)).statusCode).toBe(400);
    const limited = await accept('y'.repeat(43), PASSWORD, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    const check = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/staff/invitation?token=${token}`,
        remoteAddress: '10.71.0.2',
      });
    for (let attempt = 0; attempt < accountLimits.checkInvitation.perIp.max; attempt++)
      expect((await check('z'.repeat(43))).statusCode).toBe(400);
    expect((await check('z'.repeat(43))).statusCode).toBe(429);
  });
});

// Last: it moves the clock past every owner's session.
describe('an invitation after 72 hours', () => {
  it('is refused, on the page and when setting the password', async () => {
    const invited = await invite(place.owner.auth);
    const token = await invitationToken(invited.email);
    t.clock.advance(INVITATION_TTL_MS + 1000);
    const expired = await accept(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(staffMessages.invalidInvitation);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/invitation?token=${token}`,
      remoteAddress: nextAddress(),
    });
    expect(shown.statusCode).toBe(400);
    expect(shown.json().message).toBe(staffMessages.invalidInvitation);
  });
});
