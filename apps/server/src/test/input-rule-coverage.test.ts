import { inputRuleProblems } from '@tableserve/contract/input-rules';
import { PlaceOrderBody } from '@tableserve/contract/order';
import { OwnerPlaceOrderBody } from '@tableserve/contract/owner-orders';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test-app';

/**
 * docs/decisions/009-sessions-limits-and-input.md and ADR 009, "no route can forget it": every string a route accepts, in its body,
 * query or path, goes through an input rule of the contract's fields.ts and has a maximum
 * length. Read from the server's own route table, so a route added tomorrow is checked without
 * a line here; dropping the rule from any field of any route fails this suite, naming both.
 */

type Part = 'body' | 'querystring' | 'params';
const PARTS: Part[] = ['body', 'querystring', 'params'];

/** Bodies checked in the handler, by caller, so the route declares none (orders.routes.ts). */
const HANDLER_BODIES: Record<string, Record<string, z.ZodType>> = {
  'POST /api/v1/customer/place-order': { diner: PlaceOrderBody, owner: OwnerPlaceOrderBody },
};

/** Writes that take no JSON body at all, and why. */
const NO_JSON_BODY: Record<string, string> = {
  'POST /api/v1/auth/logout-everywhere': 'no body: the token says who',
  'POST /api/v1/customer/logout-everywhere': 'no body: the token says who',
  'POST /api/v1/subscription/webhook': "Stripe's raw bytes, read only once their signature is checked",
  'POST /api/v1/payments/webhook': "Stripe's raw bytes, read only once their signature is checked",
  'DELETE /api/v1/menu/delete-menu-item/:menu_id': 'no body: the path names the item',
  'DELETE /api/v1/restaurant/tax-rates/:restaurant_id/:tax_rate_id': 'no body: the path names the rate',
  'POST /api/v1/owner/restaurant/:restaurant_id/approve-order/:order_id': 'no body: the path names the order',
  'DELETE /api/v1/owner/restaurant/:restaurant_id/delete-order/:order_id':
    'no body: the path names the order',
  'POST /api/v1/owner/restaurant/:restaurant_id/mark-paid/:order_id': 'no body: the path names the order',
  'POST /api/v1/owner/restaurant/:restaurant_id/devices/:device_id/revoke':
    'no body: the path names the device',
  'DELETE /api/v1/staff/:staff_id': 'no body: the path names the member',
  'POST /api/v1/staff/:staff_id/resend-invitation': 'no body: the path names the member',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Raw bytes (lib/binary.ts), not JSON: no string in them reaches a handler as text. */
const isBinary = (schema: z.ZodType) => z.globalRegistry.get(schema)?.format === 'binary';

type Route = { id: string; method: string; schema: Partial<Record<Part, unknown>> };

let t: TestApp;
const routes: Route[] = [];
beforeAll(async () => {
  t = await createTestApp({
    // Stripe as the payment provider, so its webhook route exists too.
    env: {
      STRIPE_SECRET_KEY: 'sk_test_input_rules',
      STRIPE_WEBHOOK_SECRET: 'whsec_input_rules',
      STRIPE_PRICES: 'starter=price_s,professional=price_p,enterprise=price_e',
    },
    build: {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || !route.url.startsWith('/api/v1/')) continue;
          routes.push({ id: `${method} ${route.url}`, method, schema: route.schema ?? {} });
        }
      },
    },
  });
});
afterAll(() => t.close());

/** Every schema a route checks its input with, by where it reads it. */
function schemasOf(route: Route): [string, z.ZodType][] {
  const found: [string, z.ZodType][] = [];
  for (const part of PARTS) {
    const schema = route.schema[part];
    if (schema === undefined) continue;
    if (!(schema instanceof z.ZodType))
      throw new Error(`${route.id} ${part}: not a zod schema of the contract`);
    if (part === 'body' && isBinary(schema)) continue;
    found.push([part, schema]);
  }
  for (const [caller, schema] of Object.entries(HANDLER_BODIES[route.id] ?? {}))
    found.push([`body (${caller})`, schema]);
  return found;
}

describe('the input rule on every route', () => {
  it('reads the route table', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const id of [...Object.keys(HANDLER_BODIES), ...Object.keys(NO_JSON_BODY)])
      expect(routes.map((route) => route.id)).toContain(id);
  });

  it('knows the body of every write', () => {
    const unknownBodies = routes
      .filter((route) => WRITES.has(route.method) && route.schema.body === undefined)
      .filter((route) => !HANDLER_BODIES[route.id] && !NO_JSON_BODY[route.id])
      .map((route) => route.id);
    // Give it a body schema, or list it above with the schemas its handler checks, or why it has none.
    expect(unknownBodies).toEqual([]);
  });

  it('gives every string of every body, query and path a rule and a maximum length', () => {
    const problems = routes.flatMap((route) =>
      schemasOf(route).flatMap(([part, schema]) =>
        inputRuleProblems(schema).map(({ path, problem }) => `${route.id} ${part} ${path}: ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('names the route and the field when one string skips the rule', () => {
    const login = routes.find((route) => route.id === 'POST /api/v1/auth/login')!;
    const body = login.schema.body as z.ZodObject;
    const withoutRule = { ...login, schema: { body: body.extend({ email: z.string().trim() }) } };
    const problems = schemasOf(withoutRule).flatMap(([part, schema]) =>
      inputRuleProblems(schema).map(({ path }) => `${withoutRule.id} ${part} ${path}`),
    );
    expect(problems).toEqual(['POST /api/v1/auth/login body email']);
  });
});
