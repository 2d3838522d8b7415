import http from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem } from '../../test/orders';
import { expireSubscription, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, logLines, type TestApp } from '../../test/test-app';
import { DISPLAY_MENU_ROUTE } from './menu-fast-path';

type Answer = { statusCode: number; headers: Record<string, string>; body: Buffer };

let t: TestApp;
let port: number;
const { stream: logStream, lines } = logLines();
/** Menu requests the Fastify route saw: the fast path's answers never reach it. */
let fastifyAnswered = 0;
const countFastify: onRequestHookHandler = (_request, _reply, done) => {
  fastifyAnswered += 1;
  done();
};

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    build: {
      logStream,
      onRoute(route) {
        if (route.url === DISPLAY_MENU_ROUTE) route.onRequest = [countFastify];
      },
    },
  });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});
/** Kept-alive connections, as phones hold them: a draining instance's answers close theirs. */
const agent = new http.Agent({ keepAlive: true });

/** A request over the app's real listener, where the fast path stands before Fastify. */
function overHttp(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: url, method, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode!,
            headers: response.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The same request through Fastify alone: inject never passes the server's listener. */
async function throughFastify(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return {
    statusCode: response.statusCode,
    headers: response.headers as Record<string, string>,
    body: response.rawPayload,
  };
}

/** What is the same for every answer of a request: not its date, connection or id. */
function comparable({ statusCode, headers, body }: Answer) {
  const {
    date: _date,
    connection: _connection,
    'keep-alive': _keepAlive,
    'x-request-id': _id,
    ...rest
  } = headers;
  return { statusCode, headers: rest, body: body.toString('base64') };
}

async function menuReady() {
  const setup = await ownerWithRestaurant(t);
  await addMenuItem(t, setup, { item_name: 'Soup', price: 7.5 });
  const url = `/api/v1/customer/display-menu/${setup.token}`;
  // The first answer loads and encodes the menu: Fastify's route does that.
  expect((await throughFastify(url)).statusCode).toBe(200);
  return { ...setup, url };
}

async function answeredFast(url: string, headers: Record<string, string> = {}) {
  const before = fastifyAnswered;
  const answer = await overHttp(url, headers);
  expect(fastifyAnswered, 'the Fastify route answered').toBe(before);
  return answer;
}

async function answeredByFastify(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = fastifyAnswered;
  const answer = await overHttp(url, headers, method);
  expect(fastifyAnswered, 'the Fastify route did not answer').toBe(before + 1);
  return answer;
}

describe('the diner menu answered before Fastify', () => {
  it('answers a ready menu as the Fastify route does: every encoding, 304s, every header', async () => {
    const { url, restaurantId } = await menuReady();
    const { etag } = (await throughFastify(url)).headers;
    const asked: Array<Record<string, string>> = [
      { 'accept-encoding': 'br, gzip' },
      { 'accept-encoding': 'gzip, deflate' },
      { 'accept-encoding': 'br;q=0, gzip' },
      {},
      { 'if-none-match': etag! },
      { 'if-none-match': `"other", ${etag!.replace(/^W\//, '')}`, 'accept-encoding': 'br' },
      { 'if-none-match': '"other"', 'accept-encoding': 'br' },
    ];
    for (const headers of asked) {
      const fast = await answeredFast(url, headers);
      expect(comparable(fast), JSON.stringify(headers)).toEqual(
        comparable(await throughFastify(url, headers)),
      );
    }
    const fast304 = await answeredFast(url, { 'if-none-match': etag! });
    expect(fast304.statusCode).toBe(304);
    expect(fast304.body).toHaveLength(0);
    expect(fast304.headers['content-length']).toBeUndefined();
    expect(fast304.headers['content-security-policy']).toBeDefined();

    // A table's QR code adds its table: the same answer, checked as the route checks it.
    for (const table of ['1', '01']) {
      const withTable = `${url}?table=${table}`;
      expect(comparable(await answeredFast(withTable, { 'accept-encoding': 'br, gzip' }))).toEqual(
        comparable(await throughFastify(withTable, { 'accept-encoding': 'br, gzip' })),
      );
    }

    // The id form has its own answer (no token in it), ready once Fastify's route made it.
    const byId = `/api/v1/customer/display-menu/${restaurantId}`;
    expect((await answeredByFastify(byId)).statusCode).toBe(200);
    const fast = await answeredFast(byId, { 'accept-encoding': 'br, gzip' });
    expect(comparable(fast)).toEqual(
      comparable(await throughFastify(byId, { 'accept-encoding': 'br, gzip' })),
    );
  });

  it('keeps the request id it is given, else makes one, and logs one line as Fastify does', async () => {
    const { url } = await menuReady();
    lines.length = 0;
    const given = await answeredFast(url, { 'x-request-id': 'id-from-the-proxy' });
    expect(given.headers['x-request-id']).toBe('id-from-the-proxy');
    const made = await answeredFast(url);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await throughFastify(url, { 'x-request-id': 'id-through-fastify' });

    const lineOf = (reqId: string) => {
      const found = lines.filter((line) => line.reqId === reqId);
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const fastLine = lineOf('id-from-the-proxy');
    const fastifyLine = lineOf('id-through-fastify');
    expect(Object.keys(fastLine)).toEqual(Object.keys(fastifyLine));
    const { time: _time, responseTime, ...fields } = fastLine;
    const { time: _fastifyTime, responseTime: _fastifyResponseTime, ...fastifyFields } = fastifyLine;
    expect({ ...fields, reqId: 'id-through-fastify' }).toEqual(fastifyFields);
    expect(fields).toMatchObject({ msg: 'request', route: DISPLAY_MENU_ROUTE, url, statusCode: 200 });
    expect(responseTime).toEqual(expect.any(Number));
    expect(lineOf(made.headers['x-request-id']!)).toMatchObject({ url, statusCode: 200 });
  });

  it('counts the request and the cache hit as the Fastify route does', async () => {
    const { url, owner } = await menuReady();
    const requests = (statusClass: string) =>
      t.app.metrics.httpRequests
        .get()
        .then(
          ({ values }) =>
            values.find(
              (value) =>
                value.metricName === 'tableserve_http_request_duration_seconds_count' &&
                value.labels.route === DISPLAY_MENU_ROUTE &&
                value.labels.method === 'GET' &&
                value.labels.status_class === statusClass,
            )?.value ?? 0,
        );
    const hits = () =>
      t.app.metrics.menuCache
        .get()
        .then(({ values }) => values.find((value) => value.labels.result === 'hit')?.value ?? 0);
    const before = { ok: await requests('2xx'), notModified: await requests('3xx'), hits: await hits() };

    const { etag } = (await answeredFast(url)).headers;
    await answeredFast(url, { 'if-none-match': etag! });
    expect(await requests('2xx')).toBe(before.ok + 1);
    expect(await requests('3xx')).toBe(before.notModified + 1);
    expect(await hits()).toBe(before.hits + 2);

    // A lookup the fast path gives up on is not counted by it: the Fastify route counts its own.
    await expireSubscription(t, owner);
    // The change forgot every menu: this lookup reads it again (a miss), and keeps the refusal.
    expect((await answeredByFastify(url)).statusCode).toBe(403);
    const hitsBeforeRefusal = await hits();
    expect((await answeredByFastify(url)).statusCode).toBe(403);
    expect(await hits()).toBe(hitsBeforeRefusal + 1);
  });

  it('leaves to Fastify a menu not ready, a refusal, HEAD, a query, an encoded path and a draining instance', async () => {
    const setup = await ownerWithRestaurant(t);
    const url = `/api/v1/customer/display-menu/${setup.token}`;
    // No dish yet: Fastify's refusal, every time.
    expect((await answeredByFastify(url)).statusCode).toBe(404);
    expect((await answeredByFastify(url)).statusCode).toBe(404);
    await addMenuItem(t, setup, { item_name: 'Soup', price: 7.5 });
    // The change forgot the menu: the next answer loads it, through Fastify.
    expect((await answeredByFastify(url)).statusCode).toBe(200);
    expect((await answeredFast(url)).statusCode).toBe(200);

    expect((await answeredByFastify(url, {}, 'HEAD')).statusCode).toBe(200);
    // A query other than a table's, or a table the schema refuses or the restaurant lacks.
    expect((await answeredByFastify(`${url}?lang=en`)).statusCode).toBe(200);
    expect((await answeredByFastify(`${url}?table=1&table=2`)).statusCode).toBe(400);
    expect((await answeredByFastify(`${url}?table=0`)).statusCode).toBe(400);
    expect((await answeredByFastify(`${url}?table=x`)).statusCode).toBe(400);
    expect((await answeredByFastify(`${url}?table=999`)).statusCode).toBe(404);
    // No route of Fastify's matches: its not-found answer, not the menu.
    expect((await overHttp(`${url}/`)).statusCode).toBe(404);
    const encoded = url.replace(/.$/, (last) => `%${last.charCodeAt(0).toString(16)}`);
    expect((await answeredByFastify(encoded)).statusCode).toBe(200);
    expect((await answeredByFastify(`${url.slice(0, -1)}%00`)).statusCode).toBe(400);

    t.app.lifecycle.draining = true;
    try {
      const draining = await answeredByFastify(url);
      expect(draining.statusCode).toBe(200);
      expect(draining.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await answeredFast(url)).headers.connection).toBe('keep-alive');
  });
});
