import { serverMessages } from '@tableserve/contract/messages';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { base64url, decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Diner, signUpDiner } from '../test/orders';
import { type Owner, ownerWithRestaurant } from '../test/restaurants';
import { createTestApp, type TestApp } from '../test/test-app';
import { permissionsOfGate } from './auth';

/**
 * Authentication before validation, and no way past it with a forged token, for every route
 * of the server's own route table (read through the onRoute build option, as the authorization
 * matrix does): a route added later is covered without being listed here.
 */

type Gate = 'owner' | 'diner' | 'owner-or-diner' | 'optional-owner' | 'optional-diner';
type Route = { method: string; url: string; gate?: Gate; security: 'required' | 'optional' | 'none' };

const seen: RouteOptions[] = [];
let t: TestApp;
let routes: Route[];
let owner: Owner;
let diner: Diner;
beforeAll(async () => {
  t = await createTestApp({ build: { onRoute: (route) => void seen.push(route) } });
  const place = await ownerWithRestaurant(t);
  owner = place.owner;
  diner = await signUpDiner(t, place.restaurantId);

  // The gate a route's onRequest hook is, compared by identity with the auth plugin's checks.
  const gates = new Map<unknown, Gate>([
    [t.app.requireOwner, 'owner'],
    [t.app.requireSubscribedOwner, 'owner'],
    [t.app.requireCustomer, 'diner'],
    [t.app.requireCustomerOrSubscribedOwner, 'owner-or-diner'],
    [t.app.identifyOwner, 'optional-owner'],
    [t.app.identifyCustomer, 'optional-diner'],
  ]);
  routes = seen.flatMap((route) =>
    [route.method].flat().map((method): Route => {
      const hooks = [route.onRequest ?? []].flat();
      // A staff route's role check lets the owner in as it lets every permitted role.
      const gate = hooks.map((hook) => gates.get(hook) ?? (permissionsOfGate(hook) && 'owner')).find(Boolean);
      // The OpenAPI declaration: [{bearer}] a token is required, [{}, {bearer}] it is optional.
      const security = (route.schema?.security ?? []) as Record<string, unknown>[];
      return {
        method,
        url: route.url,
        gate,
        security:
          security.length === 0
            ? 'none'
            : security.some((entry) => Object.keys(entry).length === 0)
              ? 'optional'
              : 'required',
      };
    }),
  );
});
afterAll(() => t.close());

const id = (route: Route) => `${route.method} ${route.url}`;
const gated = (...gates: Gate[]) => routes.filter((route) => route.gate && gates.includes(route.gate));

/**
 * The route's URL with every path parameter and the query invalid, and (except for GET and HEAD)
 * a body no schema accepts: were it validated first, the answer would be a 400 with field errors.
 */
function hostileCall(route: Route, headers: Record<string, string>) {
  const bodyless = route.method === 'GET' || route.method === 'HEAD';
  return t.app.inject({
    method: route.method as 'GET',
    url: `${route.url.replace(/:[a-z_]+/g, 'x-1')}?page=-4&unexpected=%00`,
    headers,
    remoteAddress: '10.66.0.1',
    ...(bodyless ? {} : { payload: { restaurant_name: 42, unexpected: true, email: '\u0000' } }),
  });
}

