import type { RegisterBody } from '@tableserve/contract/auth';
import { type TestApp, tokenFromMail } from './test-app';

let counter = 0;

export function registrationBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter += 1;
  return {
    email: `owner${counter}@example.com`,
    password: 'correct horse battery',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: '4155550100',
    address: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    zip_code: '94105',
    country: 'United States',
    ...overrides,
  };
}

/** Registers an owner, follows the emailed verification link and logs in, all through the API. */
export async function registerVerifiedOwner(t: TestApp, overrides: Partial<RegisterBody> = {}) {
  const body = registrationBody(overrides);
  // Each owner signs up from an address of its own, clear of the per-IP sign-up limit.
  const remoteAddress = `10.250.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: body,
    remoteAddress,
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const token = tokenFromMail(await t.waitForMail(body.email));
  await t.app.inject({ method: 'GET', url: `/api/v1/auth/verify-email?token=${token}` });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress,
    payload: { email: body.email, password: body.password },
  });
  const { user_id, token: ownerToken } = login.json() as { user_id: number; token: string };
  return { ...body, userId: user_id, token: ownerToken, auth: { authorization: `Bearer ${ownerToken}` } };
}

/** Logs the owner in again: after the test clock has moved past their token's 12 hours. */
let logins = 0;
export async function freshLogin<T extends { email: string; password: string }>(t: TestApp, owner: T) {
  logins += 1;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: owner.email, password: owner.password },
    remoteAddress: `10.251.${Math.floor(logins / 250)}.${(logins % 250) + 1}`,
  });
  const { token } = login.json() as { token: string };
  return { ...owner, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * The owner's headers for a test whose clock moves by days: logs in again once the clock has
 * moved past most of the token's 12 hours since the last login.
 */
export function renewingAuth<T extends { email: string; password: string; auth: Record<string, string> }>(
  t: TestApp,
  first: T,
): () => Promise<Record<string, string>> {
  let owner = first;
  let loggedInAt = t.clock.now().getTime();
  return async () => {
    if (t.clock.now().getTime() - loggedInAt > 10 * 3_600_000) {
      owner = await freshLogin(t, owner);
      loggedInAt = t.clock.now().getTime();
    }
    return owner.auth;
  };
}
