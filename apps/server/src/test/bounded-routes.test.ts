import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedRoutes, constantRoutes } from './bounded-routes';
import { createTestApp, type TestApp } from './test-app';

/**
 * The class, not the instance (docs/decisions/024-bounded-work.md): every route that reads or
 * answers something is listed in bounded-routes.ts, bounded or constant, so a route added
 * tomorrow (an export, a report, a list) cannot reach production without saying what bounds it.
 * The routes are the app's own, as Fastify registers them (its onRoute hook).
 */

type Registered = { id: string; produces: string[] };

/** "GET /api/v1/bills/{bill_id}", as bounded-routes.ts spells it. */
const idOf = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;

/**
 * The routes that must be listed: every GET (what reads), and any route that answers a file
 * (a PDF, an image, a CSV: what exports). HEAD is Fastify's own twin of each GET.
 */
function mustBeListed(routes: Registered[]): string[] {
  return routes
    .filter(
      ({ id, produces }) =>
        id.startsWith('GET ') ||
        produces.some((type) => type !== 'application/json' && !type.startsWith('text/plain')),
    )
    .map(({ id }) => id);
}

const listed = new Set<string>([...Object.keys(boundedRoutes), ...Object.keys(constantRoutes)]);

/** The routes that must be listed and are not. */
const unlisted = (routes: Registered[]) => mustBeListed(routes).filter((id) => !listed.has(id));

let t: TestApp;
const routes: Registered[] = [];
beforeAll(async () => {
  t = await createTestApp({
    build: {
      onRoute: (route: RouteOptions) => {
        const produces = ((route.schema as { produces?: string[] } | undefined)?.produces ?? []) as string[];
        for (const method of [route.method].flat())
          if (method !== 'HEAD' && method !== 'OPTIONS')
            routes.push({ id: idOf(method, route.url), produces });
      },
    },
  });
});
afterAll(() => t.close());

describe('every route that reads or exports is listed with its bound (bounded-routes.ts)', () => {
  it('finds the routes: the bill, the receipt, the sheets and /health are among them', () => {
    const ids = routes.map((route) => route.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'GET /api/v1/table-bill',
        'GET /api/v1/bills/{bill_id}/payments/{payment_id}/receipt.pdf',
        'GET /api/v1/menu/table-cards/{restaurant_id}',
        'GET /api/v1/health',
      ]),
    );
    expect(mustBeListed(routes).length).toBeGreaterThan(40);
  });

  it('lists every GET and every route that answers a file, as bounded or as constant', () => {
    expect(unlisted(routes)).toEqual([]);
  });

  it('lists nothing the app does not have, and nothing twice', () => {
    const ids = new Set(routes.map((route) => route.id));
    expect([...listed].filter((id) => !ids.has(id))).toEqual([]);
    expect(Object.keys(boundedRoutes).filter((id) => id in constantRoutes)).toEqual([]);
  });

  it('would fail on a new export or list that is not listed', () => {
    expect(
      unlisted([
        ...routes,
        { id: 'GET /api/v1/owner/restaurant/{restaurant_id}/orders.csv', produces: ['text/csv'] },
        { id: 'POST /api/v1/sales/export', produces: ['application/pdf'] },
        { id: 'POST /api/v1/customer/place-order', produces: [] },
      ]),
    ).toEqual(['GET /api/v1/owner/restaurant/{restaurant_id}/orders.csv', 'POST /api/v1/sales/export']);
  });
});
