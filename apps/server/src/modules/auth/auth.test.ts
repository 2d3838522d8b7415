import { loginMessages, serverMessages } from '@tableserve/contract/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountLimits } from '../../plugins/rate-limits';
import { registerVerifiedOwner, registrationBody } from '../../test/owners';
import { createTestApp, TEST_PUBLIC_URL, type TestApp, tokenFromMail } from '../../test/test-app';

// One app per file (PGlite takes seconds to start); tests use their own accounts, and each test
// calls from its own IP so per-IP rate limits do not leak from one test into the next.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
let ip = 0;
let remoteAddress = '';
beforeEach(() => {
  ip += 1;
  remoteAddress = `10.1.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers, remoteAddress });
const sentTo = async (email: string) => (await t.outbox()).filter((message) => message.to === email);

describe('registration', () => {
  it('creates an unverified owner and emails a branded verification link', async () => {
    const body = registrationBody({ email: 'Chef@Example.com' });
    const response = await post('/auth/register', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: serverMessages.registered,
      user_id: expect.any(Number),
    });

    const mail = await t.waitForMail('chef@example.com');
    expect(mail.subject).toBe('Verify your email for TableServe');
    expect(mail.links[0]).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail.html).toContain('TableServe');
    expect(mail.html).toContain(mail.links[0]);

    const login = await post('/auth/login', {
      email: body.email,
      password: body.password,
      is_verified: false,
    });
    expect(login.statusCode).toBe(409);
    expect(login.json().message).toBe(loginMessages.verifyFirst);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    await post('/auth/register', registrationBody({ email: 'taken@example.com' }));
    const again = await post('/auth/register', registrationBody({ email: 'TAKEN@example.com' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(serverMessages.emailTaken);
  });

  it('creates one account when the same sign-up is sent twice at once', async () => {
    const body = registrationBody();
    const results = await Promise.all([post('/auth/register', body), post('/auth/register', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['a phone that is not 10 digits', { phone: '12345' }, 'Phone must be exactly 10 digits'],
    ['a phone with letters', { phone: '41555501ab' }, 'Phone must be exactly 10 digits'],
    ['a bad email', { email: 'not-an-email' }, 'Enter a valid email address'],
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['a blank city', { city: '   ' }, 'City is required'],
    ['an overlong first name', { first_name: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    ['an unknown field', { confirmPassword: 'x' }, 'Unknown field: confirmPassword'],
    ['a number where text is expected', { city: 42 }, 'City is required'],
  ])('rejects %s with a clear 400 and stores nothing', async (_label, change, message) => {
    const body = { ...registrationBody(), ...change };
    const response = await post('/auth/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(await sentTo(body.email)).toHaveLength(0);
  });

  it('rejects a missing field, malformed JSON and a missing body', async () => {
    const { country: _omitted, ...withoutCountry } = registrationBody();
    const missing = await post('/auth/register', withoutCountry);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ path: 'country' })]);

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Malformed JSON in request body');

    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('email verification', () => {
  it('verifies once; the link cannot be reused', async () => {
    const body = registrationBody();
    await post('/auth/register', body);
    const token = tokenFromMail(await t.waitForMail(body.email));

    const first = await get(`/auth/verify-email?token=${token}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: serverMessages.verified });

    const reused = await get(`/auth/verify-email?token=${token}`);
    expect(reused.statusCode).toBe(400);

    const login = await post('/auth/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
  });

  it('rejects expired, unknown and malformed tokens', async () => {
    const body = registrationBody();
    await post('/auth/register', body);
    const token = tokenFromMail(await t.waitForMail(body.email));
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await get(`/auth/verify-email?token=${token}`)).statusCode).toBe(400);
    expect((await get(`/auth/verify-email?token=${'a'.repeat(43)}`)).statusCode).toBe(400);
    expect((await get('/auth/verify-email?token=<script>')).statusCode).toBe(400);
    expect((await get('/auth/verify-email')).statusCode).toBe(400);
  });

  it('re-sends the link when an unverified owner logs in with the right password', async () => {
    const body = registrationBody();
    await post('/auth/register', body);
    const firstToken = tokenFromMail(await t.waitForMail(body.email));
    t.clock.advance(2 * 60 * 1000);
    await post('/auth/login', { email: body.email, password: body.password });
    const secondToken = tokenFromMail(await t.waitForMail(body.email, 2));
    expect(secondToken).not.toBe(firstToken);
    // Only the newest link works.
    expect((await get(`/auth/verify-email?token=${firstToken}`)).statusCode).toBe(400);
    expect((await get(`/auth/verify-email?token=${secondToken}`)).statusCode).toBe(200);
  });
});

