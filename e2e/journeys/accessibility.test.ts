import { kitchenAnalyticsMessages } from '@tableserve/contract/kitchen-analytics';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import type { DemoInfo } from '@tableserve/server/seed';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { seedDemo } from '../support/demo';
import { type Product, startProduct } from '../support/harness';
import { logIn, newVerifiedOwner, ownerToken, subscribeThroughApi } from '../support/owners';

/**
 * docs/product/web-app.md#look-and-feel: every page of the app, on a phone and on a desktop, has no axe-core violation
 * of any impact (WCAG 2.x A and AA, and axe's best practices: landmarks, heading order…), also
 * with its dialogs, panels and error states open. Each failing page is listed with its rule ids,
 * impacts and elements; the test goes on to the next page, so one run shows them all.
 */

let product: Product;
let demo: DemoInfo;
let restaurantId: number;
/** Orders of another diner, so the owner's screens show a pending, a ready and a paid order. */
let pendingOrderId: number;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  product = await startProduct();
  demo = await seedDemo(product);

  const token = new URL(demo.menuUrl).searchParams.get('token');
  const menu = (await product.app.inject({ url: `/api/v1/customer/display-menu/${token}` })).json();
  restaurantId = menu.restaurant.restaurant_id;
  // Dishes taken as they are: one with a required choice would need its options.
  const dishes = (menu.menu as Array<{ menu_id: number; option_groups: unknown[] }>)
    .filter((dish) => dish.option_groups.length === 0)
    .slice(0, 3);
  const diner = await product.app.inject({
    method: 'POST',
    url: '/api/v1/customer/create',
    payload: {
      customer_name: 'Grace Diner',
      email: 'grace@diner.example',
      password: 'grace password 1',
      phone_number: '4155550142',
      restaurant_id: restaurantId,
    },
  });
  expect(diner.statusCode).toBe(201);
  const dinerAuth = { authorization: `Bearer ${diner.json().data.token}` };
  const { headers: ownerAuth } = await ownerToken(product, { email: demo.email, password: demo.password });
  const orderIds: number[] = [];
  for (const [table, dish] of dishes.entries()) {
    const placed = await product.app.inject({
      method: 'POST',
      url: '/api/v1/customer/place-order',
      headers: dinerAuth,
      payload: {
        restaurant_id: restaurantId,
        order_items: [{ menu_item_id: dish.menu_id, quantity: 2 }],
        order_type: 'dine-in',
        table_no: table + 1,
      },
    });
    expect(placed.statusCode).toBe(201);
    orderIds.push(placed.json().order_id);
  }
  const moveTo = async (orderId: number, status: string) => {
    const moved = await product.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/restaurant/${restaurantId}/update-order-status/${orderId}`,
      headers: ownerAuth,
      payload: { status },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  };
  pendingOrderId = orderIds[0]!;
  await moveTo(orderIds[1]!, 'Ready');
  await moveTo(orderIds[2]!, 'Ready');
  await moveTo(orderIds[2]!, 'Completed');
});
afterAll(async () => {
  await product?.stop();
});

const viewports = [
  { name: 'a 390-px phone', phone: true },
  { name: 'a 1280-px desktop', phone: false },
] as const;

/** A browser profile to check in: the app's script policy is lifted so the injected axe-core can run. */
const checkingContext = (phone: boolean) => product.newContext({ phone, bypassCSP: true });

/**
 * Checks the page once it has settled: `heading` is shown, nothing is busy and no request is in
 * flight, so axe sees what a person sees rather than a skeleton. With `path`, goes there first.
 */
async function check(page: Page, label: string, heading: string | RegExp, path?: string) {
  if (path !== undefined) await page.goto(path);
  await expect
    .poll(() => page.getByRole('heading', { name: heading }).first().isVisible(), {
      timeout: 15_000,
      message: `${label}: the heading ${heading}`,
    })
    .toBe(true);
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('[aria-busy="true"]').count(), {
      timeout: 10_000,
      message: `${label}: still busy`,
    })
    .toBe(0);
  await expectNoAxeViolations(page, label);
}

const dialogOpen = (page: Page) =>
  expect.poll(() => page.getByRole('dialog').first().isVisible(), { timeout: 10_000 }).toBe(true);

describe.each(viewports)('no axe-core violation on $name', ({ name, phone }) => {
  const on = (label: string) => `${label} (${name})`;

  it('on the public pages, their error states and dialogs', async () => {
    const context = await checkingContext(phone);
    const page = await context.newPage();
    await check(page, on('/'), /Your menu on every table/, '/');
    if (phone) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(true);
      await check(page, on('/ with the phone menu open'), /Your menu on every table/);
    }
    await check(page, on('/login'), 'Welcome back', '/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await check(page, on('/login with field errors'), 'Welcome back');
    await check(page, on('/register'), 'Create your TableServe account', '/register');
    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    await dialogOpen(page);
    await check(page, on('/register with the terms dialog'), 'Create your TableServe account');
    await page.keyboard.press('Escape');
    await check(page, on('/contact'), "We'd love to hear from you", '/contact');
    await check(page, on('/about'), 'Built for the dinner rush, made for the table', '/about');
    await check(page, on('/terms-and-conditions'), 'Terms and Conditions', '/terms-and-conditions');
    await check(page, on('/reset-password'), 'Choose a new password', '/reset-password?token=x');
    await check(page, on('/verify-email'), "We couldn't verify your email", '/verify-email?token=x');
    await check(page, on('an unknown route'), 'This page is not on the menu', '/no-such-page');
    await check(
      page,
      on('/menu-display of an unknown restaurant'),
      /.+/,
      '/menu-display?token=not-a-real-token',
    );
    await check(page, on('/cart, empty'), /.+/, '/cart');
    await context.close();
  });

  it("on a diner's pages, from the menu to the order's status", async () => {
    const context = await checkingContext(phone);
    const page = await context.newPage();
    const menu = new URL(demo.menuUrl);
    await check(page, on('/menu-display'), 'Trattoria Demo', menu.pathname + menu.search);

    // The header's Log In opens the diner's account dialog: log in, sign up, forgot password.
    await page.getByRole('button', { name: 'Log In' }).click();
    await dialogOpen(page);
    const dialog = page.getByRole('dialog');
    await check(page, on('/menu-display with the login dialog'), 'Trattoria Demo');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await check(page, on('/menu-display with the sign-up dialog'), 'Create an Account');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Add Margherita Pizza' }).click();
    await page.getByRole('button', { name: 'Add one more Margherita Pizza' }).click();
    await page.getByRole('button', { name: 'Add Tiramisu' }).click();
    await check(page, on('/menu-display with a cart'), 'Trattoria Demo');

    await page.getByRole('button', { name: /^Cart, / }).click();
    await page.waitForURL('**/cart');
    await check(page, on('/cart'), 'Your cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/customer_details');
    await check(page, on('/customer_details, logging in'), 'Checkout');
    for (const panel of ['Create an Account', 'Forgot Password', 'Login as Guest']) {
      await page.getByRole('button', { name: new RegExp(`^${panel}`) }).click();
      await check(page, on(`/customer_details, ${panel}`), 'Checkout');
    }
    const guest = page.getByRole('form', { name: 'Login as Guest' });
    await guest.getByRole('button', { name: 'Continue as Guest' }).click();
    await check(page, on('/customer_details, the guest form with errors'), 'Checkout');
    await guest.getByLabel('Email').fill('ada@guest.example');
    await guest.getByLabel('Name').fill('Ada Diner');
    await guest.getByLabel('Phone number').fill('415-555-0123');
    await guest.getByRole('checkbox').check();
    await guest.getByRole('button', { name: 'Continue as Guest' }).click();
    await check(page, on('/customer_details as a guest'), /Welcome, Ada/);
    await page.getByText('Dine In', { exact: true }).click();
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await check(page, on('/customer_details, no table chosen'), /Welcome, Ada/);
    await page.getByLabel('Table number').selectOption('4');
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL('**/customer/order-status**');
    await check(page, on('/customer/order-status'), 'Trattoria Demo');
    const orderId = new URL(page.url()).searchParams.get('orderId');

    await check(page, on('/customer_orders'), 'Your Active Orders', '/customer_orders');
    await check(
      page,
      on('/track-order'),
      /.+/,
      `/track-order?restaurant_id=${restaurantId}&order_id=${orderId}`,
    );
    await check(
      page,
      on('/track-order without an order'),
      "We couldn't tell which order to track",
      '/track-order',
    );

    // The account menu in the header, signed in, on the menu.
    await page.goto(menu.pathname + menu.search);
    await page.getByRole('button', { name: /Ada/ }).click();
    await check(page, on('/menu-display with the account menu open'), 'Trattoria Demo');
    await context.close();
  });

  it("on the owner's dashboard, with its panels and dialogs open", async () => {
    const context = await checkingContext(phone);
    const page = await context.newPage();
    await logIn(page, { email: demo.email, password: demo.password });
    await page.waitForURL('**/dashboard/order-summary');
    await check(page, on('/dashboard/order-summary'), 'Order Summary');
    await page.getByRole('button', { name: ownerOrderMessages.salesReport }).click();
    await check(page, on('/dashboard/order-summary with the sales report open'), 'Order Summary');
    await page.getByRole('button', { name: ownerOrderMessages.viewReport }).click();
    await dialogOpen(page);
    await check(page, on('/dashboard/order-summary with the sales report popup'), 'Order Summary');
    // The Kitchen tab with its figures and chart (docs/decisions/014-kitchen-analytics.md).
    await page.getByRole('tab', { name: kitchenAnalyticsMessages.kitchenTab }).click();
    await expect
      .poll(() => page.getByRole('img', { name: /^Orders by hour/ }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await check(page, on("/dashboard/order-summary with the report's Kitchen tab"), 'Order Summary');
    await page.keyboard.press('Escape');

    if (phone) {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await dialogOpen(page);
      await check(page, on('/dashboard with the navigation drawer'), 'Order Summary');
      await page.keyboard.press('Escape');
    }

    await check(page, on('/dashboard/order-management'), 'Order Management', '/dashboard/order-management');
    const pending = page.getByRole('article', { name: `Order #${pendingOrderId}` });
    await pending.getByRole('button', { name: ownerOrderMessages.addItems }).click();
    await check(page, on('/dashboard/order-management, adding items'), 'Order Management');
    await pending.getByRole('button', { name: ownerOrderMessages.deleteOrder }).click();
    await check(page, on('/dashboard/order-management, confirming a delete'), 'Order Management');

    await check(
      page,
      on('/dashboard/kitchen-management'),
      'Kitchen Management',
      '/dashboard/kitchen-management',
    );
    await check(page, on('/dashboard/place-order'), 'Place Order', '/dashboard/place-order');
    await page
      .getByRole('form', { name: 'Place order' })
      .getByRole('button', { name: 'Place Order' })
      .click();
    await check(page, on('/dashboard/place-order with field errors'), 'Place Order');
    await check(page, on('/dashboard/menu-management'), 'Menu Management', '/dashboard/menu-management');
    await page.getByRole('button', { name: 'Edit Tiramisu' }).click();
    await check(page, on('/dashboard/menu-management, editing a dish'), 'Menu Management');
    await check(page, on('/dashboard/generate-qr-code'), 'QR Code', '/dashboard/generate-qr-code');
    await check(page, on('/dashboard/edit-restaurant'), 'Edit Restaurant', '/dashboard/edit-restaurant');
    await check(page, on('/dashboard/profile'), 'Your profile', '/dashboard/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await check(page, on('/dashboard/profile, editing'), 'Your profile');
    await check(
      page,
      on('an unknown dashboard page'),
      "This page isn't ready yet",
      '/dashboard/no-such-page',
    );
    await check(page, on('/select-subscription, subscribed'), 'Your subscription', '/select-subscription');
    await check(page, on('/subscription-details'), 'Subscription details', '/subscription-details');
    await context.close();
  });

  it("on a new owner's plans, payment and restaurant set-up", async () => {
    const owner = await newVerifiedOwner(product);
    const context = await checkingContext(phone);
    const page = await context.newPage();
    await logIn(page, owner);
    await page.waitForURL('**/select-subscription');
    await check(page, on('/select-subscription'), 'Choose your plan');
    await page.getByLabel('Coupon code').fill('NOT-A-COUPON');
    await page.getByRole('button', { name: 'Apply' }).click();
    await check(page, on('/select-subscription with a refused coupon'), 'Choose your plan');
    await page.getByLabel('Coupon code').fill('WELCOME20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await check(page, on('/select-subscription with a coupon'), 'Choose your plan');
    await page
      .getByRole('button', { name: /Continue/ })
      .first()
      .click();
    await page.waitForURL('**/payment-details');
    await check(page, on('/payment-details'), 'Complete Your Subscription');

    await subscribeThroughApi(product, owner);
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/create-restaurant');
    await check(page, on('/dashboard/create-restaurant'), /.+/);
    await check(
      page,
      on('/subscription-details, just subscribed'),
      'Subscription details',
      '/subscription-details',
    );
    await context.close();
  });
});

describe('no axe-core violation in the cancel dialogs, once a subscription may be cancelled', () => {
  it.each(viewports)('on $name', async ({ name, phone }) => {
    const owner = await newVerifiedOwner(product);
    await subscribeThroughApi(product, owner);
    const context = await checkingContext(phone);
    // Cancelling opens on day 5; this clock moves for this owner's browser and the server only.
    await product.advanceClock(6 * DAY, context);
    const page = await context.newPage();
    await logIn(page, owner);
    await page.waitForURL('**/dashboard/**');

    await page.goto('/subscription-details');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await dialogOpen(page);
    await check(page, `/subscription-details with the cancel dialog (${name})`, 'Subscription details');
    await page.keyboard.press('Escape');
    await page.goto('/select-subscription');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await dialogOpen(page);
    await check(page, `/select-subscription with the cancel dialog (${name})`, 'Your subscription');
    await context.close();
  });
});
