import { mkdir } from 'node:fs/promises';
import { cartMessages } from '@tableserve/contract/cart';
import type { DemoInfo } from '@tableserve/server/seed';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { seedDemo } from '../support/demo';
import { continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';

/**
 * docs/decisions/017-item-options.md from outside (ADR 017): on a phone, a diner chooses a burger's doneness and
 * extras in the dish's sheet, is told when a required choice is missing, sees the line priced with
 * its choices in the cart, orders it, and the order status page lists what was chosen.
 */

let product: Product;
let demo: DemoInfo;
const SHOTS = '/tmp/shots';

beforeAll(async () => {
  product = await startProduct();
  demo = await seedDemo(product);
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await product?.stop();
});

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 });

// The demo seed's Smash Burger: $18.00; Doneness exactly 1; Extras up to 3 (Bacon +$2.00, Fried egg +$1.50).
const BURGER_CHOICES = 'Doneness: Medium-well · Extras: Bacon, Fried egg';
const BURGER_LINE = `Smash Burger, ${BURGER_CHOICES}`;

describe('item options, on a 390-px phone', () => {
  it('chooses a burger’s doneness and extras, is told of a missing choice, and orders it as chosen', async () => {
    // The script policy lifted, so the injected axe-core can check the open sheet.
    const context = await product.newContext({ phone: true, bypassCSP: true });
    const page = await context.newPage();
    const menu = new URL(demo.menuUrl);
    await page.goto(menu.pathname + menu.search);
    await visible(page, 'Trattoria Demo').toBe(true);

    // Add opens the burger's sheet; nothing is in the cart yet.
    await page.getByRole('button', { name: 'Add Smash Burger' }).click();
    const sheet = page.getByRole('dialog', { name: 'Smash Burger' });
    await expect.poll(() => sheet.isVisible(), { timeout: 10_000 }).toBe(true);
    // Focus starts on the dish's name, not on Close (outside testing, SECURITY.md: WebKit drew Close's focus ring), Tab
    // stays inside the sheet, and closing gives focus back to the Add button.
    const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    const addBurger = page.getByRole('button', { name: 'Add Smash Burger' });
    expect(await hasFocus(sheet.getByRole('heading', { name: 'Smash Burger' }))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await hasFocus(sheet.getByRole('button', { name: 'Close dialog' }))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.isVisible()).toBe(false);
    expect(await hasFocus(addBurger)).toBe(true);
    await addBurger.click();
    await expect.poll(() => sheet.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await sheet.getByRole('group', { name: 'Doneness Choose 1 Required' }).isVisible()).toBe(true);
    expect(await sheet.getByRole('group', { name: 'Extras Up to 3' }).isVisible()).toBe(true);
    // A tap on the option's tile, as a thumb does (its input is visually hidden).
    const tap = (option: string) => sheet.getByText(option, { exact: true }).click();
    await tap('Bacon');
    await tap('Fried egg');
    expect(await sheet.getByRole('checkbox', { name: 'Fried egg' }).isChecked()).toBe(true);

    // Confirmed without a doneness: the sheet says which choice is missing and adds nothing.
    await sheet.getByRole('button', { name: 'Add to cart · $21.50' }).click();
    await expect
      .poll(() => sheet.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe('Smash Burger: Choose a Doneness');
    expect(await sheet.getByText('Choose a Doneness', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('currentCart'))).toBeNull();
    await page.screenshot({ path: `${SHOTS}/options-sheet-problem-phone.png` });
    await expectNoAxeViolations(page, 'the option sheet, a problem shown');

    await tap('Medium-well');
    expect(await sheet.getByRole('radio', { name: 'Medium-well' }).isChecked()).toBe(true);
    expect(await sheet.getByRole('alert').count()).toBe(0);
    expect(await sheet.getByText('$21.50 each').isVisible()).toBe(true);
    await sheet.getByRole('button', { name: 'Add to cart · $21.50' }).click();
    await expect.poll(() => sheet.isVisible()).toBe(false);

    // The card counts the burger; the bottom bar totals it with its extras.
    const burgerCard = page.getByRole('article', { name: 'Smash Burger' });
    expect(await burgerCard.getByText('1 in cart').isVisible()).toBe(true);
    await burgerCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/options-menu-card-phone.png` });
    await expect
      .poll(() => page.getByRole('region', { name: 'Order total' }).textContent())
      .toContain('$21.50');

    // The cart: the line with its choices and its price with them.
    await page.getByRole('button', { name: /^Cart, / }).click();
    await page.waitForURL('**/cart');
    const line = page.getByRole('listitem', { name: BURGER_LINE });
    await expect.poll(() => line.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await line.getByText(BURGER_CHOICES).isVisible()).toBe(true);
    expect(await line.getByText('$21.50 each').isVisible()).toBe(true);
    await line.getByRole('button', { name: `Add one more ${BURGER_LINE}` }).click();
    await visible(page, 'Subtotal (2 items)').toBe(true);
    await visible(page, '$43.00').toBe(true);
    await visible(page, cartMessages.taxAndFees).toBe(true);
    await page.screenshot({ path: `${SHOTS}/options-cart-phone.png` });

    // Checkout as a guest, at table 5.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/customer_details');
    await continueAsGuest(page, { email: 'olga@guest.example', name: 'Olga Diner', phone: '415-555-0166' });
    expect(await page.getByRole('list', { name: 'Order items' }).getByText(BURGER_CHOICES).isVisible()).toBe(
      true,
    );
    await page.getByText('Dine In', { exact: true }).click();
    await page.getByLabel('Table number').selectOption('5');
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL('**/customer/order-status**');

    // The server priced the choices itself, and the status page lists them under the line.
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    const token = await page.evaluate(() => localStorage.getItem('CustomerToken'));
    const summary = (
      await product.app.inject({
        url: `/api/v1/customer/order-summary/${new URL(page.url()).searchParams.get('restaurant_id')}/${orderId}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(summary).toMatchObject({
      total_amount: 43,
      items: [{ product_name: 'Smash Burger', quantity: 2, price: 21.5 }],
    });
    await page.getByRole('button', { name: new RegExp(`Order #${orderId}`) }).click();
    await visible(page, BURGER_CHOICES).toBe(true);
    await visible(page, 'Live updates').toBe(true);
    await page.screenshot({ path: `${SHOTS}/options-status-phone.png`, fullPage: true });
    await context.close();
  });
});
