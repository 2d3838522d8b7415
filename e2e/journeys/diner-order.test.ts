import { cartMessages } from '@tableserve/contract/cart';
import { customerMenuMessages } from '@tableserve/contract/customer-menu';
import { orderMessages } from '@tableserve/contract/order';
import type { DemoInfo } from '@tableserve/server/seed';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRestaurantId, seedDemo } from '../support/demo';
import { continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';
import { ownerToken } from '../support/owners';

let product: Product;
let demo: DemoInfo;
let restaurantId: number;
let ownerHeaders: { authorization: string };

beforeAll(async () => {
  product = await startProduct();
  demo = await seedDemo(product);
  ownerHeaders = (await ownerToken(product, { email: demo.email, password: demo.password })).headers;
  restaurantId = await demoRestaurantId(product);
});
afterAll(async () => {
  await product?.stop();
});

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 });

/** The QR code's link, on this run's server. */
const menuPath = () => new URL(demo.menuUrl).pathname + new URL(demo.menuUrl).search;

/** The restaurant moves the order on, through the API as its kitchen screen will. */
async function ownerSetsStatus(orderId: number, status: string) {
  const response = await product.app.inject({
    method: 'POST',
    url: `/api/v1/kitchen/restaurant/${restaurantId}/update-order-status/${orderId}`,
    headers: ownerHeaders,
    payload: { status },
  });
  expect(response.statusCode).toBe(200);
}

const currentStep = (page: Page) =>
  page.locator('ol[aria-label="Order progress"] li[aria-current="step"]').textContent();