function expectUnauthorized(route: Route, response: LightMyRequestResponse, caller: string) {
  expect({ route: id(route), caller, status: response.statusCode }, response.body).toEqual({
    route: id(route),
    caller,
    status: 401,
  });
  // HEAD answers carry no body.
  if (route.method !== 'HEAD')
    expect(response.json()).toEqual({ message: serverMessages.unauthorized, code: 'UNAUTHORIZED' });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const key = (secret: string) => new TextEncoder().encode(secret);
const HOUR = 60 * 60;

/**
 * Tokens a stranger can make from a real one, each with the real one's claims (subject, audience,
 * token version) so that only the forgery itself can be why it is refused.
 */
async function forgeries(real: string, otherSubject: number): Promise<Record<string, string>> {
  const claims = decodeJwt(real);
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const sign = (payload: object, secret = t.config.jwtSecret!, alg = 'HS256') =>
    new SignJWT({ ...payload }).setProtectedHeader({ alg }).sign(key(secret));
  const [header, , signature] = real.split('.');
  const payload = { ...claims, sub: String(otherSubject) };
  return {
    'alg none': new UnsecuredJWT({ ...claims }).encode(),
    'another key': await sign(claims, 'a-stranger-secret-that-is-32-characters-long'),
    'HS512 with our key': await sign(claims, t.config.jwtSecret!, 'HS512'),
    expired: await sign({ ...claims, iat: now - 13 * HOUR, exp: now - HOUR }),
    'tampered payload': [header, base64url.encode(JSON.stringify(payload)), signature].join('.'),
    'not a token': 'not-a-token',
  };
}

describe('the route table', () => {
  it('declares a bearer token on exactly the routes that check one', () => {
    // Anchors: routes that must be among them, so an empty or broken table cannot pass.
    for (const anchor of [
      'POST /api/v1/restaurant/create-restaurant',
      'PUT /api/v1/restaurant/update-restaurant/:restaurant_id',
      'POST /api/v1/menu/generate-signed-url',
      'POST /api/v1/menu/add-menu-item',
      'PUT /api/v1/auth/user/:user_id',
      'POST /api/v1/kitchen/restaurant/:restaurant_id/update-order-status/:order_id',
      'GET /api/v1/customer/:customer_id/orders',
      'POST /api/v1/customer/place-order',
    ])
      expect(gated('owner', 'diner', 'owner-or-diner').map(id)).toContain(anchor);

    const mismatched = routes
      .filter((route) => {
        const declared =
          route.security === 'required' ? 'token' : route.security === 'optional' ? 'maybe' : '-';
        const checked = !route.gate ? '-' : route.gate.startsWith('optional-') ? 'maybe' : 'token';
        return declared !== checked;
      })
      .map((route) => `${id(route)}: declares ${route.security}, checks ${route.gate ?? 'nothing'}`);
    expect(mismatched).toEqual([]);
  });
});

describe('authentication comes before validation', () => {
  it('every route that needs a token answers 401 to a caller without one, whatever the request', async () => {
    const required = gated('owner', 'diner', 'owner-or-diner');
    expect(required.length).toBeGreaterThan(20);
    for (const route of required) {
      // A stranger learns nothing about the body's rules, nor spends the server's validation work.
      expectUnauthorized(route, await hostileCall(route, {}), 'anonymous');
      expectUnauthorized(
        route,
        await hostileCall(route, { authorization: 'Basic b3duZXI6cGFzcw==' }),
        'basic',
      );
    }
  });
});

describe('forged tokens', () => {
  it('are accepted when genuine: the control for the forgeries below', async () => {
    // Signed by the test with the app's key and the real token's claims: a valid token.
    const resign = async (real: string) =>
      new SignJWT({ ...decodeJwt(real) }).setProtectedHeader({ alg: 'HS256' }).sign(key(t.config.jwtSecret!));
    const ownerProfile = await t.app.inject({
      url: `/api/v1/auth/user/${owner.userId}`,
      headers: bearer(await resign(owner.token)),
    });
    expect(ownerProfile.statusCode, ownerProfile.body).toBe(200);
    const dinerOrders = await t.app.inject({
      url: `/api/v1/customer/${diner.customer_id}/orders`,
      headers: bearer(await resign(diner.token)),
    });
    expect(dinerOrders.statusCode, dinerOrders.body).toBe(200);
  });

  it("never pass: every route that takes a token answers 401 to a forged one, never 2xx or a body's rules", async () => {
    const asOwner = await forgeries(owner.token, owner.userId + 1);
    const asDiner = await forgeries(diner.token, diner.customer_id + 1);
    // Not 'optional-diner' (the bills): a token that is no diner's grants nothing there and is
    // not refused, so a diner whose session lapsed still pays by the table's code.
    const routesChecked = gated('owner', 'diner', 'owner-or-diner', 'optional-owner');
    for (const route of routesChecked) {
      const forged = {
        owner: asOwner,
        'optional-owner': asOwner,
        diner: asDiner,
        'owner-or-diner': {
          ...asOwner,
          ...Object.fromEntries(Object.entries(asDiner).map(([k, v]) => [`diner ${k}`, v])),
        },
      }[route.gate as Exclude<Gate, 'optional-diner'>];
      for (const [name, token] of Object.entries(forged))
        expectUnauthorized(route, await hostileCall(route, bearer(token)), name);
    }
  });

  it("refuse the other audience's genuine token: a diner's on an owner's route, an owner's on a diner's", async () => {
    for (const route of gated('owner'))
      expectUnauthorized(route, await hostileCall(route, diner.auth), "a diner's token");
    for (const route of gated('diner'))
      expectUnauthorized(route, await hostileCall(route, owner.auth), "an owner's token");
    // Both genuine tokens are otherwise good: the owner's reads their profile, the diner's their orders.
    const profile = await t.app.inject({ url: `/api/v1/auth/user/${owner.userId}`, headers: owner.auth });
    expect(profile.statusCode).toBe(200);
    const orders = await t.app.inject({
      url: `/api/v1/customer/${diner.customer_id}/orders`,
      headers: diner.auth,
    });
    expect(orders.statusCode).toBe(200);
  });

  it('refuse a token after "log out everywhere", on every route that takes one', async () => {
    const stale = { owner: owner.token, diner: diner.token };
    const ownerOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-everywhere',
      headers: owner.auth,
    });
    expect(ownerOut.statusCode).toBe(200);
    const dinerOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/logout-everywhere',
      headers: diner.auth,
    });
    expect(dinerOut.statusCode).toBe(200);
    for (const route of gated('owner', 'optional-owner'))
      expectUnauthorized(route, await hostileCall(route, bearer(stale.owner)), 'revoked owner');
    for (const route of gated('diner'))
      expectUnauthorized(route, await hostileCall(route, bearer(stale.diner)), 'revoked diner');
    for (const route of gated('owner-or-diner')) {
      expectUnauthorized(route, await hostileCall(route, bearer(stale.owner)), 'revoked owner');
      expectUnauthorized(route, await hostileCall(route, bearer(stale.diner)), 'revoked diner');
    }
  });
});
