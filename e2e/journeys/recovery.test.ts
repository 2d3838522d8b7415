import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import type { DemoInfo } from '@tableserve/server/seed';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRestaurantId, seedDemo } from '../support/demo';
import { type Product, startProduct } from '../support/harness';
import { ownerToken } from '../support/owners';
import { currentStep, markPage, openOwnerTabs, stillSamePage } from '../support/staff';

/** docs/product/order-statuses.md#live-updates: every screen shows the server's state this soon after the connection is back. */
const CONVERGE_BUDGET_MS = 5000;

let product: Product;
let demo: DemoInfo;
let restaurantId: number;
let owner: { userId: number; headers: { authorization: string } };
let menu: Map<string, number>;

beforeAll(async () => {
  // PGlite files in the data directory, so that the orders outlive a restart of the server.
  product = await startProduct({ env: { DATABASE_URL: '' } });
  demo = await seedDemo(product);
  owner = await ownerToken(product, { email: demo.email, password: demo.password });
  restaurantId = await demoRestaurantId(product);
  const items = await product.app.inject({
    url: `/api/v1/menu/get-menu-items/${restaurantId}`,
    headers: owner.headers,
  });
  menu = new Map(
    (items.json().data as Array<{ menu_id: number; item_name: string }>).map((item) => [
      item.item_name,
      item.menu_id,
    ]),
  );
});
afterAll(async () => {
  await product?.stop();
});

type Call = {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: Record<string, unknown>;
};
/** One API call, through a server instance's inject (the running one unless told otherwise). */
type Inject = (call: Call) => Promise<{ statusCode: number; json(): Record<string, unknown> }>;
const inject: Inject = (call) => product.app.inject(call);

/** A guest orders for a table through the API, as the checkout page does. */
async function guestOrder(name: string, email: string, table: number, via = inject) {
  const created = await via({
    method: 'POST',
    url: '/api/v1/customer/create',
    payload: {
      customer_name: name,
      email,
      phone_number: '4155550177',
      restaurant_id: restaurantId,
      is_guest: true,
    },
  });
  expect(created.statusCode).toBe(201);
  const session = created.json().data as { token: string; customer_id: number };
  const placed = await via({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: { authorization: `Bearer ${session.token}` },
    payload: {
      restaurant_id: restaurantId,
      order_items: [{ menu_item_id: menu.get('Margherita Pizza')!, quantity: 1 }],
      order_type: 'dine-in',
      table_no: table,
    },
  });
  expect(placed.statusCode).toBe(201);
  return {
    session: created.json().data as Record<string, unknown>,
    orderId: placed.json().order_id as number,
  };
}

/** The owner's walk-in order, from the Place Order form's call. */
async function walkInOrder(customer: string, via: Inject) {
  const placed = await via({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: owner.headers,
    payload: {
      restaurant_id: restaurantId,
      user_id: owner.userId,
      customer_name: customer,
      phone_number: '5035550199',
      total_amount: 0,
      items: [{ menu_id: menu.get('Tiramisu')!, quantity: 1 }],
    },
  });
  expect(placed.statusCode).toBe(201);
  return placed.json().order_id as number;
}

async function approve(orderId: number, via: Inject) {
  const response = await via({
    method: 'POST',
    url: `/api/v1/owner/restaurant/${restaurantId}/approve-order/${orderId}`,
    headers: owner.headers,
  });
  expect(response.statusCode).toBe(200);
}

async function setStatus(orderId: number, status: string, via: Inject) {
  const response = await via({
    method: 'POST',
    url: `/api/v1/kitchen/restaurant/${restaurantId}/update-order-status/${orderId}`,
    headers: owner.headers,
    payload: { status },
  });
  expect(response.statusCode).toBe(200);
}

/**
 * The Socket.IO connections of a browser profile's pages, with a switch: down() closes the open
 * ones and makes new ones fail as a refused connection does (a dropped network path, while the
 * browser still believes it is online); up() lets them through again.
 */
async function socketSwitch(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    const open = new Set<WebSocket>();
    const control = { down: false, open };
    Object.assign(window, { socketSwitch: control });
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        // Nothing listens on port 9: the connection is refused at once, error and close events alike.
        super(
          control.down && String(url).includes('/socket.io/') ? 'ws://127.0.0.1:9/socket.io/' : url,
          protocols,
        );
        open.add(this);
        this.addEventListener('close', () => open.delete(this));
      }
    };
  });
  const flip = (page: Page, down: boolean) =>
    page.evaluate((down) => {
      const control = (window as unknown as { socketSwitch: { down: boolean; open: Set<WebSocket> } })
        .socketSwitch;
      control.down = down;
      if (down) for (const socket of control.open) socket.close();
    }, down);
  return {
    down: () => Promise.all(context.pages().map((page) => flip(page, true))),
    up: () => Promise.all(context.pages().map((page) => flip(page, false))),
  };
}

