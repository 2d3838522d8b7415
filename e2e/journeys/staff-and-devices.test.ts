import { mkdir } from 'node:fs/promises';
import { deviceScreenMessages } from '@tableserve/contract/devices';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import type { DemoInfo } from '@tableserve/server/seed';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { seedDemo } from '../support/demo';
import { checkoutFromMenu, continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';
import { logIn } from '../support/owners';
import { placeOrderAnswer, staffScreenLive } from '../support/staff';

let product: Product;
let demo: DemoInfo;
const SHOTS = '/tmp/shots/devices';
beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
  demo = await seedDemo(product);
});
afterAll(async () => {
  await product?.stop();
});

const visible = (page: Page, text: string | RegExp, timeout = 15_000) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);

/** A screenshot to look at, and no axe-core violation on the page as it stands. */
async function shotAndAxe(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  const violations = await axeViolations(page);
  expect(violations, `${name}:\n${describeViolations(violations)}`).toEqual([]);
}

/** Whether the element is wholly inside the window, without scrolling. */
async function inView(page: Page, name: string | RegExp, role: 'img' | 'region') {
  const box = await page.getByRole(role, { name }).boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
}

/** A guest on a phone orders two pizzas for table 3 from the QR code's menu; answers the order id. */
async function guestOrders(page: Page) {
  const menu = new URL(demo.menuUrl);
  await page.goto(menu.pathname + menu.search);
  await visible(page, 'Trattoria Demo');
  // An empty cart floats no "$0.00" over the dishes.
  expect(await page.getByRole('button', { name: /^Cart, / }).count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/menu-empty-cart-390.png` });
  await page.getByRole('button', { name: 'Add Margherita Pizza' }).click();
  await checkoutFromMenu(page);
  await continueAsGuest(page, { email: 'noa@guest.example', name: 'Noa Diner', phone: '415-555-0190' });
  await page.getByText('Dine In', { exact: true }).click();
  await page.getByLabel('Table number').selectOption('3');
  const answer = placeOrderAnswer(page);
  await page.getByRole('button', { name: 'Submit Order' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order_id: number }).order_id;
}

/**
 * docs/product/staff.md: the owner invites a server and pairs a kitchen tablet; a diner's order
 * reaches the tablet live, the tablet marks it ready, the server marks it paid on a phone, the
 * audit trail names each of them, and a revoked tablet is signed out without anyone touching it.
 */
describe('staff and a paired kitchen tablet run an order, in the browser', () => {
  it('invite, pair, order, ready, paid, audit trail, revoke', async () => {
    // The owner, on a desktop.
    const desk = await product.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const owner = await desk.newPage();
    await logIn(owner, { email: demo.email, password: demo.password });
    await owner.waitForURL(/\/dashboard/);

    // 1. Invite a server, who sets a password on a phone and signs in on the same login page.
    await owner.goto('/dashboard/staff');
    await owner.getByLabel('Name').fill('Rosa Marin');
    await owner.getByLabel('Email').fill('rosa@trattoria.example');
    await owner.getByLabel('Role', { exact: true }).selectOption('server');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await visible(owner, 'Invitation sent to rosa@trattoria.example.');
    const invitation = new URL((await product.mailTo('rosa@trattoria.example')).links[0]!);
    const phone = await product.newContext({ phone: true });
    const server = await phone.newPage();
    await server.goto(invitation.pathname);
    await server.getByLabel('Password', { exact: true }).fill('rosa password 1');
    await server.getByLabel('Confirm password', { exact: true }).fill('rosa password 1');
    await server.getByRole('button', { name: 'Set password' }).click();
    await server.waitForURL(/\/login$/);
    await logIn(server, { email: 'rosa@trattoria.example', password: 'rosa password 1' });
    await server.waitForURL(/\/dashboard\/order-summary/);

    // 2. Pair a kitchen tablet (768×1024) with the code the Devices screen shows.
    await owner.goto('/dashboard/devices');
    await owner.getByLabel(deviceScreenMessages.nameLabel).fill('Pass tablet');
    await owner.getByLabel(deviceScreenMessages.roleLabel, { exact: true }).selectOption('kitchen');
    const created = owner.waitForResponse((r) => r.url().endsWith('/devices/pairing-codes'));
    await owner.getByRole('button', { name: deviceScreenMessages.createCode }).click();
    const { code, pair_url } = (await (await created).json()) as { code: string; pair_url: string };
    await visible(owner, code);
    // The full address to open, and the code and its QR code without scrolling at 1280×800.
    await visible(owner, `${new URL(pair_url).origin}/pair`);
    expect(await inView(owner, deviceScreenMessages.codeHeading, 'region')).toBe(true);
    await shotAndAxe(owner, 'owner-devices-code-1280x800');
    await owner.setViewportSize({ width: 768, height: 1024 });
    expect(await inView(owner, deviceScreenMessages.codeHeading, 'region')).toBe(true);
    await shotAndAxe(owner, 'owner-devices-code-768x1024');
    await owner.setViewportSize({ width: 1280, height: 800 });

    // /pair wears no marketing chrome, on a phone and on the tablet.
    const pairPhoneContext = await product.newContext({ phone: true, bypassCSP: true });
    const pairPhone = await pairPhoneContext.newPage();
    await pairPhone.goto('/pair');
    await visible(pairPhone, deviceScreenMessages.pairTitle);
    expect(await pairPhone.getByRole('banner').count()).toBe(0);
    expect(await pairPhone.getByRole('contentinfo').count()).toBe(0);
    await shotAndAxe(pairPhone, 'pair-390x844');
    await pairPhoneContext.close();
    const tabletContext = await product.newContext({
      viewport: { width: 768, height: 1024 },
      bypassCSP: true,
    });
    const tablet = await tabletContext.newPage();
    await tablet.goto('/pair');
    await visible(tablet, deviceScreenMessages.pairTitle);
    await shotAndAxe(tablet, 'pair-768x1024');
    await tablet.getByLabel(deviceScreenMessages.pairCodeLabel).fill(code);
    await tablet.getByRole('button', { name: deviceScreenMessages.pairButton, exact: true }).click();
    await tablet.waitForURL(/\/dashboard\/kitchen-management/);
    await staffScreenLive(tablet);
    // The tablet names itself in its own top bar: no marketing header or footer, no side navigation.
    await visible(tablet, `${deviceScreenMessages.signedInAs} Pass tablet · Kitchen`);
    expect(await tablet.getByRole('banner').textContent()).toContain('Signed in as Pass tablet');
    expect(await tablet.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await tablet.getByRole('navigation', { name: 'Dashboard' }).count()).toBe(0);
    expect(await tablet.getByRole('contentinfo').count()).toBe(0);
    await shotAndAxe(tablet, 'kitchen-tablet-768x1024');

    // The owner's screen notices the pairing: "Paired ✓" with the device's name, the code gone.
    await visible(owner, deviceScreenMessages.pairedDone, 10_000);
    await visible(owner, deviceScreenMessages.pairedBody('Pass tablet'));
    expect(await owner.getByRole('region', { name: deviceScreenMessages.codeHeading }).count()).toBe(0);
    await shotAndAxe(owner, 'owner-devices-paired-1280x800');

    // 3. A diner orders on a phone: the order appears on the tablet live.
    const dinerContext = await product.newContext({ phone: true });
    const orderId = await guestOrders(await dinerContext.newPage());
    const onTablet = tablet.getByRole('article', { name: `Order #${orderId}` });
    await expect.poll(() => onTablet.isVisible(), { timeout: 10_000 }).toBe(true);

    // 4. The tablet marks it ready; 5. the server marks it paid on the phone.
    const markReady = onTablet.getByRole('button', { name: ownerOrderMessages.markReady });
    await markReady.click();
    await expect.poll(() => markReady.isVisible(), { timeout: 10_000 }).toBe(false);
    await tablet.screenshot({ path: `${SHOTS}/kitchen-tablet-ready-768x1024.png` });
    await tablet.setViewportSize({ width: 1280, height: 800 });
    await shotAndAxe(tablet, 'kitchen-tablet-1280x800');
    await tablet.setViewportSize({ width: 768, height: 1024 });
    const markPaid = server.getByRole('button', { name: `${ownerOrderMessages.markPaid} order #${orderId}` });
    await expect.poll(() => markPaid.first().isVisible(), { timeout: 10_000 }).toBe(true);
    await server.screenshot({ path: `${SHOTS}/server-order-summary.png` });
    await markPaid.first().click();
    await expect.poll(() => markPaid.first().isVisible(), { timeout: 10_000 }).toBe(false);

    // 6. The owner's audit trail names who did each step.
    await owner.goto('/dashboard/audit-trail');
    const rows = owner.getByRole('row');
    await expect
      .poll(async () => (await rows.allTextContents()).join('\n'), { timeout: 10_000 })
      .toMatch(/Pass tablet[\s\S]*Rosa Marin|Rosa Marin[\s\S]*Pass tablet/);
    await owner.screenshot({ path: `${SHOTS}/owner-audit-trail.png`, fullPage: true });
    const trail = (await rows.allTextContents()).join('\n');
    expect(trail).toMatch(new RegExp(`Rosa Marin.*#${orderId}`, 'i'));
    expect(trail).toMatch(new RegExp(`Pass tablet.*#${orderId}`, 'i'));

    // 7. Revoked from the Devices screen, the tablet is signed out within 5 s, untouched.
    await owner.goto('/dashboard/devices');
    await owner.getByRole('button', { name: deviceScreenMessages.revoke('Pass tablet') }).click();
    await owner
      .getByRole('dialog', { name: deviceScreenMessages.revokeTitle })
      .getByRole('button', { name: deviceScreenMessages.confirmRevoke })
      .click();
    const revokedAt = Date.now();
    await tablet.waitForURL(/\/pair/, { timeout: 5_000 });
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(5_000);
    await visible(tablet, deviceScreenMessages.signedOut);

    await Promise.all([desk, phone, tabletContext, dinerContext].map((context) => context.close()));
  });
});
