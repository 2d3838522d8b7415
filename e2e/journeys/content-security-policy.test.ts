import type { DemoInfo } from '@tableserve/server/seed';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../support/demo';
import { checkoutFromMenu, continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';

/**
 * Outside testing (SECURITY.md): the pages run under the server's Content-Security-Policy (no
 * 'unsafe-eval') without a single violation. zod used to probe whether it may compile with
 * `new Function` on every page that builds a schema: blocked, so harmless, but each load logged a
 * violation and would have sent a CSP report.
 */

let product: Product;
let demo: DemoInfo;

beforeAll(async () => {
  product = await startProduct();
  demo = await seedDemo(product);
});
afterAll(async () => {
  await product?.stop();
});

/** Every violation a page of `context` reports, as 'directive blocked-uri', across navigations. */
async function recordViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportViolation', (_source, violation: string) => {
    violations.push(violation);
  });
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.effectiveDirective} ${event.blockedURI}`,
      ),
    ),
  );
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 });

describe('the Content-Security-Policy, in Chromium', () => {
  it('the diner’s menu, cart and checkout report no violation', async () => {
    const context = await product.newContext({ phone: true });
    const violations = await recordViolations(context);
    const page = await context.newPage();
    const menu = new URL(demo.menuUrl);
    await page.goto(menu.pathname + menu.search);
    await visible(page, 'Trattoria Demo').toBe(true);
    await page.getByRole('button', { name: 'Add Tiramisu' }).click();
    await checkoutFromMenu(page);
    // The checkout page loaded afresh, as a diner's reload does, then used: its forms parse with zod.
    await page.reload();
    await continueAsGuest(page, { email: 'csp@guest.example', name: 'Ada Guest', phone: '415-555-0142' });
    expect(violations).toEqual([]);
    await context.close();
  });

  it('the other pages that use zod report no violation either', async () => {
    const context = await product.newContext();
    const violations = await recordViolations(context);
    const page = await context.newPage();
    for (const path of ['/login', '/register', '/select-subscription', '/contact', '/track-order']) {
      // Loaded afresh each: zod probed once per document.
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    }
    expect(violations).toEqual([]);
    await context.close();
  });
});