/** The diner's order-status page on a phone, signed in as the guest who placed the order. */
async function dinerStatusPage(context: BrowserContext, session: Record<string, unknown>, orderId: number) {
  const { token, ...customer } = session;
  await context.addInitScript(
    ({ data, token }) => {
      localStorage.setItem('customerData', data);
      localStorage.setItem('CustomerToken', token);
    },
    { data: JSON.stringify(customer), token: String(token) },
  );
  const page = await context.newPage();
  await page.goto(`/customer/order-status?orderId=${orderId}&restaurant_id=${restaurantId}`);
  await expect.poll(() => page.getByText('Live updates').isVisible(), { timeout: 15_000 }).toBe(true);
  await markPage(page);
  return page;
}

type Check = [what: string, holds: () => Promise<boolean>];

/**
 * Waits until every check holds at once, and answers how long that took from `since`; fails
 * with the checks that still do not hold well after the budget.
 */
async function convergence(checks: Check[], since: number): Promise<number> {
  const giveUpAt = since + CONVERGE_BUDGET_MS + 15_000;
  const pending = new Set(checks.map(([what]) => what));
  await Promise.all(
    checks.map(async ([what, holds]) => {
      while (!(await holds().catch(() => false))) {
        if (Date.now() > giveUpAt) throw new Error(`never converged: ${[...pending].join('; ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      pending.delete(what);
    }),
  );
  // All held at some point; they must all still hold now (nothing went back to a stale state).
  for (const [what, holds] of checks) expect(await holds().catch(() => false), `still: ${what}`).toBe(true);
  return Date.now() - since;
}

const badge = (page: Page, text: string) =>
  expect.poll(() => page.getByRole('status', { name: `Live updates: ${text}` }).isVisible(), {
    timeout: 15_000,
  });

/**
 * What the screens must show once they have caught up with the server: the first order Ready
 * (a Ready row can be marked paid; a Ready ticket says it is ready to serve and has no 'Mark as
 * Ready' left), and the order placed meanwhile listed.
 */
function screensShow(
  screens: { summary: Page; kitchen: Page; diner: Page },
  expected: { orderId: number; newOrderId: number; newCustomer: string },
): Check[] {
  const { summary, kitchen, diner } = screens;
  const row = (id: number) => summary.getByRole('row', { name: new RegExp(`Order #${id}\\b`) });
  const card = (id: number) => kitchen.getByRole('article', { name: `Order #${id}` });
  const text = async (locator: Locator) => (await locator.textContent({ timeout: 200 })) ?? '';
  return [
    [
      `Order Summary shows #${expected.orderId} Ready`,
      () =>
        row(expected.orderId)
          .getByRole('button', { name: new RegExp(ownerOrderMessages.markPaid) })
          .isVisible(),
    ],
    [
      `Order Summary lists #${expected.newOrderId}`,
      async () => (await text(row(expected.newOrderId))).includes(expected.newCustomer),
    ],
    [
      `Kitchen shows #${expected.orderId} Ready`,
      async () =>
        (await text(card(expected.orderId))).includes('Ready to serve') &&
        (await card(expected.orderId).getByRole('button', { name: ownerOrderMessages.markReady }).count()) ===
          0,
    ],
    [`Kitchen lists #${expected.newOrderId}`, () => card(expected.newOrderId).isVisible()],
    [`the diner's page shows 'Ready'`, async () => ((await currentStep(diner)) ?? '').includes('Ready')],
  ];
}

describe('recovery: the dashboards and the diner page catch up with the server', () => {
  it('after the socket drops while an order moves on and another is placed', async () => {
    const { session, orderId } = await guestOrder('Dora Drop', 'dora@guest.example', 4);
    const ownerContext = await product.newContext();
    const ownerSockets = await socketSwitch(ownerContext);
    const { summary, kitchen } = await openOwnerTabs(
      ownerContext,
      { email: demo.email, password: demo.password },
      ['summary', 'kitchen'],
    );
    const dinerContext = await product.newContext({ phone: true });
    const dinerSockets = await socketSwitch(dinerContext);
    const diner = await dinerStatusPage(dinerContext, session, orderId);
    await expect.poll(() => currentStep(diner), { timeout: 10_000 }).toContain('Order Received');
    await expect
      .poll(() => kitchen.getByRole('article', { name: `Order #${orderId}` }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);

    // The sockets drop; the screens say so.
    await Promise.all([ownerSockets.down(), dinerSockets.down()]);
    await badge(summary, 'Offline · reconnecting').toBe(true);
    await badge(kitchen, 'Offline · reconnecting').toBe(true);
    await expect.poll(() => diner.getByText('Offline · refresh for the latest').isVisible()).toBe(true);

    // Meanwhile the order is approved and made ready, and a walk-in orders: no screen hears of it.
    await approve(orderId, inject);
    await setStatus(orderId, 'Ready', inject);
    const walkInId = await walkInOrder('Walt Walkin', inject);
    // Long enough for Socket.IO to use up its 5 attempts, 1 s apart.
    await new Promise((resolve) => setTimeout(resolve, 6500));
    expect(await currentStep(diner)).toContain('Order Received');

    // The sockets are back: within the budget, every screen shows what the server knows.
    await Promise.all([ownerSockets.up(), dinerSockets.up()]);
    const since = Date.now();
    const elapsed = await convergence(
      screensShow({ summary, kitchen, diner }, { orderId, newOrderId: walkInId, newCustomer: 'Walt Walkin' }),
      since,
    );
    expect(elapsed, 'ms from the sockets coming back to every screen caught up').toBeLessThanOrEqual(
      CONVERGE_BUDGET_MS,
    );

    // …and live again: the next change arrives by itself.
    await badge(summary, 'Live').toBe(true);
    await setStatus(orderId, 'Completed', inject);
    await expect.poll(() => currentStep(diner), { timeout: 5000 }).toContain('Complete');
    for (const page of [summary, kitchen, diner]) expect(await stillSamePage(page)).toBe(true);

    await dinerContext.close();
    await ownerContext.close();
  }, 120_000);

  it('after the server restarts while orders are placed and moved on', async () => {
    const { session, orderId } = await guestOrder('Rita Restart', 'rita@guest.example', 7);
    const ownerContext = await product.newContext();
    const { summary, kitchen } = await openOwnerTabs(
      ownerContext,
      { email: demo.email, password: demo.password },
      ['summary', 'kitchen'],
    );
    const dinerContext = await product.newContext({ phone: true });
    const diner = await dinerStatusPage(dinerContext, session, orderId);
    await expect.poll(() => currentStep(diner), { timeout: 10_000 }).toContain('Order Received');

    // The server goes down; before it listens again, the order is approved and made ready, and a
    // walk-in and another guest order: the restarted server has never told any screen of them.
    let walkInId = 0;
    const listening = await product.restart({
      whileDown: async (app) => {
        const via: Inject = (call) => app.inject(call);
        await approve(orderId, via);
        await setStatus(orderId, 'Ready', via);
        walkInId = await walkInOrder('Wendy Downtime', via);
        await guestOrder('Otto Outage', 'otto@guest.example', 9, via);
        await badge(summary, 'Offline · reconnecting').toBe(true);
        await badge(kitchen, 'Offline · reconnecting').toBe(true);
      },
    });

    const elapsed = await convergence(
      screensShow(
        { summary, kitchen, diner },
        { orderId, newOrderId: walkInId, newCustomer: 'Wendy Downtime' },
      ),
      listening,
    );
    expect(elapsed, 'ms from the server listening again to every screen caught up').toBeLessThanOrEqual(
      CONVERGE_BUDGET_MS,
    );
    await expect
      .poll(() => summary.getByRole('row').filter({ hasText: 'Otto Outage' }).isVisible(), { timeout: 5000 })
      .toBe(true);

    // …and live again on the new server.
    await badge(summary, 'Live').toBe(true);
    await badge(kitchen, 'Live').toBe(true);
    await expect.poll(() => diner.getByText('Live updates').isVisible(), { timeout: 5000 }).toBe(true);
    await setStatus(orderId, 'Completed', inject);
    await expect.poll(() => currentStep(diner), { timeout: 5000 }).toContain('Complete');
    await expect
      .poll(() => kitchen.getByRole('article', { name: `Order #${walkInId}` }).textContent(), {
        timeout: 5000,
      })
      .toContain('Pending');
    await approve(walkInId, inject);
    await expect
      .poll(() => kitchen.getByRole('article', { name: `Order #${walkInId}` }).textContent(), {
        timeout: 5000,
      })
      .toContain('Approved');
    for (const page of [summary, kitchen, diner]) expect(await stillSamePage(page)).toBe(true);

    await dinerContext.close();
    await ownerContext.close();
  }, 120_000);
});
