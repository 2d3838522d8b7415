import { mkdir, readFile } from 'node:fs/promises';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import type { DemoInfo } from '@tableserve/server/seed';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../support/demo';
import { checkoutFromMenu, continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';
import { logIn, ownerToken } from '../support/owners';
import {
  answeredAt,
  currentStep,
  cutOffControls,
  horizontalOverflow,
  markPage,
  openOwnerTabs,
  parseCsv,
  placeOrderAnswer,
  staffPaths,
  staffScreenLive,
  stillSamePage,
  visibleAt,
} from '../support/staff';

let product: Product;
let demo: DemoInfo;

beforeAll(async () => {
  product = await startProduct();
  demo = await seedDemo(product);
});
afterAll(async () => {
  await product?.stop();
});

/** docs/decisions/010-staff-screens-beyond-the-spec.md: a new order is on every staff screen within a second; the rest is a loaded CI machine's. */
const LIVE_BUDGET_MS = 1500;
const SHOTS = '/tmp/shots';

const visible = (page: Page, text: string | RegExp, timeout = 15_000) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout });

const ownerLogin = () => ({ email: demo.email, password: demo.password });

/** A guest on a phone fills a cart from the QR code's menu for a table, up to Submit Order. */
async function guestReadyToOrder(page: Page, table: string) {
  const menu = new URL(demo.menuUrl);
  await page.goto(menu.pathname + menu.search);
  await visible(page, 'Trattoria Demo').toBe(true);
  await page.getByRole('button', { name: 'Add Margherita Pizza' }).click();
  await page.getByRole('button', { name: 'Add one more Margherita Pizza' }).click();
  await page.getByRole('button', { name: 'Add Tiramisu' }).click();
  await checkoutFromMenu(page);
  await continueAsGuest(page, { email: 'lena@guest.example', name: 'Lena Diner', phone: '415-555-0177' });
  await page.getByText('Dine In', { exact: true }).click();
  await page.getByLabel('Table number').selectOption(table);
}

/** Where each staff screen shows one customer's order. */
function orderOnScreens(screens: { summary: Page; management: Page; kitchen: Page }, customer: string) {
  return {
    summary: screens.summary.getByRole('row').filter({ hasText: customer }),
    management: screens.management.getByRole('article').filter({ hasText: customer }),
    kitchen: screens.kitchen.getByRole('article').filter({ hasText: customer }),
  };
}

/**
 * Clicks what places an order, and checks that the order is visible on every screen within the
 * budget, counted from the moment the placing page had the server's 201. Returns the order's id.
 */
async function placedAndSeen(placing: Page, place: () => Promise<void>, where: Record<string, Locator>) {
  const answer = placeOrderAnswer(placing);
  const seen = Promise.all(
    Object.entries(where).map(
      async ([screen, locator]) => [screen, await visibleAt(locator, 15_000)] as const,
    ),
  );
  await place();
  const response = await answer;
  expect(response.status()).toBe(201);
  const { order_id: orderId } = (await response.json()) as { order_id: number };
  const acknowledged = await answeredAt(response);
  for (const [screen, at] of await seen)
    expect(at - acknowledged, `ms from the 201 to the order on ${screen}`).toBeLessThanOrEqual(
      LIVE_BUDGET_MS,
    );
  return orderId;
}

