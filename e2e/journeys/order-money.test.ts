import { mkdir } from 'node:fs/promises';
import { auditMessages } from '@tableserve/contract/audit';
import { billPageMessages } from '@tableserve/contract/bill-page';
import { billMessages } from '@tableserve/contract/bills';
import { orderMoneyMessages } from '@tableserve/contract/ledger';
import { orderMessages } from '@tableserve/contract/order';
import { orderTrackingMessages } from '@tableserve/contract/order-tracking';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { refundMessages } from '@tableserve/contract/refunds';
import type { DemoInfo } from '@tableserve/server/seed';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { demoRestaurantId, seedDemo } from '../support/demo';
import { checkoutFromMenu, continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';
import { logIn, ownerToken } from '../support/owners';
import { staffPaths } from '../support/staff';
import {
  acceptedStaffMember,
  type SignedInStaff,
  STAFF_JWT_SECRET,
  storeStaffSession,
} from '../support/staff-members';

/**
 * What a change does to the money, told before the staff member confirms
 * (docs/product/payments.md#order-changes), end to end: at a restaurant paid when ordering, two
 * diners pay with the test card. The owner opens an edit and a delete of the first one's order and
 * reads what goes back to the card ending 4242 before confirming, and a Server reads that they may
 * not; the owner deletes it; the audit trail names TableServe's refund; the second order is
 * cancelled while its diner watches the refund arrive on their status page; its card's Refunds
 * say TableServe gave it back. On a phone and on a desktop, with axe on each new state.
 */

let product: Product;
let demo: DemoInfo;
let restaurantId: number;
let ownerHeaders: { authorization: string };
/** A Server: may delete orders, not give money back (docs/product/payments.md#order-changes). */
let server: SignedInStaff;
const contexts: BrowserContext[] = [];
const SHOTS = '/tmp/shots';

const visible = (locator: Locator, timeout = 15_000) =>
  expect.poll(() => locator.isVisible(), { timeout, message: `${locator} visible` }).toBe(true);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
const REFUNDS_TO_4242 = /^This refunds \$\d+\.\d{2} to the card ending 4242\.$/;

type Diner = { name: string; email: string; phone: string; table: number; dishes: string[]; tip: string };
const ana: Diner = {
  name: 'Ana Money',
  email: 'ana@money.example',
  phone: '415-555-0131',
  table: 2,
  dishes: ['Margherita Pizza', 'Tiramisu'],
  tip: '15 %',
};
const ben: Diner = {
  name: 'Ben Money',
  email: 'ben@money.example',
  phone: '415-555-0132',
  table: 3,
  dishes: ['Mushroom Risotto'],
  tip: 'No tip',
};

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct({ env: { JWT_SECRET: STAFF_JWT_SECRET } });
  demo = await seedDemo(product);
  restaurantId = await demoRestaurantId(product);
  const owner = await ownerToken(product, { email: demo.email, password: demo.password });
  ownerHeaders = owner.headers;
  server = await acceptedStaffMember(product, { ownerId: owner.userId, restaurantId, role: 'server' });
  const settings = await product.app.inject({
    method: 'PUT',
    url: `/api/v1/restaurant/payment-settings/${restaurantId}`,
    headers: ownerHeaders,
    payload: { payment_timing: 'order' },
  });
  expect(settings.statusCode, settings.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

const newContext = async (phone: boolean) => {
  const context = await product.newContext({ phone, bypassCSP: true });
  contexts.push(context);
  return context;
};

/** Orders from the table's menu on a phone, pays the whole bill with the test card; the order's id and what was charged. */
async function orderAndPay(diner: Diner) {
  const page = await (await newContext(true)).newPage();
  const menu = new URL(demo.menuUrl);
  await page.goto(`${menu.pathname}${menu.search}&table=${diner.table}`);
  await visible(page.getByText(`Table ${diner.table}`, { exact: true }));
  for (const dish of diner.dishes) await page.getByRole('button', { name: `Add ${dish}` }).click();
  await checkoutFromMenu(page);
  await continueAsGuest(page, diner);
  await page.getByRole('button', { name: 'Submit Order' }).click();
  // Paid when ordering: the checkout opens the order's bill.
  await page.waitForURL('**/bill/**');
  await visible(page.getByText(billPageMessages.title));
  await page.locator('label', { hasText: new RegExp(`^${diner.tip}`) }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  const charged = cents((await pay.textContent()) ?? '');
  await pay.click();
  await visible(page.getByText(billMessages.paid), 20_000);
  const orders = await product.app.inject({
    url: `/api/v1/owner/restaurant/${restaurantId}/orders?page=1&per_page=10`,
    headers: ownerHeaders,
  });
  const order = (orders.json().orders as { order_id: number; customer_name: string }[]).find(
    (one) => one.customer_name === diner.name,
  );
  expect(order, `${diner.name}'s order, paid, is shown to the staff`).toBeDefined();
  return { page, orderId: order!.order_id, charged };
}

async function ownerOn(path: string, phone: boolean) {
  const page = await (await newContext(phone)).newPage();
  await logIn(page, demo);
  await page.waitForURL('**/dashboard/order-summary');
  await page.goto(path);
  return page;
}

/** Waits for the page to settle (nothing busy, no request in flight), then runs axe on it. */
async function settledAndAccessible(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
  await expectNoAxeViolations(page, label);
}

/** The viewport with `locator` in its lower half, clear of the sticky header. */
async function shoot(page: Page, locator: Locator, name: string) {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // Once the header has followed the scroll.
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/order-money-${name}.png` });
}

let anaOrder: Awaited<ReturnType<typeof orderAndPay>>;
let benOrder: Awaited<ReturnType<typeof orderAndPay>>;

describe('changing an order that has been paid (docs/product/payments.md#order-changes)', () => {
  it('two diners order and pay with the test card when ordering', async () => {
    anaOrder = await orderAndPay(ana);
    benOrder = await orderAndPay(ben);
    expect(anaOrder.charged).toBeGreaterThan(0);
  }, 120_000);

  it('on a phone, the edit and the delete of a paid order say what goes back before confirming', async () => {
    const page = await ownerOn(staffPaths.management, true);
    const card = page.getByRole('article', { name: `Order #${anaOrder.orderId}` });
    await visible(card);

    // An edit down: Save changes waits under what it refunds.
    await card.getByRole('button', { name: 'Remove Tiramisu' }).click();
    await card.getByRole('button', { name: ownerOrderMessages.updateOrder }).click();
    await visible(card.getByText(ownerOrderMessages.saveQuestion(anaOrder.orderId)));
    expect(await card.getByText(REFUNDS_TO_4242).textContent()).toMatch(REFUNDS_TO_4242);
    await settledAndAccessible(page, 'Order Management, the edit confirmation (390 px)');
    await shoot(page, card.getByRole('button', { name: ownerOrderMessages.saveChanges }), 'edit-390');
    await card.getByRole('button', { name: ownerOrderMessages.cancel }).click();
    await card.getByRole('button', { name: 'Undo changes' }).click();

    // The delete: the whole charge, tip too, goes back.
    await card.getByRole('button', { name: ownerOrderMessages.deleteOrder }).click();
    const refunds = orderMoneyMessages.refundsTo(dollars(anaOrder.charged), '4242');
    await visible(card.getByText(refunds));
    expect(await card.getByRole('button', { name: ownerOrderMessages.confirmDelete }).isEnabled()).toBe(true);
    await settledAndAccessible(page, 'Order Management, the delete confirmation (390 px)');
    await shoot(page, card.getByRole('button', { name: ownerOrderMessages.confirmDelete }), 'delete-390');
    await card.getByRole('button', { name: ownerOrderMessages.cancel }).click();
  }, 90_000);

  it('a Server reads that only an owner or a manager may, and Confirm Delete stays off', async () => {
    const page = await (await newContext(false)).newPage();
    await storeStaffSession(page, server);
    await page.goto(staffPaths.management);
    const card = page.getByRole('article', { name: `Order #${anaOrder.orderId}` });
    await visible(card);
    await card.getByRole('button', { name: ownerOrderMessages.deleteOrder }).click();
    await visible(card.getByText(orderMoneyMessages.refundNotAllowed));
    expect(await card.getByRole('button', { name: ownerOrderMessages.confirmDelete }).isDisabled()).toBe(
      true,
    );
    await settledAndAccessible(page, 'Order Management, a Server refused (1280 px)');
    await shoot(page, card.getByRole('button', { name: ownerOrderMessages.confirmDelete }), 'refused-1280');
    // Still signed in, on the same screen.
    expect(new URL(page.url()).pathname).toBe(staffPaths.management);
    await card.getByRole('button', { name: ownerOrderMessages.cancel }).click();
  }, 60_000);

  it('on a desktop, the owner reads the refund before Confirm Delete, and deletes the paid order', async () => {
    const page = await ownerOn(staffPaths.management, false);
    const card = page.getByRole('article', { name: `Order #${anaOrder.orderId}` });
    await visible(card);
    await card.getByRole('button', { name: ownerOrderMessages.deleteOrder }).click();
    await visible(card.getByText(ownerOrderMessages.deleteQuestion(anaOrder.orderId)));
    const refunds = orderMoneyMessages.refundsTo(dollars(anaOrder.charged), '4242');
    await visible(card.getByText(refunds));
    await settledAndAccessible(page, 'Order Management, the delete confirmation (1280 px)');
    await shoot(page, card.getByRole('button', { name: ownerOrderMessages.confirmDelete }), 'delete-1280');
    await card.getByRole('button', { name: ownerOrderMessages.confirmDelete }).click();
    await visible(page.getByText(ownerOrderMessages.orderDeleted(anaOrder.orderId)));
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('orderDeleted'))).toBe('true');

    // The edit confirmation, on a desktop too.
    const other = page.getByRole('article', { name: `Order #${benOrder.orderId}` });
    await other.getByRole('button', { name: 'Increase Mushroom Risotto' }).click();
    await other.getByRole('button', { name: ownerOrderMessages.updateOrder }).click();
    await visible(other.getByText(ownerOrderMessages.saveQuestion(benOrder.orderId)));
    expect(await other.getByText(/^The table will be asked for \$\d+\.\d{2} more\.$/).count()).toBe(1);
    await settledAndAccessible(page, 'Order Management, the confirmation of an edit up (1280 px)');
    await shoot(page, other.getByRole('button', { name: ownerOrderMessages.saveChanges }), 'edit-up-1280');
    await other.getByRole('button', { name: ownerOrderMessages.cancel }).click();
    await other.getByRole('button', { name: 'Undo changes' }).click();
  }, 90_000);

  it("the audit trail names TableServe's refund, with its amount and reason", async () => {
    for (const phone of [false, true]) {
      const page = await ownerOn('/dashboard/audit-trail', phone);
      const width = phone ? 390 : 1280;
      const entry = phone
        ? page.getByRole('listitem').filter({ hasText: 'Refunded an order' })
        : page.getByRole('row').filter({ hasText: 'Refunded an order' });
      await visible(entry.first());
      const text = (await entry.first().textContent()) ?? '';
      expect(text).toContain('TableServe');
      expect(text).toContain(`amount: ${dollars(anaOrder.charged)}`);
      expect(text).toContain(`reason: ${orderMoneyMessages.cancelledReason}`);
      const people = await page.getByLabel(auditMessages.person).locator('option').allTextContents();
      expect(people).toContain('TableServe');
      await page.getByLabel(auditMessages.person).selectOption({ label: 'TableServe' });
      await visible(entry.first());
      await settledAndAccessible(page, `Audit trail, filtered by TableServe (${width} px)`);
      await page.screenshot({ path: `${SHOTS}/order-money-audit-${width}.png`, fullPage: true });
    }
  }, 90_000);

  it('a paid order cancelled while its diner watches: the status page says what went back, live', async () => {
    const page = benOrder.page;
    await page.goto(`/customer/order-status?orderId=${benOrder.orderId}&restaurant_id=${restaurantId}`);
    await visible(page.getByText('Live updates', { exact: true }));
    const cancelled = await product.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/restaurant/${restaurantId}/update-order-status/${benOrder.orderId}`,
      headers: ownerHeaders,
      payload: { status: 'Cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await visible(page.getByText(orderMessages.cancelled));
    await visible(page.getByText(orderTrackingMessages.refundedToCard(dollars(benOrder.charged))));
    await page.screenshot({ path: `${SHOTS}/order-money-status-390.png`, fullPage: true });
    await settledAndAccessible(page, 'Order status, cancelled and refunded (390 px)');

    const wide = await (await newContext(false)).newPage();
    await wide.goto('/');
    const token = await page.evaluate(() => Object.entries(localStorage));
    await wide.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, token);
    await wide.goto(`/customer/order-status?orderId=${benOrder.orderId}&restaurant_id=${restaurantId}`);
    await visible(wide.getByText(orderTrackingMessages.refundedToCard(dollars(benOrder.charged))));
    await wide.screenshot({ path: `${SHOTS}/order-money-status-1280.png`, fullPage: true });
  }, 90_000);

  it("the cancelled order's Refunds say TableServe gave it back, to the card ending 4242", async () => {
    for (const phone of [true, false]) {
      const page = await ownerOn(staffPaths.management, phone);
      const card = page.getByRole('article', { name: `Order #${benOrder.orderId}` });
      await visible(card);
      await card.getByText(refundMessages.heading).click();
      const refund = card.getByRole('listitem').filter({ hasText: orderMoneyMessages.cancelledReason });
      await visible(refund);
      const text = (await refund.textContent()) ?? '';
      expect(text).toContain(refundMessages.byTableServe);
      expect(text).toContain(refundMessages.toCard('4242'));
      expect(text).toContain(dollars(benOrder.charged));
      await settledAndAccessible(page, `Order Management, an automatic refund (${phone ? 390 : 1280} px)`);
      await shoot(page, refund, `refunds-${phone ? 390 : 1280}`);
    }
  }, 90_000);
});
