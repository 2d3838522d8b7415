import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** From a menu with a filled cart: the cart page, then its Checkout, up to /customer_details. */
export async function checkoutFromMenu(page: Page) {
  await page.getByRole('button', { name: /^Cart, / }).click();
  await page.waitForURL('**/cart');
  // The cart itself on screen (the menu, with its own Checkout, may still show as the cart loads).
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'Your cart' }).isVisible(), { timeout: 15_000 })
    .toBe(true);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL('**/customer_details');
}

/** On /customer_details: the guest panel, filled and sent, until the page greets the guest. */
export async function continueAsGuest(page: Page, guest: { email: string; name: string; phone: string }) {
  await page.getByRole('button', { name: /Login as Guest/ }).click();
  const form = page.getByRole('form', { name: 'Login as Guest' });
  await form.getByLabel('Email').fill(guest.email);
  await form.getByLabel('Name').fill(guest.name);
  await form.getByLabel('Phone number').fill(guest.phone);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Continue as Guest' }).click();
  const firstName = guest.name.split(' ')[0]!;
  await expect
    .poll(
      () =>
        page
          .getByText(new RegExp(`Welcome, ${firstName}`))
          .first()
          .isVisible(),
      { timeout: 15_000 },
    )
    .toBe(true);
}
