import { registerMessages, verifyEmailMessages } from '@tableserve/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../support/harness';
import { logIn } from '../support/owners';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

const owner = {
  first: 'Giulia',
  last: 'Bianchi',
  email: 'giulia@osteria.example',
  phone: '(415) 555-0199',
  password: 'first password 1',
};

/** A link from an email, pointed at this run's server. */
const mailLink = (link: string) => new URL(link).pathname + new URL(link).search;

describe('an owner account, in the browser', () => {
  it('registers, verifies through the emailed link, and logs in', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto('/register');

    await page.getByLabel('First name').fill(owner.first);
    await page.getByLabel('Last name').fill(owner.last);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Phone').fill(owner.phone);
    // The phone field keeps digits only.
    expect(await page.getByLabel('Phone').inputValue()).toBe('4155550199');
    await page.getByLabel('Street address').fill('12 Via Roma');
    await page.getByLabel('City').fill('San Francisco');
    await page.getByLabel('State').fill('CA');
    await page.getByLabel('Zip code').fill('94110');
    await page.getByLabel('Country').fill('United States');
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(owner.password);

    // Without the terms the form refuses, with the spec's message.
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText(registerMessages.acceptTerms).isVisible()).toBe(true);

    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect
      .poll(() =>
        page.getByText('Please check your email to verify your account.', { exact: false }).isVisible(),
      )
      .toBe(true);
    // Then it moves on to the login page by itself after 5 seconds.
    await page.waitForURL('**/login', { timeout: 10_000 });

    // Logging in before verifying is refused.
    await logIn(page, { email: owner.email, password: owner.password });
    await expect.poll(() => page.getByText('Please verify your email first').isVisible()).toBe(true);

    const verification = await product.mailTo(owner.email);
    expect(verification.subject).toBe('Verify your email for TableServe');
    await page.goto(mailLink(verification.links[0]!));
    await expect.poll(() => page.getByText(verifyEmailMessages.success).isVisible()).toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // A new owner has no subscription yet, so login routing sends them to choose a plan.
    await page.waitForURL('**/select-subscription');
    expect(await page.evaluate(() => sessionStorage.getItem('user_id'))).toMatch(/^\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('RestaurantToken'))).toMatch(/^ey/);
    await context.close();
  });

  it('resets a forgotten password from the emailed link and logs in with the new one', async () => {
    const context = await product.newContext({ phone: true });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText('Password reset link sent to your email.').isVisible()).toBe(true);
    // Back in login mode, in place.
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);

    const reset = await product.mailTo(owner.email, 2);
    expect(reset.subject).toBe('Reset your TableServe password');
    expect(reset.links[0]).toContain('type=restaurant');
    await page.goto(mailLink(reset.links[0]!));

    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('does not match');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);

    await page.getByLabel('Confirm new password', { exact: true }).fill('second password 2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect
      .poll(() => page.getByText('Your password has been reset. You can now log in.').isVisible())
      .toBe(true);

    await logIn(page, { email: owner.email, password: owner.password });
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);

    await logIn(page, { email: owner.email, password: 'second password 2' });
    await page.waitForURL('**/select-subscription');
    await context.close();
  });
});
