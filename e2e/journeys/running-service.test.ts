import { readFile } from 'node:fs/promises';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { type DemoInfo, seedDemoData } from '@tableserve/server/seed';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';
import { logIn } from '../support/owners';

let product: Product;
let demo: DemoInfo;

beforeAll(async () => {
  product = await startProduct();
  const seeded = await seedDemoData(product.app.database.db, { publicUrl: product.baseUrl });
  if (!seeded) throw new Error('the demo restaurant was not seeded');
  demo = seeded;
});
afterAll(async () => {
  await product?.stop();
});

const visible = (page: Page, text: string | RegExp, timeout = 15_000) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout });

/** Marks the page, so a later check can tell that it was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillSamePage = (page: Page) => page.evaluate(() => 'notReloaded' in window);

const currentStep = (page: Page) =>
  page.locator('ol[aria-label="Order progress"] li[aria-current="step"]').textContent();

/** The owner's dashboard pages side by side, as tabs of one signed-in browser. */
async function ownerTabs(context: BrowserContext) {
  const summary = await context.newPage();
  await logIn(summary, { email: demo.email, password: demo.password });
  await summary.waitForURL('**/dashboard/order-summary');
  // sessionStorage is per tab: the other tabs start from this tab's session, as "open in new tab" does.
  const session = await summary.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  await context.addInitScript((entries: string) => {
    for (const [key, value] of JSON.parse(entries) as [string, string][]) sessionStorage.setItem(key, value);
  }, session);
  const management = await context.newPage();
  await management.goto('/dashboard/order-management');
  const kitchen = await context.newPage();
  await kitchen.goto('/dashboard/kitchen-management');
  for (const page of [summary, management, kitchen]) {
    await expect
      .poll(() => page.getByText('Live', { exact: true }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await markPage(page);
  }
  return { summary, management, kitchen };
}

/** A guest on a phone orders from the QR code's menu for a table, and lands on the live status page. */
async function guestOrders(page: Page, table: string) {
  const menu = new URL(demo.menuUrl);
  await page.goto(menu.pathname + menu.search);
  await visible(page, 'Trattoria Demo').toBe(true);
  await page.getByRole('button', { name: 'Add Margherita Pizza' }).click();
  await page.getByRole('button', { name: 'Add one more Margherita Pizza' }).click();
  await page.getByRole('button', { name: 'Add Tiramisu' }).click();
  await page.getByRole('button', { name: /^Cart, / }).click();
  await page.waitForURL('**/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL('**/customer_details');
  await continueAsGuest(page, { email: 'lena@guest.example', name: 'Lena Diner', phone: '415-555-0177' });
  await page.getByText('Dine In', { exact: true }).click();
  await page.getByLabel('Table number').selectOption(table);
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await page.waitForURL('**/customer/order-status**');
  await expect.poll(() => currentStep(page), { timeout: 15_000 }).toContain('Order Received');
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

describe('running service: a diner on a phone, the owner on a desktop', () => {
  it('the order reaches every staff screen live, moves through approve, ready and paid, and shows in the daily sales', async () => {
    const ownerContext = await product.newContext({ acceptDownloads: true });
    const { summary, management, kitchen } = await ownerTabs(ownerContext);
    await visible(summary, ownerOrderMessages.noOrders).toBe(true);

    const dinerContext = await product.newContext({ phone: true });
    const diner = await dinerContext.newPage();
    const orderId = await guestOrders(diner, '5');
    await markPage(diner);

    // The new order appears on all three screens without a reload.
    const orderLabel = `Order #${orderId}`;
    for (const page of [summary, management, kitchen]) await visible(page, orderLabel, 5000).toBe(true);
    await visible(summary, 'Lena Diner').toBe(true);

    // Order Management approves it; the diner's page follows.
    const card = management.getByRole('article', { name: orderLabel });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => currentStep(diner), { timeout: 10_000 }).toContain('Order Confirmed');

    // The kitchen marks it ready.
    const ticket = kitchen.getByRole('article', { name: orderLabel });
    await ticket.getByRole('button', { name: ownerOrderMessages.markReady }).click();
    await expect.poll(() => currentStep(diner), { timeout: 10_000 }).toContain('Ready');

    // Order Summary marks it paid.
    const row = summary.getByRole('row', { name: new RegExp(orderLabel) });
    await row.getByRole('button', { name: new RegExp(ownerOrderMessages.markPaid) }).click();
    await expect.poll(() => currentStep(diner), { timeout: 10_000 }).toContain('Complete');
    await expect
      .poll(() => summary.getByRole('status', { name: 'Paid Orders' }).textContent(), { timeout: 10_000 })
      .toContain('1');

    // A walk-in order from the owner's Place Order form appears the same way.
    await management.getByRole('link', { name: ownerOrderMessages.placeOrder }).click();
    await management.waitForURL('**/dashboard/place-order');
    const form = management.getByRole('form', { name: 'Place order' });
    await form.getByLabel('Customer name').fill('Walk-in Wendy');
    await form.getByLabel('Phone number').fill('5035550199');
    const tiramisu = form.getByLabel('Item 1', { exact: true }).locator('option', { hasText: 'Tiramisu' });
    await form.getByLabel('Item 1', { exact: true }).selectOption((await tiramisu.getAttribute('value'))!);
    await form.getByLabel('Item 1 Quantity').selectOption('2');
    await form.getByRole('button', { name: ownerOrderMessages.placeOrder }).click();
    await visible(management, 'Order placed successfully').toBe(true);
    for (const page of [summary, kitchen]) await visible(page, 'Walk-in Wendy', 5000).toBe(true);

    for (const page of [summary, kitchen, diner]) expect(await stillSamePage(page)).toBe(true);

    // The daily sales popup and its CSV show both orders; revenue counts the paid one.
    await summary.getByRole('button', { name: ownerOrderMessages.salesReport }).click();
    await summary.getByRole('button', { name: ownerOrderMessages.viewReport }).click();
    const report = summary.getByRole('dialog');
    await expect.poll(() => report.textContent(), { timeout: 10_000 }).toContain(`${orderId}`);
    const text = (await report.textContent()) ?? '';
    expect(text).toContain('$41.50');
    const download = summary.waitForEvent('download');
    await report.getByRole('button', { name: ownerOrderMessages.exportCsv }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Daily_Sales_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(csv[0]).toBe(ownerOrderMessages.salesCsvColumns.join(','));
    expect(csv).toHaveLength(3);
    expect(csv.some((line) => line.startsWith(`${orderId},5,Completed,41.50`))).toBe(true);

    await dinerContext.close();
    await ownerContext.close();
  });
});
