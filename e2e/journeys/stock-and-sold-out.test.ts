import { mkdir } from 'node:fs/promises';
import type { DemoInfo } from '@tableserve/server/seed';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../support/demo';
import { checkoutFromMenu, continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';
import { markPage, openOwnerTabs, stillSamePage } from '../support/staff';

/**
 * docs/decisions/015-stock-and-sold-out.md from outside: the owner counts a dish, the kitchen on a tablet sells another out
 * with one tap, and two diners' open menus on phones follow live; the last portions go to one
 * diner, and the other, who had them in the cart, is told by name.
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

const dish = (page: Page, name: string) => page.getByRole('article', { name });
const onMenu = (page: Page, name: string) => dish(page, name).isVisible();

async function openMenu(page: Page) {
  const menu = new URL(demo.menuUrl);
  await page.goto(menu.pathname + menu.search);
  await expect.poll(() => onMenu(page, 'Margherita Pizza'), { timeout: 15_000 }).toBe(true);
  await markPage(page);
}

/** From the menu with a filled cart: the cart, the guest's details, a table, up to Submit Order. */
async function readyToSubmit(page: Page, guest: { email: string; name: string }) {
  await checkoutFromMenu(page);
  await continueAsGuest(page, { ...guest, phone: '415-555-0188' });
  await page.getByText('Dine In', { exact: true }).click();
  await page.getByLabel('Table number').selectOption('3');
}

describe('stock and sold out: the kitchen on a tablet, two diners on phones', () => {
  it('sells a dish out with one tap and gives the last portions to one diner, live on every open menu', async () => {
    const ownerContext = await product.newContext({ viewport: { width: 1024, height: 768 } });
    const { kitchen, management } = await openOwnerTabs(ownerContext, demo, ['kitchen', 'management']);

    // The owner counts Tiramisu: 2 portions left.
    await management.goto('/dashboard/menu-management');
    await management.getByRole('button', { name: 'Edit Tiramisu' }).click();
    await management.getByRole('textbox', { name: 'Portions left' }).fill('2');
    // Once Edit's smooth scroll to the form has ended.
    await management.waitForTimeout(1000);
    await management
      .getByRole('textbox', { name: 'Portions left' })
      .evaluate((field) => field.scrollIntoView({ block: 'center' }));
    await management.screenshot({ path: `${SHOTS}/stock-menu-form-tablet.png` });
    await management.getByRole('button', { name: 'Update item' }).click();
    await expect
      .poll(() => dish(management, 'Tiramisu').getByText('2 left').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await dish(management, 'Tiramisu').scrollIntoViewIfNeeded();
    await management.screenshot({ path: `${SHOTS}/stock-menu-card-tablet.png` });

    const ana = await (await product.newContext({ phone: true })).newPage();
    const ben = await (await product.newContext({ phone: true })).newPage();
    await openMenu(ana);
    await openMenu(ben);
    // Ben wants a Tiramisu too, and is slower to order.
    await ben.getByRole('button', { name: 'Add Tiramisu' }).click();

    // The kitchen sells the salmon out: both open menus drop it, without a reload.
    await kitchen.getByRole('button', { name: /^Sold out/ }).click();
    const panel = kitchen.getByRole('region', { name: "What's sold out" });
    await expect.poll(() => panel.getByRole('switch', { name: 'Grilled Salmon' }).isVisible()).toBe(true);
    await panel.getByText('Grilled Salmon', { exact: true }).click();
    await expect.poll(() => panel.getByRole('switch', { name: 'Grilled Salmon' }).isChecked()).toBe(true);
    for (const phone of [ana, ben])
      await expect.poll(() => onMenu(phone, 'Grilled Salmon'), { timeout: 10_000 }).toBe(false);
    // A tab in the background draws no transitions: in front, the switch is seen as it is.
    await kitchen.bringToFront();
    await kitchen.waitForTimeout(300);
    await kitchen.screenshot({ path: `${SHOTS}/sold-out-kitchen-tablet.png` });
    await ben.screenshot({ path: `${SHOTS}/sold-out-menu-phone.png` });

    // Ben gets to Submit Order with his Tiramisu; Ana is quicker and takes the last two: the
    // kitchen sees Tiramisu sold out, and a third diner's open menu drops it.
    const cal = await (await product.newContext({ phone: true })).newPage();
    await openMenu(cal);
    await readyToSubmit(ben, { email: 'ben@guest.example', name: 'Ben Diner' });
    await ana.getByRole('button', { name: 'Add Tiramisu' }).click();
    await ana.getByRole('button', { name: 'Add one more Tiramisu' }).click();
    await readyToSubmit(ana, { email: 'ana@guest.example', name: 'Ana Diner' });
    await ana.getByRole('button', { name: 'Submit Order' }).click();
    await ana.waitForURL('**/customer/order-status**');
    await expect
      .poll(() => panel.getByRole('switch', { name: 'Tiramisu' }).isChecked(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => onMenu(cal, 'Tiramisu'), { timeout: 10_000 }).toBe(false);
    expect(await stillSamePage(cal)).toBe(true);

    // Ben submits: refused, by name, and nothing is placed.
    await ben.getByRole('button', { name: 'Submit Order' }).click();
    await expect
      .poll(() => ben.getByText('Sorry, Tiramisu is sold out').first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(ben.url()).toContain('/customer_details');
    // Once the toast has slid in.
    await ben.waitForTimeout(1000);
    await ben.screenshot({ path: `${SHOTS}/sold-out-refused-phone.png` });
    // His cart marks the dish, and asks him to remove it before checking out again.
    await ben.getByRole('link', { name: 'Edit cart' }).click();
    await ben.waitForURL('**/cart');
    const benLine = ben.getByRole('listitem', { name: 'Tiramisu' });
    await expect.poll(() => benLine.getByText('Sold out').isVisible(), { timeout: 10_000 }).toBe(true);
    await ben.getByRole('button', { name: 'Checkout' }).click();
    await expect
      .poll(() => ben.getByRole('alert').filter({ hasText: 'sold out' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await ben.screenshot({ path: `${SHOTS}/sold-out-cart-phone.png` });

    // The kitchen bumps Ana's order by mistake and recalls it with one tap (ADR 016).
    const soldOutButton = kitchen.getByRole('button', { name: /^Sold out/ });
    await soldOutButton.click();
    const anaCard = kitchen.getByRole('article').filter({ hasText: 'Ana Diner' });
    await anaCard.getByRole('button', { name: 'Mark as Ready' }).click();
    const recall = kitchen.getByRole('button', { name: /^Recall #\d+$/ });
    await expect.poll(() => recall.isVisible(), { timeout: 10_000 }).toBe(true);
    await kitchen.bringToFront();
    await kitchen.screenshot({ path: `${SHOTS}/recall-kitchen-tablet.png` });
    await recall.click();
    await expect
      .poll(
        () =>
          kitchen
            .getByRole('region', { name: /^To cook/ })
            .getByText('Ana Diner')
            .isVisible(),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect(await recall.isVisible()).toBe(false);
    // Large type, for a wall tablet read from across the kitchen.
    await kitchen.getByRole('button', { name: 'Large type' }).click();
    await kitchen.screenshot({ path: `${SHOTS}/large-type-kitchen-tablet.png` });
    await kitchen.getByRole('button', { name: 'Large type' }).click();

    // Ana opens the menu again; the kitchen brings the salmon back, and her open menu shows it.
    await openMenu(ana);
    expect(await onMenu(ana, 'Grilled Salmon')).toBe(false);
    await soldOutButton.click();
    await panel.getByText('Grilled Salmon', { exact: true }).click();
    await expect.poll(() => panel.getByRole('switch', { name: 'Grilled Salmon' }).isChecked()).toBe(false);
    await expect.poll(() => onMenu(ana, 'Grilled Salmon'), { timeout: 10_000 }).toBe(true);
    expect(await stillSamePage(ana)).toBe(true);
    expect(await stillSamePage(kitchen)).toBe(true);
  });
});
