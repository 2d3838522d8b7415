import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem } from '../test/orders';
import { ownerWithRestaurant } from '../test/restaurants';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let webDir: string;
let place: Awaited<ReturnType<typeof ownerWithRestaurant>>;

const INDEX = '<!doctype html><title>TableServe</title><div id="root"></div>';

/**
 * A stand-in for the web build's server entry (apps/web/src/app/entry-server.tsx): it answers
 * what it was asked to paint, so a test reads what the server handed it; `published` tells two
 * builds apart.
 */
async function publishEntry(published: string, modifiedAt: Date) {
  const file = path.join(webDir, '.ssr', 'entry-server.js');
  await writeFile(
    file,
    `let paintings = 0;
    export async function renderPage(url, template, menuJson) {
      if (menuJson?.includes('Explodes')) throw new Error('cannot paint');
      paintings += 1;
      return JSON.stringify({ published: ${JSON.stringify(published)}, paintings, url, template, menuJson });
    }`,
  );
  await utimes(file, modifiedAt, modifiedAt);
}

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-web-'));
  await mkdir(path.join(webDir, '.ssr', 'pages'), { recursive: true });
  await writeFile(path.join(webDir, 'index.html'), INDEX);
  await writeFile(path.join(webDir, '.ssr', 'pages', 'landing.html'), '<p>The landing page, painted</p>');
  await writeFile(path.join(webDir, '.ssr', 'pages', 'login.html'), '<p>The login page, painted</p>');
  await publishEntry('first', new Date('2026-11-01T12:00:00Z'));
  t = await createTestApp({ config: { webDistDir: webDir } });
  place = await ownerWithRestaurant(t, { number_of_tables: 4 });
  await addMenuItem(t, place, { item_name: 'Soup </script> \u2028', price: 6 });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const painted = (body: string) =>
  JSON.parse(body) as {
    published: string;
    paintings: number;
    url: string;
    template: string;
    menuJson: string;
  };

describe('pages painted on the server (docs/performance.md)', () => {
  it("paints a diner's menu from the answer its own call would get, into index.html, without a preload", async () => {
    const menuUrl = `/menu-display?token=${place.token}&table=2`;
    const response = await get(menuUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.link).toBeUndefined();
    const call = await get(`/api/v1/customer/display-menu/${place.token}?table=2`);
    expect(painted(response.body)).toEqual({
      published: 'first',
      paintings: 1,
      url: menuUrl,
      template: INDEX,
      menuJson: call.body,
    });
  });

  it('paints a menu once per version of it: again after an edit, not for another link to the same menu', async () => {
    const menuUrl = `/menu-display?token=${place.token}`;
    const first = painted((await get(menuUrl)).body);
    // A link with more in it (a campaign's tag) is the same page.
    expect(painted((await get(`${menuUrl}&utm_source=flyer`)).body)).toEqual(first);
    await addMenuItem(t, place, { item_name: 'Bread', price: 3 });
    const edited = painted((await get(`${menuUrl}&utm_source=flyer`)).body);
    expect(edited.paintings).toBe(first.paintings + 1);
    expect(edited.url).toBe(menuUrl);
    expect(edited.menuJson).toBe((await get(`/api/v1/customer/display-menu/${place.token}`)).body);
    expect(JSON.parse(edited.menuJson).menu.map((item: { item_name: string }) => item.item_name)).toContain(
      'Bread',
    );
  });

  it('sends a painted page compressed with its painting, in the encoding the phone prefers', async () => {
    const menuUrl = `/menu-display?token=${place.token}`;
    const plain = await get(menuUrl);
    const asked = (acceptEncoding: string) =>
      t.app.inject({ method: 'GET', url: menuUrl, headers: { 'accept-encoding': acceptEncoding } });
    const br = await asked('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    // Brotli's best, as the build's own pages: made once with the painting, not per request.
    const bestBrotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };
    expect(br.rawPayload.equals(zlib.brotliCompressSync(plain.rawPayload, bestBrotli))).toBe(true);
    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    // Still the one painting.
    expect(painted(plain.body).paintings).toBe(painted((await get(menuUrl)).body).paintings);
  });

  it('sends the plain page for a menu that does not open, and index.html for other pages', async () => {
    for (const url of [
      '/menu-display?token=Ab-c_9',
      `/menu-display?token=${place.token}&table=5`,
      '/menu-display',
      '/dashboard',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers.link, url).toBeUndefined();
    }
  });

  it('sends the page the build prerendered for / and /login, and index.html for a page it has none of', async () => {
    expect((await get('/?ref=flyer')).body).toBe('<p>The landing page, painted</p>');
    expect((await get('/login?next=%2Fdashboard')).body).toBe('<p>The login page, painted</p>');
    expect((await get('/register')).body).toBe(INDEX);
  });

  it('paints with the entry and the menu template of a build published while the server runs', async () => {
    // The build's menu template: index.html with the menu's chunks preloaded (apps/web/build/server-entry.ts).
    const template = INDEX.replace(
      '<div',
      '<link rel="modulepreload" crossorigin href="/assets/menu.js"><div',
    );
    await mkdir(path.join(webDir, '.ssr', 'templates'), { recursive: true });
    await writeFile(path.join(webDir, '.ssr', 'templates', 'menu-display.html'), template);
    await publishEntry('second', new Date('2026-11-02T12:00:00Z'));
    const page = painted((await get(`/menu-display?token=${place.token}`)).body);
    expect(page.published).toBe('second');
    expect(page.template).toBe(template);
  });

  it('falls back to the plain page with the menu preloaded when painting fails', async () => {
    const other = await ownerWithRestaurant(t);
    await addMenuItem(t, other, { item_name: 'Explodes', price: 6 });
    const response = await get(`/menu-display?token=${other.token}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers.link).toBe(
      `</api/v1/customer/display-menu/${other.token}>; rel=preload; as=fetch; crossorigin=anonymous`,
    );
  });
});
