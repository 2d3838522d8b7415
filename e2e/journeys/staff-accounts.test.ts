import { staffMessages } from '@tableserve/contract/staff';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { seedDemo } from '../support/demo';
import { type Product, startProduct } from '../support/harness';
import { logIn } from '../support/owners';

let product: Product;
let owner: { email: string; password: string };
beforeAll(async () => {
  product = await startProduct();
  owner = await seedDemo(product);
});
afterAll(async () => {
  await product?.stop();
});

const visible = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);

/** docs/product/staff.md#staff-accounts, in the browser: invite, accept on a phone, sign in. */
describe('a staff account, in the browser', () => {
  it('is invited from the Staff screen, sets a password from the emailed link and signs in', async () => {
    const desk = await product.newContext({ bypassCSP: true });
    const page = await desk.newPage();
    await logIn(page, owner);
    await page.waitForURL(/\/dashboard/);
    await page.goto('/dashboard/staff');
    await page.getByLabel('Name').fill('Rosa Marin');
    await page.getByLabel('Email').fill('rosa@trattoria.example');
    await page.getByLabel('Role', { exact: true }).selectOption('server');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await visible(page, 'Invitation sent to rosa@trattoria.example.');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Role of Rosa Marin' }).inputValue())
      .toBe('server');
    await expectNoAxeViolations(page, 'the Staff screen');

    const link = new URL((await product.mailTo('rosa@trattoria.example')).links[0]!);
    const phone = await product.newContext({ phone: true, bypassCSP: true });
    const invitee = await phone.newPage();
    await invitee.goto(link.pathname);
    await visible(invitee, 'Hi Rosa Marin, Trattoria Demo has invited you. Choose a password to sign in.');
    await expectNoAxeViolations(invitee, 'the invitation page');
    await invitee.getByLabel('Password', { exact: true }).fill('rosa password 1');
    await invitee.getByLabel('Confirm password', { exact: true }).fill('rosa password 1');
    await invitee.getByRole('button', { name: 'Set password' }).click();
    await invitee.waitForURL(/\/login$/);
    await visible(invitee, staffMessages.accepted);

    // The same link works once.
    await invitee.goto(link.pathname);
    await visible(invitee, staffMessages.invalidInvitation);

    await page.reload();
    await visible(page, 'Active');
    await desk.close();
    await phone.close();
  });
});
