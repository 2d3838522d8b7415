import { mkdir } from 'node:fs/promises';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { ROLE_LABELS, staffRoleMessages } from '@tableserve/contract/staff-roles';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRestaurantId, seedDemo } from '../support/demo';
import { type Product, startProduct } from '../support/harness';
import { ownerToken } from '../support/owners';
import { staffPaths, staffScreenLive } from '../support/staff';
import {
  acceptedStaffMember,
  type SignedInStaff,
  STAFF_JWT_SECRET,
  storeStaffSession,
} from '../support/staff-members';

const SHOTS = '/tmp/shots';

let product: Product;
let kitchen: SignedInStaff;
let server: SignedInStaff;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct({ env: { JWT_SECRET: STAFF_JWT_SECRET } });
  const demo = await seedDemo(product);
  const { userId: ownerId } = await ownerToken(product, { email: demo.email, password: demo.password });
  const restaurantId = await demoRestaurantId(product);
  kitchen = await acceptedStaffMember(product, { ownerId, restaurantId, role: 'kitchen' });
  server = await acceptedStaffMember(product, { ownerId, restaurantId, role: 'server' });
}, 120_000);

afterAll(async () => {
  await product?.stop();
});

/** The dashboard's navigation as the person sees it: the side nav, or on a phone the drawer it opens. */
async function openNav(page: Page, phone: boolean) {
  if (!phone) return page.getByRole('navigation', { name: 'Dashboard' });
  await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('dialog', { name: 'Dashboard menu' }).getByRole('navigation', { name: 'Dashboard' });
}

async function navEntries(page: Page, phone: boolean): Promise<string[]> {
  const nav = await openNav(page, phone);
  await nav.getByRole('link').first().waitFor();
  const entries = (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
  expect(await nav.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
  if (phone) await page.getByRole('button', { name: 'Close menu' }).click();
  return entries;
}

async function expectForbidden(page: Page, url: string, backTo: string) {
  await page.goto(url);
  await page.getByRole('heading', { name: staffRoleMessages.forbidden }).waitFor();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await page.waitForURL(`**${backTo}`);
}

/**
 * Opens the dashboard in a fresh browser as the staff member, as their login leaves it, and
 * waits for the screen it lands on to be live. Checks whom it says is signed in.
 */
async function openDashboardAs(staff: SignedInStaff, phone: boolean, landing: string) {
  const context = await product.newContext({ phone });
  const page = await context.newPage();
  await storeStaffSession(page, staff);
  await page.goto('/dashboard');
  await page.waitForURL(`**${landing}`);
  await staffScreenLive(page);
  const badge = page.getByText('Signed in as').filter({ visible: true });
  await badge.waitFor();
  expect(await badge.textContent()).toBe(`Signed in as ${ROLE_LABELS[staff.role]}`);
  return { context, page };
}

const viewports = [
  { phone: false, name: 'desktop' },
  { phone: true, name: 'phone' },
] as const;

describe('staff roles in the browser (docs/product/staff.md#roles)', () => {
  it.each(viewports)(
    'shows the Kitchen only the Kitchen screen, and refuses the rest plainly ($name)',
    async ({ phone, name }) => {
      const { context, page } = await openDashboardAs(kitchen, phone, staffPaths.kitchen);
      expect(await navEntries(page, phone)).toEqual(['Kitchen Management']);
      await page.screenshot({ path: `${SHOTS}/staff-roles-kitchen-${name}.png`, fullPage: true });

      for (const url of [
        staffPaths.summary,
        staffPaths.placeOrder,
        '/dashboard/profile',
        '/subscription-details',
      ])
        await expectForbidden(page, url, staffPaths.kitchen);
      await page.goto(staffPaths.summary);
      await page.getByRole('heading', { name: staffRoleMessages.forbidden }).waitFor();
      await page.screenshot({ path: `${SHOTS}/staff-roles-forbidden-${name}.png`, fullPage: true });

      // Still signed in after every refusal.
      expect(await page.evaluate(() => localStorage.getItem('RestaurantToken'))).toBe(kitchen.token);
      await context.close();
    },
  );

  it.each(viewports)(
    'shows a Server the order screens and Place Order, not the Kitchen nor the menu ($name)',
    async ({ phone, name }) => {
      const { context, page } = await openDashboardAs(server, phone, staffPaths.summary);
      expect(await navEntries(page, phone)).toEqual(['Order Summary', 'Order Management']);
      await page.screenshot({ path: `${SHOTS}/staff-roles-server-${name}.png`, fullPage: true });

      await page.goto(staffPaths.placeOrder);
      await page.getByRole('heading', { name: ownerOrderMessages.placeOrder }).waitFor();
      for (const url of [staffPaths.kitchen, '/dashboard/menu-management', '/dashboard/create-restaurant'])
        await expectForbidden(page, url, staffPaths.summary);

      await (await openNav(page, phone)).getByRole('button', { name: 'Log Out' }).click();
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.getItem('RestaurantToken'))).toBeNull();
      await context.close();
    },
  );
});