describe('running service: a diner on a phone, the owner on a desktop', () => {
  it('orders reach every staff screen within a second, move through approve, ready and paid live, and show in the daily sales', async () => {
    const ownerContext = await product.newContext({ acceptDownloads: true });
    const screens = await openOwnerTabs(ownerContext, ownerLogin(), [
      'summary',
      'management',
      'kitchen',
      'placeOrder',
    ]);
    const { summary, management, kitchen, placeOrder } = screens;
    await visible(summary, ownerOrderMessages.noOrders).toBe(true);

    // The diner's phone, side by side with the owner's desktop.
    const dinerContext = await product.newContext({ phone: true });
    const diner = await dinerContext.newPage();
    await guestReadyToOrder(diner, '5');

    // The new order appears on all three screens without a reload, within the budget.
    const lena = orderOnScreens(screens, 'Lena Diner');
    const orderId = await placedAndSeen(
      diner,
      () => diner.getByRole('button', { name: 'Submit Order' }).click(),
      lena,
    );
    const orderLabel = `Order #${orderId}`;
    expect(await management.getByRole('article', { name: orderLabel }).textContent()).toContain('Lena Diner');
    expect(await lena.kitchen.getAttribute('aria-label')).toBe(orderLabel);
    expect(await lena.summary.textContent()).toContain(orderLabel);
    expect(await lena.summary.textContent()).toContain('$41.50');

    await diner.waitForURL('**/customer/order-status**');
    expect(Number(new URL(diner.url()).searchParams.get('orderId'))).toBe(orderId);
    await expect.poll(() => currentStep(diner), { timeout: 15_000 }).toContain('Order Received');
    await markPage(diner);

    // Order Management approves it; the diner's page and the other screens follow.
    await lena.management.getByRole('button', { name: ownerOrderMessages.approve }).click();
    await expect.poll(() => currentStep(diner), { timeout: 10_000 }).toContain('Order Confirmed');
    await expect.poll(() => lena.kitchen.textContent(), { timeout: 10_000 }).toContain('Approved');
    await expect.poll(() => lena.summary.textContent(), { timeout: 10_000 }).toContain('Approved');

    // The kitchen marks it ready.
    await lena.kitchen.getByRole('button', { name: ownerOrderMessages.markReady }).click();
    await expect.poll(() => currentStep(diner), { timeout: 10_000 }).toContain('Ready');
    await expect.poll(() => lena.management.textContent(), { timeout: 10_000 }).toContain('Ready');

    // Order Summary marks it paid.
    await lena.summary.getByRole('button', { name: new RegExp(ownerOrderMessages.markPaid) }).click();
    await expect.poll(() => currentStep(diner), { timeout: 10_000 }).toContain('Complete');
    await expect
      .poll(() => summary.getByRole('status', { name: 'Paid Orders' }).textContent(), { timeout: 10_000 })
      .toContain('1');
    // The kitchen moves the paid order off its board, into 'Done today'.
    await expect.poll(() => lena.kitchen.count(), { timeout: 10_000 }).toBe(0);
    await kitchen.getByText('Done today').click();
    await expect
      .poll(() => kitchen.getByRole('article', { name: orderLabel }).textContent(), { timeout: 10_000 })
      .toContain('Completed');

    // A walk-in order from the owner's Place Order form, in its own tab, appears the same way.
    const form = placeOrder.getByRole('form', { name: 'Place order' });
    await form.getByLabel('Customer name').fill('Walk-in Wendy');
    await form.getByLabel('Phone number').fill('5035550199');
    const item = form.getByLabel('Item 1', { exact: true });
    const tiramisu = item.locator('option', { hasText: 'Tiramisu' });
    await item.selectOption((await tiramisu.getAttribute('value'))!);
    await form.getByLabel('Item 1 Quantity').selectOption('2');
    const wendy = orderOnScreens(screens, 'Walk-in Wendy');
    const walkInId = await placedAndSeen(
      placeOrder,
      () => form.getByRole('button', { name: ownerOrderMessages.placeOrder }).click(),
      wendy,
    );
    await visible(placeOrder, 'Order placed successfully').toBe(true);
    expect(await wendy.kitchen.getAttribute('aria-label')).toBe(`Order #${walkInId}`);
    expect(await wendy.summary.textContent()).toContain('$19.00');
    await expect
      .poll(() => summary.getByRole('status', { name: 'Total Orders' }).textContent(), { timeout: 10_000 })
      .toContain('2');

    for (const page of [summary, management, kitchen, diner]) expect(await stillSamePage(page)).toBe(true);

    // The daily sales popup lists both orders, one row each; revenue counts the paid one.
    await summary.getByRole('button', { name: ownerOrderMessages.salesReport }).click();
    await summary.getByRole('button', { name: ownerOrderMessages.viewReport }).click();
    const report = summary.getByRole('dialog');
    const rows = report.getByRole('row').filter({ has: summary.getByRole('cell') });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    const cells = async (row: Locator) =>
      (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
    const byId = new Map<string, string[]>();
    for (const row of await rows.all()) {
      const texts = await cells(row);
      byId.set(texts[0]!, texts);
    }
    expect(byId.get(`#${orderId}`)?.slice(0, 4)).toEqual([`#${orderId}`, '5', 'Completed', '$41.50']);
    expect(byId.get(`#${walkInId}`)?.slice(0, 4)).toEqual([
      `#${walkInId}`,
      ownerOrderMessages.pickUp,
      'Pending',
      '$19.00',
    ]);
    const figures = (await report.textContent()) ?? '';
    expect(figures).toMatch(new RegExp(`${ownerOrderMessages.totalRevenue}\\s*\\$41\\.50`));
    expect(figures).toMatch(new RegExp(`${ownerOrderMessages.totalOrders}\\s*2`));

    // …and so does its CSV.
    const download = summary.waitForEvent('download');
    await report.getByRole('button', { name: ownerOrderMessages.exportCsv }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Daily_Sales_\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = parseCsv((await readFile((await file.path())!, 'utf8')).trim());
    expect(header).toEqual([...ownerOrderMessages.salesCsvColumns]);
    expect(lines).toHaveLength(2);
    const csv = new Map(lines.map((line) => [line[0], line]));
    expect(csv.get(String(orderId))?.slice(0, 4)).toEqual([String(orderId), '5', 'Completed', '41.50']);
    expect(csv.get(String(walkInId))?.slice(0, 4)).toEqual([
      String(walkInId),
      ownerOrderMessages.pickUp,
      'Pending',
      '19.00',
    ]);
    for (const line of lines) expect(line[4]).toMatch(/\d{4}, \d{1,2}:\d{2}/);

    await dinerContext.close();
    await ownerContext.close();
  }, 150_000);

  it('the kitchen reads at arm’s length on a 768-px tablet, and every staff screen fits a 390-px phone', async () => {
    await mkdir(SHOTS, { recursive: true });
    // Something to cook, with a note and several lines, placed as a walk-in through the API.
    const { userId, headers } = await ownerToken(product, ownerLogin());
    const restaurants = await product.app.inject({
      url: `/api/v1/restaurant/search-restaurants?query=${encodeURIComponent('Trattoria Demo')}`,
    });
    const restaurantId = restaurants.json().restaurants[0].restaurant_id as number;
    const placed = await product.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers,
      payload: await walkInPayload(restaurantId, userId, headers),
    });
    expect(placed.statusCode).toBe(201);

    // The kitchen on a tablet held upright.
    const tablet = await product.newContext({
      viewport: { width: 768, height: 1024 },
      isMobile: true,
      hasTouch: true,
    });
    const kitchen = await tablet.newPage();
    await logIn(kitchen, ownerLogin());
    await kitchen.waitForURL(`**${staffPaths.summary}`);
    await kitchen.goto(staffPaths.kitchen);
    await staffScreenLive(kitchen);
    const button = kitchen.getByRole('button', { name: ownerOrderMessages.markReady }).first();
    await expect.poll(() => button.isVisible(), { timeout: 10_000 }).toBe(true);
    await kitchen.screenshot({ path: `${SHOTS}/kitchen-768.png`, fullPage: true });
    expect(await horizontalOverflow(kitchen)).toBeLessThanOrEqual(0);
    expect(await cutOffControls(kitchen)).toEqual([]);
    const width = await kitchen.evaluate(() => window.innerWidth);
    for (const card of await kitchen.getByRole('article').all()) {
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Readable from a metre away: a card wide enough for its lines, a big order number.
      expect(box.width).toBeGreaterThanOrEqual(300);
    }
    const buttonBox = (await button.boundingBox())!;
    expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(width);
    expect(buttonBox.height).toBeGreaterThanOrEqual(44);
    const numberSize = await kitchen
      .getByRole('article')
      .first()
      .locator('h3 [aria-hidden]')
      .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(numberSize).toBeGreaterThanOrEqual(32);
    await tablet.close();

    // Every staff screen on a 390-px phone: nothing wider than the window.
    const phone = await product.newContext({ phone: true });
    const page = await phone.newPage();
    await logIn(page, ownerLogin());
    await page.waitForURL(`**${staffPaths.summary}`);
    for (const [screen, path] of Object.entries(staffPaths)) {
      if (page.url().endsWith(path)) await page.reload();
      else await page.goto(path);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      if (screen !== 'placeOrder') await staffScreenLive(page);
      else await expect.poll(() => page.getByRole('form', { name: 'Place order' }).isVisible()).toBe(true);
      await page.screenshot({ path: `${SHOTS}/${screen}-390.png`, fullPage: true });
      expect({ screen, overflow: await horizontalOverflow(page) }).toEqual({ screen, overflow: 0 });
      expect({ screen, cut: await cutOffControls(page) }).toEqual({ screen, cut: [] });
    }
    // The sales report popup, too.
    await page.goto(staffPaths.summary);
    await page.getByRole('button', { name: ownerOrderMessages.salesReport }).click();
    await page.getByRole('button', { name: ownerOrderMessages.viewReport }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('list', { name: 'Orders of the day' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/sales-report-390.png` });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await cutOffControls(page)).toEqual([]);
    await phone.close();
  }, 120_000);
});

/** Three lines and a kitchen note, priced by the server from the restaurant's menu. */
async function walkInPayload(restaurantId: number, userId: number, headers: Record<string, string>) {
  const response = await product.app.inject({ url: `/api/v1/menu/get-menu-items/${restaurantId}`, headers });
  expect(response.statusCode).toBe(200);
  const items = response.json().data as Array<{ menu_id: number; item_name: string }>;
  const idOf = (name: string) => items.find((entry) => entry.item_name === name)!.menu_id;
  return {
    restaurant_id: restaurantId,
    user_id: userId,
    customer_name: 'Tablet Tom',
    phone_number: '5035550123',
    total_amount: 0,
    other_order_details: 'No basil on the pizza, please; the risotto extra hot.',
    items: [
      { menu_id: idOf('Margherita Pizza'), quantity: 1 },
      { menu_id: idOf('Mushroom Risotto'), quantity: 2 },
      { menu_id: idOf('Fresh Lemonade'), quantity: 3 },
    ],
  };
}
