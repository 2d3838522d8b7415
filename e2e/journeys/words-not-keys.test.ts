import { mkdir } from 'node:fs/promises';
import { auditMessages } from '@tableserve/contract/audit';
import { deviceScreenMessages } from '@tableserve/contract/devices';
import { firstSignInMessages } from '@tableserve/contract/messages';
import { staffMessages } from '@tableserve/contract/staff';
import { auditEvents, orderItems } from '@tableserve/server/schema';
import type { DemoInfo } from '@tableserve/server/seed';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { demoRestaurantId, seedDemo } from '../support/demo';
import { type Product, startProduct } from '../support/harness';
import { logIn, ownerToken } from '../support/owners';
import { horizontalOverflow } from '../support/staff';

/**
 * docs/product/staff.md#audit-trail and #staff-accounts, in the browser at 1280×800, 768×1024 and
 * 390×844: the audit trail reads in words (names, labels, no keys) and never widens the page; the
 * Staff screen keeps its fields in line, wraps long names, confirms a role change and a removal
 * where the owner is looking; an accepted invitation lands on a login page with the email in.
 */

const SHOTS = '/tmp/shots';
const LONG_NAME = 'Maximiliana Alexandrovna Rodríguez-Castellanos de la Vega';
const LONG_EMAIL = 'maximiliana.rodriguez-castellanos@trattoria-demo-restaurant.example';
const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 }, touch: false },
  { name: '768', viewport: { width: 768, height: 1024 }, touch: true },
  { name: '390', viewport: { width: 390, height: 844 }, touch: true },
] as const;

let product: Product;
let demo: DemoInfo;
let restaurantId: number;
let headers: Record<string, string>;
let ownerId: number;

const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await product.app.inject({ method, url: `/api/v1${url}`, headers, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
};

/** The owner's changes, each of a kind the reviewer found read as keys. */
async function makeHistory() {
  await api('POST', '/staff', { name: LONG_NAME, email: LONG_EMAIL, role: 'server' });
  const rosa = (
    await api('POST', '/staff', { name: 'Rosa Marin', email: 'rosa@trattoria.example', role: 'kitchen' })
  ).member.staff_id;
  await api('PUT', `/staff/${rosa}`, { role: 'server' });
  const rates = await api('POST', `/restaurant/tax-rates/${restaurantId}`, {
    name: 'Food',
    rate_percent: 8.875,
  });
  const food = rates.data.tax_rates.find((rate: { name: string }) => rate.name === 'Food').tax_rate_id;
  const menu = (await api('GET', `/menu/get-menu-items/${restaurantId}`)).data as Array<
    Record<string, unknown>
  >;
  const pizza = menu.find((item) => item.item_name === 'Margherita Pizza')!;
  const { menu_id: pizzaId, image: _image, ...fields } = pizza;
  await api('POST', `/menu/update-menu-item/${pizzaId}`, {
    ...fields,
    price: 14.5,
    tax_rate_id: food,
    allergens: ['gluten', 'milk'],
    dietary_tags: ['vegetarian'],
    restaurant_id: restaurantId,
  });
  await api('DELETE', `/restaurant/tax-rates/${restaurantId}/${food}`);
  await api('PUT', `/restaurant/payment-settings/${restaurantId}`, { payment_timing: 'end_of_meal' });
  await api('PUT', `/restaurant/payment-settings/${restaurantId}`, { payment_timing: 'counter' });
  const { code } = await api('POST', `/owner/restaurant/${restaurantId}/devices/pairing-codes`, {
    device_name: 'Pass tablet',
    role: 'kitchen',
  });
  const paired = await product.app.inject({ method: 'POST', url: '/api/v1/devices/pair', payload: { code } });
  await api('POST', `/owner/restaurant/${restaurantId}/devices/${paired.json().device.id}/revoke`);
  // A refund by lines, as the refunds module records it (a payment online is another journey's).
  const placed = await api('POST', '/customer/place-order', {
    restaurant_id: restaurantId,
    user_id: ownerId,
    customer_name: 'Walk-in Wendy',
    phone_number: '5035550199',
    total_amount: 0,
    items: [{ menu_id: pizzaId, quantity: 2 }],
  });
  const orderId = placed.order_id as number;
  const [line] = await product.app.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await product.app.database.db.insert(auditEvents).values({
    restaurantId,
    actorKind: 'owner',
    actorId: ownerId,
    actorName: 'Demo Owner',
    action: 'order.refunded',
    objectType: 'order',
    objectId: orderId,
    after: { amount: 14.5, reason: 'Pizza arrived cold', lines: [{ order_item_id: line!.id, amount: 14.5 }] },
  });
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
  demo = await seedDemo(product);
  restaurantId = await demoRestaurantId(product);
  ({ headers, userId: ownerId } = await ownerToken(product, { email: demo.email, password: demo.password }));
  await makeHistory();
}, 60_000);
afterAll(async () => {
  await product?.stop();
});