describe('login', () => {
  it('returns the user id and an owner token that opens the owner routes', async () => {
    const owner = await registerVerifiedOwner(t);
    const login = await post('/auth/login', {
      email: owner.email.toUpperCase(),
      password: owner.password,
      is_verified: false,
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body).toEqual({ user_id: owner.userId, token: expect.any(String) });
    const profile = await get(`/auth/user/${owner.userId}`, { authorization: `Bearer ${body.token}` });
    expect(profile.statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const owner = await registerVerifiedOwner(t);
    const wrongPassword = await post('/auth/login', { email: owner.email, password: 'wrong password' });
    const unknownEmail = await post('/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe(loginMessages.invalidCredentials);
  });

  it('rejects a login body with missing or extra fields', async () => {
    expect((await post('/auth/login', { email: 'a@b.co' })).statusCode).toBe(400);
    expect((await post('/auth/login', { email: 'a@b.co', password: 'x', admin: true })).statusCode).toBe(400);
  });

  it("lets nobody lock the owner out: wrong passwords from other addresses never block the owner's", async () => {
    const owner = await registerVerifiedOwner(t);
    const login = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: owner.email, password },
        remoteAddress,
      });
    // Ten wrong guesses from each of three addresses: each address is slowed down on its own.
    for (const address of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++)
        statuses.push((await login(address, 'wrong password')).statusCode);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
    }
    const blocked = await login('10.2.0.1', owner.password);
    expect(blocked.statusCode).toBe(429);
    // 15 minutes, and the text says so rather than "a minute".
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.json().message).toBe(
      serverMessages.tooManyRequests(Number(blocked.headers['retry-after'])),
    );
    expect(blocked.json().message).toMatch(/15 minutes/);
    // The owner, from their own address, logs in.
    expect((await login('10.2.0.99', owner.password)).statusCode).toBe(200);
  });

  it('limits attempts per IP across emails', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= accountLimits.login.perIp.max; attempt++) {
      statuses.push(
        (await post('/auth/login', { email: `guess${attempt}@example.com`, password: 'x' })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 429)).toEqual([429]);
  });
});

