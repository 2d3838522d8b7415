import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { routerErrorTitle } from '@tableserve/contract/messages';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PublishedBuild, prune, readHistory, STAGING_DIR } from '../../apps/web/build/publish';
import { seedDemo } from '../support/demo';
import { type Product, startProduct } from '../support/harness';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

let workDir: string;
/** The directory this run's server serves: a copy of the build, then the next builds published into it. */
let dist: string;
let product: Product;
let menuPath: string;
let firstBuild: PublishedBuild;
let secondBuild: PublishedBuild;
const diners: Array<{ context: BrowserContext; page: Page }> = [];

/** The build the server sends a page of now, named by its entry script. */
async function servedEntry(): Promise<string> {
  const html = await (await fetch(`${product.baseUrl}/cart`)).text();
  return html.match(/<script type="module"[^>]* src="([^"]+)"/)![1]!;
}

const entryOf = (build: PublishedBuild) =>
  `/${build.files.find((file) => /^assets\/index-[\w-]+\.js$/.test(file))}`;
/** A route's own chunk: `cart-<hash>.js`, not `cart-pricing-<hash>.js`. */
const routeChunk = (build: PublishedBuild, route: string) =>
  build.files.find((file) => new RegExp(`^assets/${route}-[\\w-]{8}\\.js$`).test(file))!;

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 });
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillSamePage = (page: Page) => page.evaluate(() => 'notReloaded' in window);

/** A diner on the menu with two pizzas and a tiramisu in the cart ($41.50), counting the page's loads. */
async function dinerWithCart() {
  const context = await product.newContext({ phone: true });
  const page = await context.newPage();
  await page.goto(menuPath);
  // Not expect.poll: this runs in beforeAll too.
  await page.getByText('Trattoria Demo').first().waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Add Margherita Pizza' }).click();
  await page.getByRole('button', { name: 'Add one more Margherita Pizza' }).click();
  await page.getByRole('button', { name: 'Add Tiramisu' }).click();
  await markPage(page);
  diners.push({ context, page });
  return page;
}

/** Its next page: the cart, with what the diner put in it, then the checkout. */
async function cartThenCheckout(page: Page) {
  await page.getByRole('button', { name: /^Cart, / }).click();
  await page.waitForURL('**/cart');
  await visible(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBe(true);
  await visible(page.getByText('$41.50')).toBe(true);
  expect(await page.getByText('Margherita Pizza').count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL('**/customer_details');
  await visible(page.getByRole('button', { name: /Login as Guest/ })).toBe(true);
}

/** Counts the full loads of `page` from now on: a client-side navigation is none, a reload one. */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => loads.count++);
  return loads;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-deploy-'));
  dist = path.join(workDir, 'dist');
  await cp(path.join(repositoryRoot, 'apps/web/dist'), dist, {
    recursive: true,
    filter: (source) => path.basename(source) !== STAGING_DIR,
  });
  product = await startProduct({ env: { WEB_DIST_DIR: dist } });
  const demo = await seedDemo(product);
  menuPath = new URL(demo.menuUrl).pathname + new URL(demo.menuUrl).search;

  // Two phones open the menu on the first build and fill their carts.
  await dinerWithCart();
  await dinerWithCart();

  // A deploy: a real second build, published into the directory the server serves, under the
  // open pages. Minified by esbuild instead of terser, so that every chunk gets a new hash, as
  // a change to the shared code would. Slow (about a minute on two cores), hence run once here.
  await promisify(execFile)('npm', ['run', 'build', '-w', 'apps/web', '--', '--minify', 'esbuild'], {
    cwd: repositoryRoot,
    env: { ...process.env, WEB_DIST_DIR: dist },
  });
  [firstBuild, secondBuild] = (await readHistory(dist)).slice(-2) as [PublishedBuild, PublishedBuild];
}, 600_000);

afterAll(async () => {
  for (const { context } of diners) await context.close();
  await product?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('a deploy under open pages, on a 390-px phone', () => {
  it('the second build is live, and every chunk of the first is still there', async () => {
    expect(secondBuild.id).not.toBe(firstBuild.id);
    expect(await servedEntry()).toBe(entryOf(secondBuild));
    expect(routeChunk(secondBuild, 'cart')).not.toBe(routeChunk(firstBuild, 'cart'));
    const missing = firstBuild.files.filter((file) => !existsSync(path.join(dist, file)));
    expect(missing).toEqual([]);
  });

  it("a page opened before it goes on to the cart and checkout on its own build's chunks, cart intact, no reload", async () => {
    const { page } = diners[0]!;
    const loads = countLoads(page);
    const assets: Array<{ url: string; status: number }> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/'))
        assets.push({ url: new URL(response.url()).pathname, status: response.status() });
    });

    await cartThenCheckout(page);

    expect(await stillSamePage(page)).toBe(true);
    expect(loads.count).toBe(0);
    expect(assets.map(({ url }) => url)).toContain(`/${routeChunk(firstBuild, 'cart')}`);
    expect(assets.filter(({ status }) => status >= 400)).toEqual([]);
  });

  it('a page whose build was pruned reloads once onto the new build at its next page, cart intact', async () => {
    const { page } = diners[1]!;
    await prune(dist, await readHistory(dist), new Date(), { builds: 1, days: 0 });
    expect((await fetch(`${product.baseUrl}/${routeChunk(firstBuild, 'cart')}`)).status).toBe(404);
    const loads = countLoads(page);

    await cartThenCheckout(page);

    expect(await stillSamePage(page)).toBe(false);
    expect(loads.count).toBe(1);
    expect(
      await page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src')),
    ).toBe(entryOf(secondBuild));
  });

  it('a chunk missing from the live build itself reloads once, then shows the error page instead of looping', async () => {
    for (const extension of ['', '.br', '.gz'])
      await rm(path.join(dist, routeChunk(secondBuild, 'cart') + extension), { force: true });
    const page = await dinerWithCart();
    const loads = countLoads(page);

    await page.getByRole('button', { name: /^Cart, / }).click();
    await page.waitForURL('**/cart');
    await visible(page.getByRole('heading', { name: routerErrorTitle })).toBe(true);

    expect(loads.count).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('currentCart'))).not.toBeNull();
  });
});
