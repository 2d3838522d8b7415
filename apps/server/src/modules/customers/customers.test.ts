import { customerMessages, customerServerMessages } from '@tableserve/contract/customer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountLimits } from '../../plugins/rate-limits';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, TEST_PUBLIC_URL, type TestApp, tokenFromMail } from '../../test/test-app';

let t: TestApp;
let restaurantId: number;
beforeAll(async () => {
  t = await createTestApp();
  restaurantId = (await ownerWithRestaurant(t)).restaurantId;
});
afterAll(() => t.close());

// Each test calls from its own address, clear of the previous tests' per-IP limits.
let ip = 0;
let remoteAddress = '';
beforeEach(() => {
  ip += 1;
  remoteAddress = `10.30.0.${ip}`;
});
let emails = 0;
const uniqueEmail = () => `diner${++emails}@example.com`;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
const signup = (overrides: object = {}) =>
  post('/customer/create', {
    customer_name: 'Dana Diner',
    email: uniqueEmail(),
    password: 'diner password',
    confirmPassword: 'diner password',
    phone_number: '5125550100',
    restaurant_id: restaurantId,
    ...overrides,
  });

describe('diner sign-up and guests', () => {
  it('creates an account and answers with a customer token', async () => {
    const response = await signup({ email: 'Dana@Example.com' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(customerMessages.signupSuccess);
    expect(body.data).toMatchObject({
      customer_name: 'Dana Diner',
      email: 'dana@example.com',
      phone_number: '5125550100',
      is_guest: false,
      restaurant_id: restaurantId,
      token: expect.stringMatching(/^ey/),
    });
    // A customer token is no owner token.
    const asOwner = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/user/${body.data.customer_id}`,
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(asOwner.statusCode).toBe(401);
  });

  it('refuses a second account for one email, but lets guests reuse an email', async () => {
    const email = uniqueEmail();
    expect((await signup({ email })).statusCode).toBe(201);
    const again = await signup({ email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(customerServerMessages.emailTaken);
    const guest = {
      customer_name: 'Guest',
      email,
      phone_number: '5125550101',
      restaurant_id: restaurantId,
      is_guest: true,
    };
    expect((await post('/customer/create', guest)).statusCode).toBe(201);
    // A guest form that sends an empty password field is still a guest check-in.
    const second = await post('/customer/create', { ...guest, password: '' });
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toMatchObject({ is_guest: true, customer_name: 'Guest' });
  });

  it.each([
    ['an unknown restaurant', { restaurant_id: 999_999 }, 404],
    ['no restaurant', { restaurant_id: undefined }, 400],
    ['a 9-digit phone', { phone_number: '512555010' }, 400],
    ['a bad email', { email: 'nope' }, 400],
    ['no password for a signup', { password: undefined }, 400],
    ['a short password', { password: 'short' }, 400],
    ['a blank name', { customer_name: ' ' }, 400],
  ])('refuses %s', async (_label, change, status) => {
    expect((await signup(change)).statusCode).toBe(status);
  });

  it('names the password rule that a signup broke', async () => {
    const response = await signup({ password: 'short' });
    expect(response.json()).toMatchObject({
      message: 'Password must be at least 8 characters',
      errors: [{ path: 'password', message: 'Password must be at least 8 characters' }],
    });
  });
});

describe('diner login and password reset', () => {
  it('logs a diner in, and answers a wrong password and an unknown email alike', async () => {
    const email = uniqueEmail();
    await signup({ email });
    const ok = await post('/customer/login', {
      email,
      password: 'diner password',
      restaurant_id: restaurantId,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: customerMessages.loginSuccess,
      data: { email, token: expect.any(String) },
    });

    const wrong = await post('/customer/login', { email, password: 'wrong password' });
    const unknown = await post('/customer/login', { email: uniqueEmail(), password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(customerMessages.loginFailed);
  });

  it('does not let a guest log in', async () => {
    const email = uniqueEmail();
    await post('/customer/create', {
      customer_name: 'G',
      email,
      phone_number: '5125550101',
      restaurant_id: restaurantId,
      is_guest: true,
    });
    expect((await post('/customer/login', { email, password: 'anything at all' })).statusCode).toBe(401);
  });

  it('resets a password once through the emailed customer link', async () => {
    const email = uniqueEmail();
    await signup({ email });
    const forgot = await post('/customer/forgot-password', { email });
    expect(forgot.json().message).toBe(customerMessages.resetLinkSent);
    const mail = await t.waitForMail(email);
    expect(mail.links[0]).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]+&type=customer$`),
    );
    const token = tokenFromMail(mail);

    expect(
      (await post('/customer/reset_password', { token, new_password: 'new diner password' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/customer/reset_password', { token, new_password: 'another password' })).statusCode,
    ).toBe(400);
    expect((await post('/customer/login', { email, password: 'diner password' })).statusCode).toBe(401);
    expect((await post('/customer/login', { email, password: 'new diner password' })).statusCode).toBe(200);
  });

  it('answers an unknown email like a known one, sends nothing, and expires links after an hour', async () => {
    const ghost = uniqueEmail();
    expect((await post('/customer/forgot-password', { email: ghost })).json().message).toBe(
      customerMessages.resetLinkSent,
    );
    const email = uniqueEmail();
    await signup({ email });
    await post('/customer/forgot-password', { email });
    const token = tokenFromMail(await t.waitForMail(email));
    expect((await t.outbox()).filter((message) => message.to === ghost)).toHaveLength(0);
    t.clock.advance(60 * 60 * 1000 + 1);
    const late = await post('/customer/reset_password', { token, new_password: 'new diner password' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(customerServerMessages.invalidResetToken);
  });
});

describe('diner account limits', () => {
  it("limits one address's guesses at an account, and never locks the diner out from their own", async () => {
    const email = uniqueEmail();
    await signup({ email, password: 'diner password' });
    const attempt = (address: string, password = 'wrong password') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/login',
        payload: { email, password },
        remoteAddress: address,
      });
    for (let n = 1; n <= accountLimits.login.perIpAndEmail.max; n++)
      expect((await attempt('10.31.0.1')).statusCode).toBe(401);
    const blocked = await attempt('10.31.0.1', 'diner password');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    // The diner, from their own phone, still gets in.
    expect((await attempt('10.31.0.2', 'diner password')).statusCode).toBe(200);
  });

  it('limits reset emails per address asked for', async () => {
    const email = uniqueEmail();
    const ask = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/forgot-password',
        payload: { email },
        remoteAddress: `10.32.0.${n}`,
      });
    for (let n = 1; n <= accountLimits.forgotPassword.perEmail.max; n++)
      expect((await ask(n)).statusCode).toBe(200);
    expect((await ask(99)).statusCode).toBe(429);
  });

  it('limits sign-ups per email, guests included', async () => {
    const email = uniqueEmail();
    const guest = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/create',
        payload: {
          customer_name: 'Guest',
          email,
          phone_number: '5125550101',
          restaurant_id: restaurantId,
          is_guest: true,
        },
        remoteAddress: `10.33.0.${n}`,
      });
    for (let n = 1; n <= accountLimits.customerCreate.perEmail.max; n++)
      expect((await guest(n)).statusCode).toBe(201);
    expect((await guest(99)).statusCode).toBe(429);
  });
});
