import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem, placeDinerOrder, signUpDiner } from '../test/orders';
import { ownerWithRestaurant } from '../test/restaurants';
import { createTestApp, logLines, type TestApp } from '../test/test-app';
import { startMetricsListener } from './metrics';

const TOKEN = 'metrics-token-of-the-test-suite';
const scrapeHeaders = { authorization: `Bearer ${TOKEN}` };

/** One sample's value from the exposition text; 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('answers only the bearer of the metrics token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('t', 'x')}` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.body).toContain('nodejs_eventloop_lag_seconds');
    expect(right.body).toContain('process_resident_memory_bytes');
  });

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const series =
      'tableserve_http_request_duration_seconds_count{method="GET",route="/api/v1/customer/display-menu/:token",status_class="4xx"}';
    const before = sample(await scrape(), series);
    await t.app.inject({ method: 'GET', url: '/api/v1/customer/display-menu/no-such-token-1' });
    await t.app.inject({ method: 'GET', url: '/api/v1/customer/display-menu/no-such-token-2' });
    const after = await scrape();
    expect(sample(after, series)).toBe(before + 2);
    expect(after).not.toContain('no-such-token');
  });

  it('moves the placed, refused, status-change, menu-cache and query series', async () => {
    const place = await ownerWithRestaurant(t);
    const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
    const diner = await signUpDiner(t, place.restaurantId);
    const placed = 'tableserve_orders_placed_total{by="diner"}';
    const refused = 'tableserve_orders_refused_total{reason="VALIDATION_ERROR"}';
    const ready = 'tableserve_order_updates_total{status="Ready"}';
    const hits = 'tableserve_menu_cache_lookups_total{result="hit"}';
    const misses = 'tableserve_menu_cache_lookups_total{result="miss"}';
    const queries = 'tableserve_db_query_duration_seconds_count';
    const before = await scrape();

    // The first lookup reads the menu from the database, the second finds it cached.
    const menuUrl = `/api/v1/customer/display-menu/${place.token}`;
    expect((await t.app.inject({ method: 'GET', url: menuUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: menuUrl })).statusCode).toBe(200);
    const orderId = await placeDinerOrder(t, diner, place.restaurantId, [
      { menu_item_id: pizza, quantity: 1 },
    ]);
    const refusal = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers: diner.auth,
      payload: { restaurant_id: place.restaurantId, order_items: [], order_type: 'dine-in', table_no: 1 },
    });
    expect(refusal.statusCode).toBe(400);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/restaurant/${place.restaurantId}/update-order-status/${orderId}`,
      headers: place.owner.auth,
      payload: { status: 'Ready' },
    });
    expect(moved.statusCode).toBe(200);

    const after = await scrape();
    expect(sample(after, placed)).toBe(sample(before, placed) + 1);
    expect(sample(after, refused)).toBe(sample(before, refused) + 1);
    expect(sample(after, ready)).toBe(sample(before, ready) + 1);
    expect(sample(after, misses)).toBeGreaterThan(sample(before, misses));
    expect(sample(after, hits)).toBeGreaterThan(sample(before, hits));
    expect(sample(after, queries)).toBeGreaterThan(sample(before, queries));
    if (t.app.database.kind === 'postgres')
      expect(sample(after, 'tableserve_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });

  it('serves the same registry without a token on a listener of its own', async () => {
    const listener = await startMetricsListener(t.app.metrics, { host: '127.0.0.1', port: 0 });
    try {
      const address = listener.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const base = `http://127.0.0.1:${address.port}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('tableserve_http_request_duration_seconds_bucket');
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

describe('GET /metrics without a token configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is a real route that answers 404, whatever the caller sends', async () => {
    for (const headers of [{}, scrapeHeaders]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('the request log', () => {
  let t: TestApp;
  const { stream, lines } = logLines();
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, build: { logStream: stream } });
  });
  afterAll(() => t.close());

  it('writes one line per request, with its route, status, time and request id', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/display-menu/some-token?x=1',
      headers: { 'x-request-id': 'request-id-of-the-test', authorization: 'Bearer secret-of-the-caller' },
    });
    expect(response.headers['x-request-id']).toBe('request-id-of-the-test');
    const ofRequest = lines.filter((line) => line.reqId === 'request-id-of-the-test');
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/v1/customer/display-menu/:token',
      url: '/api/v1/customer/display-menu/some-token?x=1',
      statusCode: response.statusCode,
    });
    expect(ofRequest[0]!.responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain('secret-of-the-caller');
  });

  // Last: the database stays closed.
  it('reports an unexpected error with the request id of its request', async () => {
    await t.app.database.close();
    lines.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-request-id': 'request-id-of-the-failure' },
      payload: { email: 'someone@example.com', password: 'some password' },
    });
    expect(response.statusCode).toBe(500);
    const report = lines.find((line) => line.msg === 'unhandled error');
    expect(report).toMatchObject({ level: 50, reqId: 'request-id-of-the-failure' });
    expect(report!.err).toBeDefined();
  });
});
