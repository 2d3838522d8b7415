import { mkdir } from 'node:fs/promises';
import { billPageMessages } from '@tableserve/contract/bill-page';
import { billMessages } from '@tableserve/contract/bills';
import type { DemoInfo } from '@tableserve/server/seed';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { demoRestaurantId, seedDemo, tableCardPath } from '../support/demo';
import { checkoutFromMenu, continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';
import { ownerToken } from '../support/owners';

/**
 * 3-D Secure at the table (docs/product/payments.md#online-payment), on a diner's phone: the test
 * card 4000 0027 6000 3184 asks for authentication; the diner completes the test provider's
 * challenge and the bill reads paid, or cancels it and another diner pays that share at once.
 */

let product: Product;
let demo: DemoInfo;
/** Each table's card (its key included: docs/decisions/025-table-keys.md), by table number. */
const tableCards = new Map<number, string>();
const SHOTS = '/tmp/shots';
const AUTHENTICATION_CARD = '4000 0027 6000 3184';

const visible = (locator: Locator, timeout = 15_000) =>
  expect.poll(() => locator.isVisible(), { timeout, message: `${locator} visible` }).toBe(true);

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
  demo = await seedDemo(product);
  const restaurantId = await demoRestaurantId(product);
  const { headers } = await ownerToken(product, { email: demo.email, password: demo.password });
  const settings = await product.app.inject({
    method: 'PUT',
    url: `/api/v1/restaurant/payment-settings/${restaurantId}`,
    headers,
    payload: { payment_timing: 'end_of_meal' },
  });
  expect(settings.statusCode).toBe(200);
  for (const table of [6, 7, 8])
    tableCards.set(table, await tableCardPath(product, headers, restaurantId, table));
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

let diners = 0;
/** A guest at `table` orders `dishes` from a phone (or a desktop), then opens the table's bill. */
async function orderAndOpenBill(table: number, dishes: string[], options: { phone?: boolean } = {}) {
  diners += 1;
  // The app's script policy is lifted so the injected axe-core can run.
  const context = await product.newContext({ phone: options.phone ?? true, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(tableCards.get(table)!);
  await visible(page.getByText(`Table ${table}`, { exact: true }));
  for (const dish of dishes) await page.getByRole('button', { name: `Add ${dish}` }).click();
  await checkoutFromMenu(page);
  await continueAsGuest(page, {
    name: `Diner ${diners}`,
    email: `diner${diners}@three-d-secure.example`,
    phone: `415-555-01${String(diners).padStart(2, '0')}`,
  });
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await page.waitForURL('**/customer/order-status**');
  await page.getByRole('link', { name: billPageMessages.viewBill }).click();
  await page.waitForURL('**/bill**');
  await visible(page.getByText(billPageMessages.title));
  return page;
}

async function payWithCard(page: Page, number: string, items?: string[]) {
  if (items) {
    await page.locator('label', { hasText: billPageMessages.payItems }).click();
    const list = page.getByRole('list', { name: billPageMessages.payItems });
    for (const item of items) await list.getByRole('checkbox', { name: new RegExp(item) }).check();
  }
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

const figure = (page: Page, label: string) =>
  page.locator('dl > div', { has: page.getByText(label, { exact: true }) }).locator('dd');

/** The bill reads paid in full: the thanks, nothing being paid, nothing left. */
async function expectPaid(page: Page) {
  await visible(page.getByText(billMessages.paid), 20_000);
  await expect
    .poll(() => page.getByText(billPageMessages.beingPaid, { exact: true }).count(), {
      timeout: 15_000,
      message: 'nothing being paid',
    })
    .toBe(0);
  expect(await figure(page, billPageMessages.leftToPay).textContent()).toBe('$0.00');
}

describe('3-D Secure at the table (docs/product/payments.md#online-payment)', () => {
  it('a diner completes the bank’s challenge, and the bill reads paid with nothing being paid', async () => {
    const page = await orderAndOpenBill(6, ['Margherita Pizza', 'Tiramisu']);
    await payWithCard(page, AUTHENTICATION_CARD);

    const challenge = page.getByRole('dialog', { name: billPageMessages.authenticateTitle });
    await visible(challenge);
    // Meanwhile the payment is being confirmed, its amount held.
    await visible(page.getByText(billMessages.processing));
    expect(await figure(page, billPageMessages.beingPaid).textContent()).toMatch(/^\$\d+\.\d\d$/);
    await page.screenshot({ path: `${SHOTS}/three-ds-challenge-390.png` });
    await expectNoAxeViolations(page, 'the 3-D Secure challenge on a phone');

    await challenge.getByRole('button', { name: billPageMessages.authenticateComplete }).click();
    await expectPaid(page);
    expect(await challenge.isVisible()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/three-ds-paid-390.png`, fullPage: true });
    await expectNoAxeViolations(page, 'the bill paid after 3-D Secure');
  }, 120_000);

  it('a diner cancels the challenge: told so, and another diner pays that share at once', async () => {
    const ana = await orderAndOpenBill(7, ['Mushroom Risotto']);
    const ben = await orderAndOpenBill(7, ['Tomato Basil Soup']);
    await ana.reload();
    await visible(ana.getByText('Tomato Basil Soup'));
    await payWithCard(ana, AUTHENTICATION_CARD, ['Mushroom Risotto']);
    const challenge = ana.getByRole('dialog', { name: billPageMessages.authenticateTitle });
    await visible(challenge);

    // Ben sees the risotto being paid: it is not his to pay while Ana authenticates.
    await visible(ben.getByText(billPageMessages.beingPaid, { exact: true }));
    await challenge.getByRole('button', { name: billPageMessages.authenticateCancel }).click();
    await visible(ana.getByText(billMessages.authenticationCancelled));
    expect(await challenge.isVisible()).toBe(false);
    await visible(ana.getByRole('button', { name: /^Pay \$/ }));
    await ana.screenshot({ path: `${SHOTS}/three-ds-cancelled-390.png`, fullPage: true });
    await expectNoAxeViolations(ana, 'the bill after a cancelled challenge');

    // At once, live: nothing is being paid any more, and Ben pays the whole bill, risotto included.
    await expect
      .poll(() => ben.getByText(billPageMessages.beingPaid, { exact: true }).count(), { timeout: 10_000 })
      .toBe(0);
    await payWithCard(ben, '4242 4242 4242 4242', ['Mushroom Risotto', 'Tomato Basil Soup']);
    await expectPaid(ben);
    await expect
      .poll(() => ana.getByText(billPageMessages.beingPaid, { exact: true }).count(), { timeout: 15_000 })
      .toBe(0);
    expect(await figure(ana, billPageMessages.leftToPay).textContent()).toBe('$0.00');
  }, 150_000);

  it('the challenge on a desktop browser', async () => {
    const page = await orderAndOpenBill(8, ['Tiramisu'], { phone: false });
    await payWithCard(page, AUTHENTICATION_CARD);
    const challenge = page.getByRole('dialog', { name: billPageMessages.authenticateTitle });
    await visible(challenge);
    await page.screenshot({ path: `${SHOTS}/three-ds-challenge-1280.png` });
    await expectNoAxeViolations(page, 'the 3-D Secure challenge on a desktop');
    // Escape closes the challenge, as cancelling it does.
    await page.keyboard.press('Escape');
    await visible(page.getByText(billMessages.authenticationCancelled));
    await page.screenshot({ path: `${SHOTS}/three-ds-cancelled-1280.png`, fullPage: true });
  }, 120_000);
});
