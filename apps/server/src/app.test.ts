import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serverMessages } from '@tableserve/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem } from './test/orders';
import { ownerWithRestaurant } from './test/restaurants';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  // A stand-in build of the web app, to check how the server serves whatever Vite produced.
  webDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>TableServe</title><div id="root"></div>',
  );
  await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What the build's precompress step writes beside an asset, and its source map.
  await writeFile(path.join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  await writeFile(path.join(webDir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
  await writeFile(path.join(webDir, 'assets', 'index-abc123.js.map'), '{"sources":["src/secret.ts"]}');
  t = await createTestApp({ config: { webDistDir: webDir } });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the platform', () => {
  it('reports database reachability on /api/v1/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API paths with the JSON error shape and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: serverMessages.notFound, code: 'NOT_FOUND' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a request id sent by a proxy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'req-from-proxy' },
    });
    expect(response.headers['x-request-id']).toBe('req-from-proxy');
  });

  it('sends the pages their security headers, and the API the headers of answers no browser renders', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['referrer-policy']).toBe('no-referrer');

    const api = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['strict-transport-security']).toBe(page.headers['strict-transport-security']);
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy'])
      expect(api.headers[documentOnly], documentOnly).toBeUndefined();

    // The API's documentation is a page.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/auth/register',
        '/api/v1/auth/user/{user_id}',
        '/api/v1/health',
      ]),
    );
    expect(
      document.paths['/api/v1/auth/register'].post.requestBody.content['application/json'].schema.required,
    ).toContain('phone');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });

  it('decodes request bodies only where there is one: a GET ignores Content-Encoding', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'content-encoding': 'x-unknown' },
    });
    expect(get.statusCode).toBe(200);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'x-unknown' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x' }),
    });
    expect(post.statusCode).toBe(415);
    expect(post.json()).toMatchObject({ message: 'Unsupported Content-Encoding: x-unknown' });
  });

  it('rejects a body that is not JSON with a 4xx, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('Invalid body'),
    });
  });
});

describe('an unexpected failure', () => {
  it('is logged and answered with a plain 500 that leaks nothing', async () => {
    const failing = await createTestApp();
    const app = failing.app;
    app.get('/api/v1/test-only/explode', async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/test-only/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: serverMessages.internal, code: 'INTERNAL' });
    expect(response.body).not.toContain('hunter2');
    await failing.close();
  });
});

describe('the single-page app', () => {
  it('serves index.html for client routes, never cached', async () => {
    for (const url of ['/', '/login', '/menu-display?token=abc', '/customer/order-status']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("preloads the menu a diner's page will ask for, and nothing for a link that is not a menu's", async () => {
    const place = await ownerWithRestaurant(t, { number_of_tables: 4 });
    await addMenuItem(t, place, { item_name: 'Soup', price: 6 });
    const linkOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers.link;
    const preload = (search: string) =>
      `</api/v1/customer/display-menu/${place.token}${search}>; rel=preload; as=fetch; crossorigin=anonymous`;
    expect(await linkOf(`/menu-display?token=%20${place.token}%20`)).toBe(preload(''));
    // A table's code (ADR 013): the page asks with the table, so the preload does too.
    expect(await linkOf(`/menu-display?token=${place.token}&table=04`)).toBe(preload('?table=4'));
    for (const url of [
      '/menu-display',
      '/menu-display?token=a%3Eb%0D',
      '/cart?token=abc',
      // Menus that will not open: an unknown token, a table past the restaurant's 4, a bad table.
      '/menu-display?token=Ab-c_9',
      `/menu-display?token=${place.token}&table=5`,
      `/menu-display?token=${place.token}&table=x`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBeUndefined();
    }
    // A rotated token preloads nothing from the moment it is replaced.
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/menu/rotate-qr-token',
      headers: place.owner.auth,
      payload: { restaurant_id: place.restaurantId, token: place.token },
    });
    expect(await linkOf(`/menu-display?token=${place.token}`)).toBeUndefined();
    expect(await linkOf(`/menu-display?token=${rotated.json().token}&table=2`)).toContain('?table=2>');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed asset the browser accepts, brotli first, and says it varies', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('never serves the source maps', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret.ts');
  });

  it('compresses JSON answers above 1 KB, and leaves small ones alone', async () => {
    const docs = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toBeDefined();
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('serves a build published while it runs: its page and its new assets, at once', async () => {
    await writeFile(path.join(webDir, 'assets', 'index-new456.js'), 'console.log(2)');
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>TableServe</title><div id="root"></div><script src="/assets/index-new456.js"></script>',
    );
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-new456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/cart']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body).toContain('/assets/index-new456.js');
    }
    // The previous build's assets stay served beside it.
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
  });

  it('answers 404 for an asset that is not in this build, not the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