describe('password reset', () => {
  it('resets once with the emailed link, then the new password works and the old does not', async () => {
    const owner = await registerVerifiedOwner(t);
    const forgot = await post('/auth/forgot_password', { email: owner.email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().message).toBe(serverMessages.resetLinkSent);

    const mail = await t.waitForMail(owner.email, 2);
    expect(mail.subject).toBe('Reset your TableServe password');
    expect(mail.links[0]).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]+&type=restaurant$`),
    );
    const token = tokenFromMail(mail);

    const reset = await post('/auth/reset_password', { token, new_password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/auth/reset_password', { token, new_password: 'another password' })).statusCode).toBe(
      400,
    );

    expect((await post('/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/auth/login', { email: owner.email, password: 'a brand new password' })).statusCode,
    ).toBe(200);
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const response = await post('/auth/forgot_password', { email: 'ghost@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(serverMessages.resetLinkSent);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await sentTo('ghost@example.com')).toHaveLength(0);
  });

  it('expires reset links after one hour', async () => {
    const owner = await registerVerifiedOwner(t);
    await post('/auth/forgot_password', { email: owner.email });
    const token = tokenFromMail(await t.waitForMail(owner.email, 2));
    t.clock.advance(60 * 60 * 1000 + 1);
    const reset = await post('/auth/reset_password', { token, new_password: 'a brand new password' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(serverMessages.invalidResetToken);
  });

  it('rejects a weak new password without using up the link', async () => {
    const owner = await registerVerifiedOwner(t);
    await post('/auth/forgot_password', { email: owner.email });
    const token = tokenFromMail(await t.waitForMail(owner.email, 2));
    expect((await post('/auth/reset_password', { token, new_password: 'short' })).statusCode).toBe(400);
    expect((await post('/auth/reset_password', { token, new_password: 'long enough now' })).statusCode).toBe(
      200,
    );
  });

  it('limits reset requests per email', async () => {
    const owner = await registerVerifiedOwner(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await post('/auth/forgot_password', { email: owner.email }, {})).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits reset attempts per address, with a Retry-After, leaving other addresses alone', async () => {
    // Well-formed, so the guess reaches the token lookup (malformed ones stop at validation).
    const guess = () =>
      post('/auth/reset_password', { token: 'a-guessed-token-0123456789', new_password: 'long enough now' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) statuses.push((await guess()).statusCode);
    expect(statuses).toEqual(Array(20).fill(400));
    const blocked = await guess();
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    remoteAddress = '10.9.9.9';
    expect((await guess()).statusCode).toBe(400);
  });
});

describe('sign-up limits', () => {
  it('say as long a wait as Retry-After, not "a minute" for an hour', async () => {
    const statuses: number[] = [];
    let last = await post('/auth/register', registrationBody());
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push(last.statusCode);
      last = await post('/auth/register', registrationBody());
    }
    expect(statuses).toEqual(Array(10).fill(201));
    expect(last.statusCode).toBe(429);
    const retryAfter = Number(last.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(last.json().message).toBe('Too many attempts. Please wait 60 minutes and try again.');
  });
});

describe('profile', () => {
  it('lets an owner read and change only their own profile', async () => {
    const owner = await registerVerifiedOwner(t);
    const other = await registerVerifiedOwner(t);

    const own = await get(`/auth/user/${owner.userId}`, owner.auth);
    expect(own.json()).toMatchObject({
      user_id: owner.userId,
      email: owner.email,
      first_name: 'Ada',
      city: 'San Francisco',
    });
    expect(own.json()).not.toHaveProperty('password_hash');

    expect((await get(`/auth/user/${other.userId}`, owner.auth)).statusCode).toBe(404);
    const foreignUpdate = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/auth/user/${other.userId}`,
      headers: owner.auth,
      payload: { first_name: 'Mallory' },
    });
    expect(foreignUpdate.statusCode).toBe(404);
    expect((await get(`/auth/user/${other.userId}`, other.auth)).json().first_name).toBe('Ada');

    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/auth/user/${owner.userId}`,
      headers: owner.auth,
      payload: { first_name: 'Grace', city: 'Oakland', latitude: 37.8, longitude: -122.27 },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().user).toMatchObject({
      first_name: 'Grace',
      city: 'Oakland',
      last_name: 'Lovelace',
      latitude: 37.8,
    });
  });

  it('takes the whole profile the screen holds back, and leaves the email as it is', async () => {
    const owner = await registerVerifiedOwner(t);
    const profile = (await get(`/auth/user/${owner.userId}`, owner.auth)).json();
    const { user_id: _id, ...screen } = profile;
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/auth/user/${owner.userId}`,
      headers: owner.auth,
      payload: { ...screen, email: 'someone-else@example.com', first_name: 'Grace' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().user).toMatchObject({ first_name: 'Grace', email: owner.email });
    expect((await get(`/auth/user/${owner.userId}`, owner.auth)).json().email).toBe(owner.email);
  });

  it('requires a valid owner token', async () => {
    const owner = await registerVerifiedOwner(t);
    expect((await get(`/auth/user/${owner.userId}`)).statusCode).toBe(401);
    expect(
      (await get(`/auth/user/${owner.userId}`, { authorization: 'Bearer forged.token.value' })).statusCode,
    ).toBe(401);
    t.clock.advance(13 * 60 * 60 * 1000);
    expect((await get(`/auth/user/${owner.userId}`, owner.auth)).statusCode).toBe(401);
  });

  it('rejects bad profile input and changes nothing', async () => {
    const owner = await registerVerifiedOwner(t);
    for (const payload of [{ phone: '123' }, { latitude: 200 }, { first_name: '' }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/auth/user/${owner.userId}`,
        headers: owner.auth,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await get(`/auth/user/${owner.userId}`, owner.auth)).json()).toMatchObject({
      phone: owner.phone,
      email: owner.email,
    });
    expect((await get('/auth/user/abc', owner.auth)).statusCode).toBe(400);
  });
});