/** Marks the page, so a later check can tell that it was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillSamePage = (page: Page) => page.evaluate(() => 'notReloaded' in window);

async function fillFromMenu(page: Page) {
  await page.goto(menuPath());
  await visible(page, 'Trattoria Demo').toBe(true);
  // The painted menu shows before its script runs, its Add disabled till hydration: a click
  // waits for it to be enabled, as a diner waits for it to look ready.
  await page.getByRole('button', { name: 'Add Margherita Pizza' }).click();
  await page.getByRole('button', { name: 'Add one more Margherita Pizza' }).click();
  await page.getByRole('button', { name: 'Add Tiramisu' }).click();
}

const dishNames = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.ariaLabel));

/** docs/performance.md: the menu is painted from the server's HTML before any script runs, then hydrated from the menu inside it. */
describe('the menu painted from HTML, on a 390-px phone', () => {
  it('shows the restaurant and its dishes with JavaScript off', async () => {
    const context = await product.newContext({ phone: true, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(menuPath());
    expect(await page.title()).toBe('Trattoria Demo · Menu · TableServe');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Trattoria Demo');
    expect(await dishNames(page)).toEqual(expect.arrayContaining(['Margherita Pizza', 'Tiramisu']));
    await context.close();
  });

  it('hydrates without an error and without asking for the menu, and Add to Cart works', async () => {
    const context = await product.newContext({ phone: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The menu's requests until its live socket opens: the socket's connection asks for the menu
    // again by design (use-live-sold-out.ts, an empty 304 when unchanged), as soon as the phone
    // is idle after hydration, which can come before the poll below sees the cart.
    const menuRequests: string[] = [];
    let liveSocketOpened = false;
    page.on('websocket', () => {
      liveSocketOpened = true;
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      const isMenu = pathname === '/menu-display' || pathname.startsWith('/api/v1/customer/display-menu/');
      if (isMenu && !liveSocketOpened) menuRequests.push(pathname);
    });

    await page.goto(menuPath());
    // Hydrated once the live socket opens (an empty cart floats no button to wait for).
    await expect.poll(() => liveSocketOpened, { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: /^Cart, / }).count()).toBe(0);
    expect(menuRequests).toEqual(['/menu-display']);
    await page.getByRole('button', { name: 'Add Tiramisu' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Cart, 1 item,/ }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a diner's order, on a 390-px phone", () => {
  it('scan → menu → cart (dragged) → guest → dine-in table → placed → status ticks forward live', async () => {
    const context = await product.newContext({ phone: true });
    const page = await context.newPage();
    await fillFromMenu(page);
    await expect
      .poll(() => page.getByRole('region', { name: 'Order total' }).textContent())
      .toContain('$41.50');

    // The floating cart follows a drag, stays inside the window and remembers where it was left.
    const cart = page.getByRole('button', { name: /^Cart, / });
    const before = (await cart.boundingBox())!;
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x - 150, before.y - 300, { steps: 8 });
    await page.mouse.move(-500, -500, { steps: 8 });
    await page.mouse.up();
    const after = (await cart.boundingBox())!;
    expect(after.x).toBeGreaterThanOrEqual(0);
    expect(after.y).toBeGreaterThanOrEqual(0);
    expect(after.y).toBeLessThan(before.y);
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('cartPosition'))) ?? 'null');
    expect(saved).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    expect(saved.x).toBeGreaterThanOrEqual(0);
    expect(saved.y).toBeGreaterThanOrEqual(0);
    await page.reload();
    await visible(page, 'Trattoria Demo').toBe(true);
    const restored = (await cart.boundingBox())!;
    expect(Math.abs(restored.y - after.y)).toBeLessThan(2);

    // The cart: lines, sub-total and the tax note.
    await cart.click();
    await page.waitForURL('**/cart');
    await visible(page, cartMessages.taxAndFees).toBe(true);
    await visible(page, '$41.50').toBe(true);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/customer_details');

    // Continue as a guest.
    await continueAsGuest(page, { email: 'lena@guest.example', name: 'Lena', phone: '415-555-0177' });

    // Dine in: a table is needed, from 1 to the restaurant's 12.
    await page.getByText('Dine In', { exact: true }).click();
    const table = page.getByLabel('Table number');
    expect(await table.locator('option:not([value=""])').count()).toBe(12);
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await visible(page, orderMessages.selectTable).toBe(true);
    await table.selectOption('3');
    // A double tap places one order.
    await page.getByRole('button', { name: 'Submit Order' }).dblclick();
    await page.waitForURL('**/customer/order-status**');
    expect(await page.evaluate(() => localStorage.getItem('currentCart'))).toBeNull();

    const customer = JSON.parse((await page.evaluate(() => localStorage.getItem('customerData')))!);
    const token = await page.evaluate(() => localStorage.getItem('CustomerToken'));
    const orders = (
      await product.app.inject({
        url: `/api/v1/customer/${customer.customer_id}/orders`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().orders as Array<{ order_id: number; table_number: number; total_amount: number }>;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ table_number: 3, total_amount: 41.5 });
    const orderId = orders[0]!.order_id;

    // The restaurant moves the order on; the page follows with no reload.
    await expect.poll(() => currentStep(page), { timeout: 15_000 }).toContain('Order Received');
    await visible(page, 'Live updates').toBe(true);
    await markPage(page);
    await ownerSetsStatus(orderId, 'Approved');
    await expect.poll(() => currentStep(page), { timeout: 10_000 }).toContain('Order Confirmed');
    await ownerSetsStatus(orderId, 'Ready');
    await expect.poll(() => currentStep(page), { timeout: 10_000 }).toContain('Ready');
    await ownerSetsStatus(orderId, 'Completed');
    await expect.poll(() => currentStep(page), { timeout: 10_000 }).toContain('Complete');
    expect(await stillSamePage(page)).toBe(true);
    await context.close();
  });

  it('a registered diner orders for pickup with the phone location, and follows it live', async () => {
    const context = await product.newContext({
      phone: true,
      permissions: ['geolocation'],
      geolocation: { latitude: 37.7989, longitude: -122.4078 },
    });
    const page = await context.newPage();
    await fillFromMenu(page);

    // Sign up from the header's Log In, on the menu.
    await page.getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    const signup = dialog.getByRole('form', { name: 'Create an Account' });
    await signup.getByLabel('Name').fill('Marco');
    await signup.getByLabel('Email').fill('marco@diner.example');
    await signup.getByLabel('Phone number').fill('4155550188');
    await signup.getByLabel('Password', { exact: true }).fill('marco password 1');
    await signup.getByLabel('Confirm password', { exact: true }).fill('marco password 1');
    await signup.getByRole('checkbox').check();
    await signup.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: /Marco/ }).isVisible()).toBe(true);

    await page
      .getByRole('region', { name: 'Order total' })
      .getByRole('button', { name: /Checkout/ })
      .click();
    await page.waitForURL('**/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/customer_details');
    await visible(page, /Welcome, Marco/).toBe(true);

    await page.getByText('Pickup', { exact: true }).click();
    await expect
      .poll(async () =>
        JSON.parse((await page.evaluate(() => localStorage.getItem('customerLocation'))) ?? 'null'),
      )
      .toEqual({ latitude: 37.7989, longitude: -122.4078 });
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL('**/customer/order-status**');
    await expect.poll(() => currentStep(page), { timeout: 15_000 }).toContain('Order Received');
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    expect(orderId).toBeGreaterThan(0);

    await markPage(page);
    await ownerSetsStatus(orderId, 'Approved');
    await expect.poll(() => currentStep(page), { timeout: 10_000 }).toContain('Order Confirmed');
    await ownerSetsStatus(orderId, 'Cancelled');
    await visible(page, orderMessages.cancelled).toBe(true);
    expect(await stillSamePage(page)).toBe(true);
    await context.close();
  });

  it('an unknown menu link says so, and nothing can be ordered from it', async () => {
    const context = await product.newContext({ phone: true });
    const page = await context.newPage();
    await page.goto('/menu-display?token=not-a-real-token');
    await visible(page, `${customerMenuMessages.noItems}${customerMenuMessages.tryLater}`).toBe(true);
    expect(await page.getByRole('button', { name: /^Add / }).count()).toBe(0);
    await context.close();
  });
});
