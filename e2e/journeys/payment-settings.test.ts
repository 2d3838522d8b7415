import { mkdir } from 'node:fs/promises';
import { paymentSettingsScreen as text } from '@tableserve/contract/payment-settings';
import type { DemoInfo } from '@tableserve/server/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../support/demo';
import { type Product, startProduct } from '../support/harness';
import { logIn } from '../support/owners';

/**
 * docs/decisions/020-money-model.md from outside: the owner chooses when diners pay, adds a
 * tax rate and names it on a dish, on a phone and on a desktop.
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

describe('Payments & taxes', () => {
  it('saves the payment timing and a default tax rate, which Menu Management then offers', async () => {
    const phone = await product.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await logIn(page, demo);
    await page.waitForURL('**/dashboard/order-summary');
    await page.goto('/dashboard/payment-settings');

    await expect.poll(() => page.getByRole('radio', { name: /At the counter/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /At the end of the meal/ }).check();
    await page.getByLabel(text.servicePercent).fill('10');
    await page.getByLabel(text.serviceMinParty).fill('6');
    await page.getByRole('button', { name: text.save }).click();
    await expect.poll(() => page.getByText('Payment settings saved').isVisible()).toBe(true);

    await page.getByRole('button', { name: text.addRate }).click();
    const form = page.getByRole('form', { name: text.addRate });
    await form.getByLabel(text.rateName, { exact: true }).fill('Food');
    await form.getByLabel(text.ratePercent).fill('8.875');
    await form.getByLabel(text.rateDefault).check();
    await form.getByRole('button', { name: text.saveRate }).click();
    await expect.poll(() => page.getByText('Tax rate added').isVisible()).toBe(true);
    const list = page.getByRole('list', { name: text.taxHeading });
    await expect.poll(() => list.getByText('8.875 %').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/payment-settings-390.png`, fullPage: true });

    // What was saved is what a reload shows.
    await page.reload();
    await expect
      .poll(() => page.getByRole('radio', { name: /At the end of the meal/ }).isChecked())
      .toBe(true);
    await expect.poll(() => page.getByLabel(text.serviceMinParty).inputValue()).toBe('6');

    await page.goto('/dashboard/menu-management');
    await page.getByRole('button', { name: 'Edit Margherita Pizza' }).click();
    const select = page.getByRole('combobox', { name: text.itemTaxRate });
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toEqual(['Default (Food 8.875 %)', 'Food (8.875 %)']);
    await phone.close();

    const desktop = await product.newContext({ viewport: { width: 1280, height: 900 } });
    const wide = await desktop.newPage();
    await logIn(wide, demo);
    await wide.waitForURL('**/dashboard/order-summary');
    await wide.getByRole('link', { name: 'Payments & taxes' }).click();
    await expect
      .poll(() => wide.getByRole('list', { name: text.taxHeading }).getByText('Food').isVisible())
      .toBe(true);
    await wide.screenshot({ path: `${SHOTS}/payment-settings-1280.png`, fullPage: true });
    await desktop.close();
  });
});
