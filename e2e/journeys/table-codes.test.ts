import { customerMenuMessages } from '@tableserve/contract/customer-menu';
import { qrMessages } from '@tableserve/contract/menu';
import type { DemoInfo } from '@tableserve/server/seed';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { demoRestaurantId, seedDemo } from '../support/demo';
import { type Product, startProduct } from '../support/harness';
import { logIn, ownerToken } from '../support/owners';

let product: Product;
let demo: DemoInfo;
let restaurantId: number;
let ownerHeaders: { authorization: string };
let owner: BrowserContext;
let ownerPage: Page;

const TABLES = 12;
const TABLET = { width: 1024, height: 768 };

beforeAll(async () => {
  product = await startProduct();
  demo = await seedDemo(product);
  ownerHeaders = (await ownerToken(product, { email: demo.email, password: demo.password })).headers;
  restaurantId = await demoRestaurantId(product);
  // bypassCSP lets the axe-core checks inject their script (support/axe.ts).
  owner = await product.newContext({ viewport: TABLET, hasTouch: true, bypassCSP: true });
  ownerPage = await owner.newPage();
});
afterAll(async () => {
  await product?.stop();
});

const visible = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 15_000 });

/** What a phone's camera reads from a code on the screen. */
async function scan(code: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await code.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const tableCode = (page: Page, table: number) =>
  page.getByRole('img', { name: `QR code that opens the menu at Table ${table}` });

/** The path and query a scanned link opens on this run's server. */
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

/** A diner's phone holding a login from an earlier visit that is still valid. */
async function returningDinersPhone(): Promise<BrowserContext> {
  const created = await product.app.inject({
    method: 'POST',
    url: '/api/v1/customer/create',
    payload: {
      customer_name: 'Rosa Returning',
      email: 'rosa@diner.example',
      password: 'rosa password 1',
      phone_number: '5125550199',
      restaurant_id: restaurantId,
    },
  });
  expect(created.statusCode).toBe(201);
  const { token, ...customer } = created.json().data;
  const context = await product.newContext({ phone: true, bypassCSP: true });
  // As the app stored them at that earlier login (docs/product/web-app.md#client-storage, CustomerToken).
  await context.addInitScript(
    ([data, bearer]) => {
      if (localStorage.getItem('CustomerToken')) return;
      localStorage.setItem('customerData', data);
      localStorage.setItem('CustomerToken', bearer);
    },
    [JSON.stringify(customer), token] as const,
  );
  return context;
}

let tableThreeLink: string;

describe('table codes (docs/decisions/013-table-codes.md)', () => {
  it("the owner's QR page shows a card per table on a tablet; each code opens the menu at its table", async () => {
    await logIn(ownerPage, { email: demo.email, password: demo.password });
    await ownerPage.waitForURL('**/dashboard**');
    await ownerPage.goto('/dashboard/generate-qr-code');
    await visible(ownerPage.getByRole('heading', { name: 'Table codes' })).toBe(true);
    await visible(tableCode(ownerPage, TABLES)).toBe(true);
    expect(await ownerPage.locator('.table-card').count()).toBe(TABLES);

    await expectNoAxeViolations(ownerPage, 'the QR page with table cards');

    tableThreeLink = (await scan(tableCode(ownerPage, 3)))!;
    // With table 3's key, which only its card carries and which opens its bill (docs/decisions/025-table-keys.md).
    expect(tableThreeLink).toMatch(
      new RegExp(`^${product.baseUrl}/menu-display\\?token=[\\w-]{32}&table=3&key=[\\w-]{16}$`),
    );
  });

  it('prints the cards six to a page, and downloads the same sheet as a PDF', async () => {
    // Headless Chromium has no print dialog: the page's own print rule is what a printer gets.
    await ownerPage.evaluate(() => {
      window.print = () => {};
    });
    await ownerPage.getByLabel('Paper size').selectOption('a4');
    await ownerPage.getByRole('button', { name: 'Print table cards' }).click();
    await ownerPage.emulateMedia({ media: 'print' });
    expect(await ownerPage.locator('.qr-print-card').isVisible()).toBe(false);
    expect(await ownerPage.getByRole('button', { name: 'Print table cards' }).isVisible()).toBe(false);
    const printed = await PDFDocument.load(await ownerPage.pdf({ preferCSSPageSize: true }));
    expect(printed.getPageCount()).toBe(Math.ceil(TABLES / 6));
    expect(Math.round(printed.getPage(0).getWidth())).toBe(595);
    await ownerPage.emulateMedia({ media: 'screen' });
    await ownerPage.evaluate(() => window.dispatchEvent(new Event('afterprint')));

    const [download] = await Promise.all([
      ownerPage.waitForEvent('download'),
      ownerPage.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`table-cards-${restaurantId}-a4.pdf`);
    const sheet = await PDFDocument.load(
      await (await download.createReadStream()).toArray().then(Buffer.concat),
    );
    expect(sheet.getPageCount()).toBe(Math.ceil(TABLES / 6));

    const [png] = await Promise.all([
      ownerPage.waitForEvent('download'),
      ownerPage.getByRole('button', { name: 'PNG of Table 3' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`${restaurantId}-table-3.png`);
  });

  it('a returning diner at table 3 orders two dishes in at most 6 taps, from the menu to the placed order', async () => {
    const phone = await returningDinersPhone();
    const page = await phone.newPage();
    await page.goto(pathOf(tableThreeLink));
    await visible(page.getByRole('heading', { level: 1, name: /Trattoria Demo/ })).toBe(true);
    await visible(page.getByText('Table 3', { exact: true })).toBe(true);
    await expectNoAxeViolations(page, "the menu from table 3's code");

    let taps = 0;
    const tap = async (control: Locator) => {
      taps += 1;
      await control.tap();
    };
    await tap(page.getByRole('button', { name: 'Add Margherita Pizza' }));
    await tap(page.getByRole('button', { name: 'Add Tiramisu' }));
    await tap(page.getByRole('region', { name: 'Order total' }).getByRole('button', { name: 'Checkout' }));
    await page.waitForURL('**/cart');
    await tap(page.getByRole('button', { name: 'Checkout' }));
    await page.waitForURL('**/customer_details');
    // Dine-in at the code's table is chosen already; the diner could still switch to Pickup.
    expect(await page.getByRole('radio', { name: /Dine In/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Table number').inputValue()).toBe('3');
    await expectNoAxeViolations(page, "checkout from table 3's code");
    await tap(page.getByRole('button', { name: 'Submit Order' }));
    await page.waitForURL('**/customer/order-status**');

    expect(taps).toBeLessThanOrEqual(6);
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    const orders = await product.app.inject({
      url: `/api/v1/owner/restaurant/${restaurantId}/orders?per_page=50`,
      headers: ownerHeaders,
    });
    const placed = orders.json().orders.find((order: { order_id: number }) => order.order_id === orderId);
    expect(placed).toMatchObject({ table_number: 3, customer_name: 'Rosa Returning' });
    expect(placed.items.map((item: { product_name: string }) => item.product_name).sort()).toEqual([
      'Margherita Pizza',
      'Tiramisu',
    ]);
    await phone.close();
  });

  it('replacing the codes, after a confirmation, retires every old code at once', async () => {
    await ownerPage.getByRole('button', { name: 'Replace all codes' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Replace all QR codes?' });
    await visible(dialog).toBe(true);
    await expectNoAxeViolations(ownerPage, 'the QR page asking to replace the codes');
    await dialog.getByRole('button', { name: 'Replace codes' }).click();
    await visible(ownerPage.getByText(qrMessages.tokenRotated)).toBe(true);
    await expect.poll(() => scan(tableCode(ownerPage, 3)), { timeout: 15_000 }).not.toBe(tableThreeLink);
    const newLink = (await scan(tableCode(ownerPage, 3)))!;
    expect(newLink).toMatch(/&table=3&key=[\w-]{16}$/);
    // A new key too: the old card's key opens no bill any more.
    expect(new URL(newLink).searchParams.get('key')).not.toBe(
      new URL(tableThreeLink).searchParams.get('key'),
    );

    const phone = await product.newContext({ phone: true });
    const page = await phone.newPage();
    await page.goto(pathOf(tableThreeLink));
    await visible(page.getByRole('alert')).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: /Trattoria Demo/ }).count()).toBe(0);
    await page.goto(pathOf(newLink));
    await visible(page.getByText('Table 3', { exact: true })).toBe(true);
    tableThreeLink = newLink;
    await phone.close();
  });

  it('a code for a table the restaurant no longer has says so, and still opens the menu without it', async () => {
    const cut = await product.app.inject({
      method: 'PUT',
      url: `/api/v1/restaurant/update-restaurant/${restaurantId}`,
      headers: ownerHeaders,
      payload: { number_of_tables: 2 },
    });
    expect(cut.statusCode).toBe(200);
    const phone = await product.newContext({ phone: true, bypassCSP: true });
    const page = await phone.newPage();
    await page.goto(pathOf(tableThreeLink));
    await visible(page.getByText(customerMenuMessages.tableNotFound)).toBe(true);
    await expectNoAxeViolations(page, 'the menu from an out-of-date table code');
    await page.getByRole('link', { name: 'See the menu' }).tap();
    await visible(page.getByRole('heading', { level: 1, name: /Trattoria Demo/ })).toBe(true);
    expect(await page.getByText('Table 3', { exact: true }).count()).toBe(0);
    await phone.close();
  });
});
