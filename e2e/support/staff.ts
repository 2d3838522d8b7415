import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { OwnerLogin } from './owners';
import { logIn } from './owners';

/** The staff screens of the owner's dashboard. */
export const staffPaths = {
  summary: '/dashboard/order-summary',
  management: '/dashboard/order-management',
  kitchen: '/dashboard/kitchen-management',
  placeOrder: '/dashboard/place-order',
} as const;

/** Marks the page, so a later check can tell that it was never reloaded. */
export const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
export const stillSamePage = (page: Page) => page.evaluate(() => 'notReloaded' in window);

/** The step the diner's order-status page shows as current. */
export const currentStep = (page: Page) =>
  page.locator('ol[aria-label="Order progress"] li[aria-current="step"]').textContent();

/** Waits until a staff screen's socket badge says 'Live'. */
export const staffScreenLive = (page: Page, timeout = 15_000) =>
  expect
    .poll(() => page.getByRole('status', { name: 'Live updates: Live' }).isVisible(), { timeout })
    .toBe(true);

/**
 * Signs the owner in on a first tab, then opens the other screens as further tabs of the same
 * browser. sessionStorage is per tab: the others start from the first tab's session, as
 * "open in new tab" does.
 */
export async function openOwnerTabs<Screen extends keyof typeof staffPaths>(
  context: BrowserContext,
  owner: OwnerLogin,
  screens: readonly Screen[],
): Promise<Record<Screen, Page>> {
  const first = await context.newPage();
  await logIn(first, owner);
  await first.waitForURL(`**${staffPaths.summary}`);
  const session = await first.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  await context.addInitScript((entries: string) => {
    for (const [key, value] of JSON.parse(entries) as [string, string][]) sessionStorage.setItem(key, value);
  }, session);
  const pages = {} as Record<Screen, Page>;
  for (const [index, screen] of screens.entries()) {
    const page = index === 0 ? first : await context.newPage();
    if (!page.url().endsWith(staffPaths[screen])) await page.goto(staffPaths[screen]);
    pages[screen] = page;
  }
  for (const screen of screens) {
    if (screen !== 'placeOrder') await staffScreenLive(pages[screen]);
    await markPage(pages[screen]);
  }
  return pages;
}

/**
 * Polls a locator until it is visible and answers when, by this machine's clock (the browser's
 * clock is the same one). Several of these run side by side, one per screen.
 */
export async function visibleAt(locator: Locator, timeout = 10_000): Promise<number> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await locator.isVisible().catch(() => false)) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${locator} did not become visible within ${timeout} ms`);
}

/**
 * When the browser had the server's answer: the response's first byte, by the browser's wall
 * clock. Without timings, the moment this test heard of it (later, so a laxer measure).
 */
export async function answeredAt(response: Response): Promise<number> {
  await response.finished();
  const timing = response.request().timing();
  return timing.responseStart >= 0 ? timing.startTime + timing.responseStart : Date.now();
}

/** The next POST /customer/place-order answer the page receives. */
export const placeOrderAnswer = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/v1/customer/place-order'),
    { timeout: 20_000 },
  );

/** No sideways scrolling: the page is no wider than its window. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Buttons, links and fields that do not fit: out of the window sideways, or cut by a parent that
 * hides its overflow (a card's rounded corners), which no page-wide scroll width would show.
 */
export const cutOffControls = (page: Page) =>
  page.evaluate(() => {
    const cut: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea');
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
      // Screen-reader-only text is clipped on purpose.
      if (box.width <= 1 && box.height <= 1) continue;
      const name = `${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}"`;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        cut.push(`${name} is outside the window (${Math.round(box.left)}–${Math.round(box.right)})`);
        continue;
      }
      for (let parent = control.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' || style.overflowX === 'auto' || style.overflowX === 'scroll')
          continue;
        const frame = parent.getBoundingClientRect();
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
          cut.push(`${name} is cut by its ${parent.tagName.toLowerCase()}.${parent.className.split(' ')[0]}`);
          break;
        }
      }
    }
    return cut;
  });

/** A CSV file's rows, for files written with quotes around fields that need them. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
