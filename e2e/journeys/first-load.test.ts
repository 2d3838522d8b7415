import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../support/harness';
import { newVerifiedOwner, type OwnerLogin } from '../support/owners';

let product: Product;
let owner: OwnerLogin;
beforeAll(async () => {
  product = await startProduct();
  owner = await newVerifiedOwner(product);
});
afterAll(async () => {
  await product?.stop();
});

/** Every script the page asks for, by path, as it asks. */
function scriptsAskedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

/**
 * The scripts the page's HTML names as the server sent it: its entry and the chunks it preloads
 * (not the live document, where Vite's loader adds a preload for each chunk it imports late).
 */
const scriptsInHtml = (html: string) =>
  [...html.matchAll(/<(?:script[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)].map(
    ([, src]) => new URL(src!, 'http://localhost').pathname,
  );

/**
 * docs/performance.md: the pages painted at build time name in their HTML every chunk they need,
 * so a phone fetches them beside the entry instead of a round trip later, once the entry has run.
 */
describe('the landing and login pages load their code with the page, on a 390-px phone', () => {
  for (const path of ['/', '/login']) {
    it(`${path} asks for no script its HTML does not name, and for every one it names`, async () => {
      const context = await product.newContext({ phone: true });
      const page = await context.newPage();
      const asked = scriptsAskedFor(page);
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      const named = scriptsInHtml((await response?.text()) ?? '');
      expect(named.length).toBeGreaterThan(1);
      expect(asked.toSorted()).toEqual(named.toSorted());
      await context.close();
    });
  }

  it('fetches the code that signs in once the owner starts on the form, and logs in', async () => {
    const context = await product.newContext({ phone: true });
    const page = await context.newPage();
    const asked = scriptsAskedFor(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    const firstLoad = asked.length;
    // Log in is enabled once the app has hydrated.
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isEnabled()).toBe(true);
    expect(asked).toHaveLength(firstLoad);

    await page.getByLabel('Email').fill(owner.email);
    await expect.poll(() => asked.length).toBeGreaterThan(firstLoad);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // A new owner has no subscription yet: the status call, in the code fetched late, routes them.
    await page.waitForURL('**/select-subscription');
    await context.close();
  });
});
