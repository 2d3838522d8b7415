import { mkdir, readFile } from 'node:fs/promises';
import { kitchenAnalyticsMessages as text } from '@tableserve/contract/kitchen-analytics';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import type { DemoInfo } from '@tableserve/server/seed';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../support/demo';
import { type Product, startProduct } from '../support/harness';
import { logIn, ownerToken } from '../support/owners';
import { cutOffControls, horizontalOverflow, parseCsv, staffPaths } from '../support/staff';

/**
 * docs/decisions/014-kitchen-analytics.md: the sales report's Kitchen view on a 390-px phone and a 1024-px tablet, from
 * a service day played through the API at set instants of the server's clock (and the browser's),
 * so every figure on screen is known: preparation times, late orders, the busiest hour, the
 * chart, the best sellers and the CSV.
 */

const SHOTS = '/tmp/shots';
const ZONE = 'America/Los_Angeles';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let product: Product;
let demo: DemoInfo;
/** How far the server's clock is ahead of the machine's. */
let offset = 0;
/** The service day (a Wednesday at least a day ahead), YYYY-MM-DD in UTC and in Los Angeles. */
let serviceDay: string;
let dishes: { menu_id: number; item_name: string }[];

/** Moves the server's clock (and `context`'s pages') to the instant `at`. */
async function clockTo(at: number, context?: BrowserContext) {
  const ahead = at - (Date.now() + offset);
  if (ahead < 0) throw new Error(`the clock is already past ${new Date(at).toISOString()}`);
  offset += ahead;
  await product.advanceClock(ahead, context);
}

const at = (hhmm: string) => Date.parse(`${serviceDay}T${hhmm}:00Z`);
const localHour = (instant: number) =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(instant),
  );
const hourName = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** Eight walk-ins, UTC times; each line [dish index, quantity]; approved and Ready when given. */
const service = [
  { placed: '18:40', lines: [[0, 2]], approved: '18:42', ready: '18:54' },
  {
    placed: '19:05',
    lines: [
      [1, 1],
      [0, 1],
    ],
    approved: '19:06',
    ready: '19:24',
  },
  { placed: '19:15', lines: [[2, 3]], approved: '19:20', ready: '19:50' },
  { placed: '19:30', lines: [[0, 1]], approved: '19:31', ready: '19:40' },
  { placed: '20:10', lines: [[1, 2]], approved: '20:12', ready: '20:27' },
  { placed: '20:20', lines: [[0, 1]], approved: '20:21', ready: '20:45' },
  { placed: '21:50', lines: [[2, 1]], approved: '21:52', ready: '22:02' },
  { placed: '22:10', lines: [[0, 1]] },
] as const;
const NOW = '22:20';

