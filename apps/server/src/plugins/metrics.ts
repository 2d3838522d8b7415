import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { serverMessages } from '@tableserve/contract/messages';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { DomainEventBus } from '../lib/domain-events';
import { codeOf } from './errors';

/** The kinds of socket realtime.ts admits: a staff screen, a signed-in diner, a table's diners, an open menu. */
export type SocketKind = 'staff' | 'diner' | 'table' | 'menu';

/** The route through which diners and staff place orders (docs/operations.md#health-and-metrics). */
const PLACE_ORDER_ROUTE = '/api/v1/customer/place-order';

/** Labels built once: the per-request cost is one histogram observe (the menu route is benchmarked). */
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * Every Prometheus series of this process, in a registry of its own (tests build many apps in
 * one process). The app passes these to where things are counted.
 */
export function createMetrics(sources: { poolStats: Database['poolStats'] }) {
  const registry = new Registry();
  // Process, heap, GC and event-loop delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Histogram({
      name: 'tableserve_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class, and how long they took',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    ordersPlaced: new Counter({
      name: 'tableserve_orders_placed_total',
      help: "Orders that reached the staff, by who placed them (a diner, or the staff's own form)",
      labelNames: ['by'] as const,
      registers,
    }),
    ordersRefused: new Counter({
      name: 'tableserve_orders_refused_total',
      help: 'Order placements answered with an error, by its code',
      labelNames: ['reason'] as const,
      registers,
    }),
    orderUpdates: new Counter({
      name: 'tableserve_order_updates_total',
      help: 'Changes of placed orders announced to the staff (status moves, edits, payments), by the status after it',
      labelNames: ['status'] as const,
      registers,
    }),
    sockets: new Gauge({
      name: 'tableserve_socket_connections',
      help: 'Open Socket.IO connections by kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    dbQueries: new Histogram({
      name: 'tableserve_db_query_duration_seconds',
      help: 'Database statements run by the app, and how long they took',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    dbPool: new Gauge({
      name: 'tableserve_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers,
      // Read when scraped: the pool keeps these counts itself.
      collect() {
        const stats = sources.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    }),
    menuCache: new Counter({
      name: 'tableserve_menu_cache_lookups_total',
      help: "Lookups of a restaurant's published menu: hit (in this process's cache) or miss (read from the database)",
      labelNames: ['result'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** One answered request, in the request histogram: its route's pattern, or `unmatched`. */
export function observeRequest(
  metrics: Metrics,
  method: string,
  route: string | undefined,
  statusCode: number,
  elapsedMs: number,
) {
  metrics.httpRequests.observe(
    {
      method,
      route: route ?? 'unmatched',
      status_class: STATUS_CLASSES[Math.floor(statusCode / 100) - 1] ?? 'other',
    },
    elapsedMs / 1000,
  );
}

/**
 * Counts requests, placements and order changes, and serves GET /metrics on the main port to
 * `Authorization: Bearer <METRICS_TOKEN>` (404 when no token is set: the route exists so the web
 * app's fallback never answers it with index.html).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  deps: { token: string | undefined; events: DomainEventBus },
) {
  const { ordersRefused, ordersPlaced, orderUpdates } = metrics;
  // A plain callback hook: no promise a request.
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(metrics, request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (request.routeOptions.url !== PLACE_ORDER_ROUTE) return;
    // The code the diner's or the staff's screen receives; the status when the error has none.
    ordersRefused.inc({ reason: codeOf(error) ?? `HTTP_${error.statusCode ?? 500}` });
  });
  // From the services' own announcements, after they committed: the services stay unchanged.
  deps.events.on('order.created', ({ customerId }) =>
    ordersPlaced.inc({ by: customerId === null ? 'staff' : 'diner' }),
  );
  deps.events.on('order.updated', ({ order }) => orderUpdates.inc({ status: order.status }));

  const expected = deps.token ? Buffer.from(`Bearer ${deps.token}`) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) return reply.code(404).send({ message: serverMessages.notFound, code: 'NOT_FOUND' });
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'A metrics token is required', code: 'UNAUTHORIZED' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/**
 * GET /metrics without a token on a listener of its own (METRICS_HOST:METRICS_PORT), for a
 * scraper on an internal network. Resolves once it listens.
 */
export async function startMetricsListener(
  metrics: Metrics,
  options: { host: string; port: number },
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return server;
}