const visible = (locator: Locator, timeout = 15_000) =>
  expect.poll(() => locator.isVisible(), { timeout }).toBe(true);

async function ownerPage(size: (typeof SIZES)[number]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await product.newContext({
    viewport: size.viewport,
    bypassCSP: true,
    hasTouch: size.touch,
    isMobile: size.touch,
  });
  const page = await context.newPage();
  await logIn(page, { email: demo.email, password: demo.password });
  await page.waitForURL(/\/dashboard/);
  return { context, page };
}

/** The element lies wholly inside the window, where the person is looking. */
async function inView(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
}

async function tapSize(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

describe('words, not keys', () => {
  it('the audit trail names things and reads in words, and its Change column wraps', async () => {
    for (const size of SIZES) {
      const { context, page } = await ownerPage(size);
      await page.goto('/dashboard/audit-trail');
      const entries = size.name === '1280' ? page.getByRole('row') : page.getByRole('listitem');
      await visible(entries.filter({ hasText: 'Refunded an order' }).first());
      const text = (await page.locator('main').textContent()) ?? '';
      for (const key of [
        '[object Object]',
        'end_of_meal',
        'order.refunded',
        'tax rate id',
        'Dish #',
        'Staff member #',
      ])
        expect(text, `${key} at ${size.name}`).not.toContain(key);
      expect(text).toContain('items: 2 × Margherita Pizza $14.50');
      expect(text).toContain('diners pay: At the counter → At the end of the meal');
      expect(text).toContain('tax rate: Default rate → Food (8.875 %)');
      expect(text).toContain(LONG_NAME);
      expect(await horizontalOverflow(page), `page wider than ${size.name}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/words-audit-${size.name}.png`, fullPage: true });
      if (size.name === '1280') {
        await page.getByLabel(auditMessages.action).selectOption({ label: 'Refunded an order' });
        await expect.poll(async () => (await page.getByRole('row').allTextContents()).length).toBe(2);
        await expectNoAxeViolations(page, 'the audit trail, filtered by refunds');
      }
      await context.close();
    }
  }, 120_000);

  it('the Staff screen keeps its fields in line, wraps long names and confirms where the owner looks', async () => {
    for (const size of SIZES) {
      const { context, page } = await ownerPage(size);
      await page.goto('/dashboard/staff');
      const role = page.getByRole('combobox', { name: `Role of ${LONG_NAME}` });
      await visible(role);
      // One error under one field: the others stay level with it.
      await page.getByLabel('Name').fill('Cy Lee');
      await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
      await visible(page.getByText('Enter a valid email address'));
      const top = async (field: Locator) => Math.round((await field.boundingBox())!.y);
      const send = page.getByRole('button', { name: 'Send invitation', exact: true });
      // Side by side from 1024 px; one under the other on a tablet or a phone.
      if (size.name === '1280') {
        expect(await top(page.getByLabel('Email'))).toBe(await top(page.getByLabel('Name')));
        expect(await top(send)).toBe(await top(page.getByLabel('Role', { exact: true })));
      }
      // The email field is wide enough for an address of 35 characters or more.
      expect((await page.getByLabel('Email').boundingBox())!.width).toBeGreaterThanOrEqual(300);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/words-staff-${size.name}.png`, fullPage: true });
      await expect.poll(() => page.getByText(LONG_EMAIL).isVisible()).toBe(true);

      // A role change asks first, naming the person and the role; Cancel puts the select back.
      await role.selectOption('manager');
      const confirm = page.getByRole('dialog', { name: `Change ${LONG_NAME}'s role to Manager?` });
      await visible(confirm);
      expect(await inView(page, confirm)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/words-staff-role-${size.name}.png` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => role.inputValue()).toBe('server');

      // Remove asks where the owner is, even from the bottom of the list.
      const remove = page.getByRole('button', { name: `Remove ${LONG_NAME}` });
      if (size.touch) expect((await tapSize(remove)).height).toBeGreaterThanOrEqual(44);
      await remove.click();
      const removing = page.getByRole('dialog', { name: 'Remove this person?' });
      await visible(removing);
      expect(await inView(page, removing)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/words-staff-remove-${size.name}.png` });
      await removing.getByRole('button', { name: 'Cancel' }).click();
      if (size.name === '390') await expectNoAxeViolations(page, 'the Staff screen with a long name');
      await context.close();
    }
  }, 120_000);

  it("Revoke and the order card's History toggle are 44 px tall on touch widths", async () => {
    const { code } = await api('POST', `/owner/restaurant/${restaurantId}/devices/pairing-codes`, {
      device_name: 'Bar tablet',
      role: 'server',
    });
    await product.app.inject({ method: 'POST', url: '/api/v1/devices/pair', payload: { code } });
    for (const size of SIZES.filter((one) => one.touch)) {
      const { context, page } = await ownerPage(size);
      await page.goto('/dashboard/devices');
      const revoke = page.getByRole('button', { name: deviceScreenMessages.revoke('Bar tablet') });
      await visible(revoke);
      expect((await tapSize(revoke)).height).toBeGreaterThanOrEqual(44);
      // Dates as on the Staff screen: 'Dec 2, 2026'.
      await visible(page.getByText(/Paired: [A-Z][a-z]{2} \d{1,2}, \d{4}/));
      await page.goto('/dashboard/order-management');
      const history = page.locator('summary', { hasText: auditMessages.history }).first();
      await visible(history);
      expect((await tapSize(history)).height).toBeGreaterThanOrEqual(44);
      await context.close();
    }
  }, 90_000);

  it('an accepted invitation lands on a first sign-in with the email filled in', async () => {
    for (const [size, email] of [
      ['390', 'noa@trattoria.example'],
      ['1280', 'eli@trattoria.example'],
    ] as const) {
      await api('POST', '/staff', { name: `Cook ${size}`, email, role: 'kitchen' });
      const link = new URL((await product.mailTo(email)).links[0]!);
      const context = await product.newContext({ phone: size === '390', bypassCSP: true });
      const page = await context.newPage();
      await page.goto(link.pathname);
      await page.getByLabel('Password', { exact: true }).fill('cook password 1');
      await page.getByLabel('Confirm password', { exact: true }).fill('cook password 1');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL(/\/login$/);
      await visible(page.getByRole('heading', { name: firstSignInMessages.title('Trattoria Demo') }));
      await visible(page.getByText(staffMessages.accepted));
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/words-first-sign-in-${size}.png`, fullPage: true });
      if (size === '390') await expectNoAxeViolations(page, 'the first sign-in');
      // The email is there: the password is all there is to type.
      await page.getByLabel('Password', { exact: true }).fill('cook password 1');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/dashboard\/kitchen-management/);
      await context.close();
    }
  }, 90_000);
});