beforeAll(async () => {
  product = await startProduct();
  demo = await seedDemo(product);
  const token = new URL(demo.menuUrl).searchParams.get('token');
  const menu = (await product.app.inject({ url: `/api/v1/customer/display-menu/${token}` })).json();
  const restaurantId = menu.restaurant.restaurant_id as number;
  // Dishes taken as they are: one with a required choice would need its options.
  dishes = (menu.menu as { menu_id: number; item_name: string; option_groups: unknown[] }[])
    .filter((dish) => dish.option_groups.length === 0)
    .slice(0, 3);

  const ahead = new Date(Date.now() + DAY);
  const toWednesday = (3 - ahead.getUTCDay() + 7) % 7;
  serviceDay = new Date(ahead.getTime() + toWednesday * DAY).toISOString().slice(0, 10);

  // The day's steps in time order, each at its instant of the server's clock.
  const steps: { at: number; run: () => Promise<void> }[] = [];
  const ids: number[] = [];
  // One login once the clock is on the service day: its token lasts the day's 4 hours.
  let owner: Awaited<ReturnType<typeof ownerToken>> | undefined;
  const signedIn = async () => {
    owner ??= await ownerToken(product, { email: demo.email, password: demo.password });
    return owner;
  };
  service.forEach((order, index) => {
    steps.push({
      at: at(order.placed),
      run: async () => {
        const { userId, headers } = await signedIn();
        const placed = await product.app.inject({
          method: 'POST',
          url: '/api/v1/customer/place-order',
          headers,
          payload: {
            restaurant_id: restaurantId,
            user_id: userId,
            customer_name: `Walk-in ${index + 1}`,
            phone_number: '5035550199',
            total_amount: 0,
            items: order.lines.map(([dish, quantity]) => ({ menu_id: dishes[dish]!.menu_id, quantity })),
          },
        });
        expect(placed.statusCode, placed.body).toBe(201);
        ids[index] = placed.json().order_id;
      },
    });
    if (!('approved' in order)) return;
    for (const [status, time] of [
      ['Approved', order.approved],
      ['Ready', order.ready],
    ] as const) {
      steps.push({
        at: at(time),
        run: async () => {
          const { headers } = await signedIn();
          const moved = await product.app.inject({
            method: 'POST',
            url: `/api/v1/kitchen/restaurant/${restaurantId}/update-order-status/${ids[index]}`,
            headers,
            payload: { status },
          });
          expect(moved.statusCode, moved.body).toBe(200);
        },
      });
    }
  });
  for (const step of steps.sort((a, b) => a.at - b.at)) {
    await clockTo(step.at);
    await step.run();
  }
  await clockTo(at(NOW));
  await mkdir(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await product?.stop();
});

/** Signs in on a device of this size, with its clock on the server's, and opens the Kitchen view. */
async function kitchenView(viewport: { width: number; height: number }, phone: boolean) {
  const context = await product.newContext({ phone, viewport, acceptDownloads: true });
  await clockTo(Date.now() + offset + 1000, context);
  const page = await context.newPage();
  await logIn(page, { email: demo.email, password: demo.password });
  await page.waitForURL(`**${staffPaths.summary}`);
  await page.getByRole('button', { name: ownerOrderMessages.salesReport }).click();
  await page.getByRole('button', { name: ownerOrderMessages.viewReport }).click();
  const report = page.getByRole('dialog', { name: ownerOrderMessages.dailySalesTitle });
  // The spec's report opens first, its tabs above it.
  await expect
    .poll(() => report.getByText(ownerOrderMessages.totalRevenue).isVisible(), { timeout: 15_000 })
    .toBe(true);
  await page.screenshot({ path: `${SHOTS}/sales-tab-${viewport.width}.png` });
  await report.getByRole('tab', { name: text.kitchenTab }).click();
  await expect
    .poll(() => report.locator('.ct-bar').count(), { timeout: 15_000, message: 'the chart draws its bars' })
    .toBe(5);
  return { context, page, report };
}

/** A figure's value and hint by its term. */
const figure = async (page: Page, term: string) =>
  (
    await page
      .getByRole('dialog')
      .locator('dt', { hasText: term })
      .locator('xpath=..')
      .locator('dd')
      .allTextContents()
  ).map((value) => value.replace(/\s+/g, ' ').trim());

describe('the Kitchen view of the sales report', () => {
  it('shows the day on a 390-px phone: figures, chart, table, best sellers, CSV', async () => {
    const { context, page, report } = await kitchenView({ width: 390, height: 844 }, true);

    // 12, 18, 30, 9, 15, 24 and 10 minutes: 118 / 7 on average; the 7th of 7 is the p90.
    expect(await figure(page, text.averagePreparation)).toEqual(['16 min 51 s', text.preparationHint]);
    expect(await figure(page, text.p90Preparation)).toEqual(['30 min', '7 of 8 orders timed']);
    // Ready 35 and 25 minutes after ordering; the last one has waited 10 minutes so far.
    expect(await figure(page, text.lateOrders)).toEqual(['2 of 8', text.lateHint(20)]);
    const busiest = localHour(at('19:05'));
    expect(await figure(page, text.busiestHour)).toEqual([hourName(busiest), text.ordersThatHour(3)]);
    const chart = report.getByRole('img', { name: new RegExp(`^${text.ordersByHour}: `) });
    expect(await chart.isVisible()).toBe(true);
    // The busiest bar is drawn darker.
    expect(await report.locator('.ct-bar.ct-bar-busiest').count()).toBe(1);

    await page.screenshot({ path: `${SHOTS}/kitchen-analytics-390.png` });
    await report.getByText(text.showTable).click();
    const rows = report.getByRole('table', { name: text.ordersByHour }).getByRole('row');
    expect((await rows.allTextContents()).slice(1).map((row) => row.replace(/\s+/g, ' '))).toEqual(
      [1, 3, 2, 1, 1].map((orders, index) => {
        const hour = localHour(at('18:40')) + index;
        return `${hourName(hour)} – ${hourName(hour + 1)}${orders}`;
      }),
    );
    const best = await report
      .getByRole('region', { name: text.bestSellers })
      .getByRole('listitem')
      .allTextContents();
    expect(best).toEqual([
      `1${dishes[0]!.item_name}${text.sold(6)}`,
      `2${dishes[2]!.item_name}${text.sold(4)}`,
      `3${dishes[1]!.item_name}${text.sold(3)}`,
    ]);

    await report
      .locator('[tabindex="0"]')
      .first()
      .evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.screenshot({ path: `${SHOTS}/kitchen-analytics-390-scrolled.png` });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await cutOffControls(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: text.exportKitchenCsv }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Kitchen_Analytics_${serviceDay}.csv`);
    const csv = parseCsv((await readFile((await file.path())!, 'utf8')).trim());
    expect(csv.slice(0, 10)).toEqual([
      [...text.csvColumns],
      ['Summary', 'From', serviceDay],
      ['Summary', 'To', serviceDay],
      ['Summary', 'Time zone', ZONE],
      ['Summary', 'Orders', '8'],
      ['Summary', 'Prepared orders', '7'],
      ['Summary', 'Average preparation (min)', '16.85'],
      ['Summary', '90% ready within (min)', '30.00'],
      ['Summary', 'Late after (min)', '20'],
      ['Summary', 'Late orders', '2'],
    ]);
    await context.close();
  });

  it('fits a 1024-px tablet, and reads the 7 days ending on the day', async () => {
    const { context, page, report } = await kitchenView({ width: 1024, height: 768 }, false);
    await page.screenshot({ path: `${SHOTS}/kitchen-analytics-1024.png` });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await cutOffControls(page)).toEqual([]);

    const asked = page.waitForRequest((request) => request.url().includes('/kitchen-analytics?'));
    await report.getByRole('button', { name: text.week }).click();
    const from = new Date(Date.parse(`${serviceDay}T00:00:00Z`) - 6 * DAY).toISOString().slice(0, 10);
    expect(new URL((await asked).url()).searchParams.get('from')).toBe(from);
    // No other day had orders: the same figures over the week.
    await expect
      .poll(() => figure(page, text.lateOrders), { timeout: 10_000 })
      .toEqual(['2 of 8', text.lateHint(20)]);
    await page.screenshot({ path: `${SHOTS}/kitchen-analytics-1024-week.png` });
    await context.close();
  });
});
