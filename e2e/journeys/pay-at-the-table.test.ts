import { mkdir } from 'node:fs/promises';
import { billPageMessages } from '@tableserve/contract/bill-page';
import { billMessages } from '@tableserve/contract/bills';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { refundMessages } from '@tableserve/contract/refunds';
import { salesMoneyMessages } from '@tableserve/contract/sales-money';
import type { DemoInfo } from '@tableserve/server/seed';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { demoRestaurantId, seedDemo, tableCardPath } from '../support/demo';
import { checkoutFromMenu, continueAsGuest } from '../support/diners';
import { type Product, startProduct } from '../support/harness';
import { logIn, ownerToken } from '../support/owners';
import { parseCsv, staffPaths } from '../support/staff';

/**
 * Paying at the table, end to end (docs/decisions/020-money-model.md): two diners at one table order from
 * their phones, split the bill by items with one shared dish, each pays with the test card and a
 * different tip; the owner sees the table paid live; both get receipts; the owner refunds a line;
 * the day's money adds up to the cent in the report and its CSVs.
 */

let product: Product;
let demo: DemoInfo;
let restaurantId: number;
let ownerHeaders: { authorization: string };
let owner: BrowserContext;
let ownerPage: Page;
/** Table 4's card: the menu token, the table and its key (docs/decisions/025-table-keys.md). */
let tableCard: string;
const phones: BrowserContext[] = [];
const SHOTS = '/tmp/shots';
const TABLE = 4;

const visible = (locator: Locator, timeout = 15_000) =>
  expect.poll(() => locator.isVisible(), { timeout, message: `${locator} visible` }).toBe(true);
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

type Diner = { name: string; email: string; phone: string; dishes: string[]; tip: string; page?: Page };
const ana: Diner = {
  name: 'Ana Split',
  email: 'ana@diner.example',
  phone: '415-555-0101',
  dishes: ['Margherita Pizza', 'Tomato Basil Soup'],
  tip: '15 %',
};
const ben: Diner = {
  name: 'Ben Split',
  email: 'ben@diner.example',
  phone: '415-555-0102',
  dishes: ['Mushroom Risotto', 'Tiramisu'],
  tip: '20 %',
};
/** On Ana's order; Ana and Ben each pay half of it. */
const SHARED = 'Tomato Basil Soup';

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  product = await startProduct();
  demo = await seedDemo(product);
  restaurantId = await demoRestaurantId(product);
  ownerHeaders = (await ownerToken(product, { email: demo.email, password: demo.password })).headers;
  // The restaurant is paid at the end of the meal and adds New York City's sales tax to its prices.
  const settings = await product.app.inject({
    method: 'PUT',
    url: `/api/v1/restaurant/payment-settings/${restaurantId}`,
    headers: ownerHeaders,
    payload: { payment_timing: 'end_of_meal', prices_include_tax: false },
  });
  expect(settings.statusCode).toBe(200);
  const rate = await product.app.inject({
    method: 'POST',
    url: `/api/v1/restaurant/tax-rates/${restaurantId}`,
    headers: ownerHeaders,
    payload: { name: 'Sales tax', rate_percent: 8.875, is_default: true },
  });
  expect(rate.statusCode).toBe(201);
  tableCard = await tableCardPath(product, ownerHeaders, restaurantId, TABLE);
  owner = await product.newContext({ bypassCSP: true });
  ownerPage = await owner.newPage();
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

async function orderAtTheTable(diner: Diner) {
  // bypassCSP: axe checks the bill page on these phones (its script is injected).
  const phone = await product.newContext({ phone: true, bypassCSP: true });
  phones.push(phone);
  const page = await phone.newPage();
  await page.goto(tableCard);
  await visible(page.getByText(`Table ${TABLE}`, { exact: true }));
  if (diner === ana) {
    // Before anyone has ordered the table has nothing to pay: the menu offers no bill.
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(billPageMessages.viewBill).count()).toBe(0);
  }
  for (const dish of diner.dishes) await page.getByRole('button', { name: `Add ${dish}` }).click();
  await checkoutFromMenu(page);
  await continueAsGuest(page, diner);
  if (diner === ana) await shoot(page, 'checkout');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await page.waitForURL('**/customer/order-status**');
  diner.page = page;
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

/** The page at a 390-px phone's size (as opened) and at 1280 × 800, then back. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** Whether the locator's element is within the window, where the diner is looking. */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

async function payMyItems(diner: Diner, shareCount: 'choose' | 'fixed') {
  const page = diner.page!;
  await page.getByRole('link', { name: billPageMessages.viewBill }).click();
  await page.waitForURL('**/bill**');
  // The bill's heading is the restaurant's name; "Your bill" stands under it.
  await visible(page.getByText(billPageMessages.title));
  // The choices are labels around visually hidden radios: a diner taps the label.
  await page.locator('label', { hasText: billPageMessages.payItems }).click();
  const items = page.getByRole('list', { name: billPageMessages.payItems });
  const mine = [...diner.dishes.filter((dish) => dish !== SHARED), SHARED];
  for (const dish of mine) await items.getByRole('checkbox', { name: new RegExp(dish) }).check();
  const sharedBy = billPageMessages.sharedWith(SHARED);
  if (shareCount === 'choose') await items.getByRole('button', { name: `${sharedBy}: more` }).click();
  else expect(await items.getByRole('button', { name: `${sharedBy}: more` }).isDisabled()).toBe(true);
  await page.locator('label', { hasText: new RegExp(`^${diner.tip}`) }).click();
  await page.getByLabel(billPageMessages.receiptEmail).fill(diner.email);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  const charged = cents((await pay.textContent()) ?? '');
  if (diner === ana) await shoot(page, 'bill-before-paying');
  await pay.click();
  await visible(page.getByText(billMessages.paid), 20_000);
  // The result at once, where the diner looks: their card, part, tip and receipt, and no pay form.
  const heading = page.getByRole('heading', {
    level: 2,
    name: new RegExp(`^(${billPageMessages.yourPayment}|${billPageMessages.paidBadge})$`),
  });
  await visible(heading);
  await expect.poll(() => inView(heading), { message: 'the paid heading is in view' }).toBe(true);
  const receipts = page.getByRole('list', { name: billPageMessages.yourPayments });
  await visible(receipts.getByText(billPageMessages.cardEnding('4242')));
  expect(
    cents(
      (await receipts
        .getByText(billPageMessages.paymentCharged)
        .locator('xpath=..')
        .locator('dd')
        .textContent()) ?? '',
    ),
  ).toBe(charged);
  await visible(receipts.getByRole('link', { name: billPageMessages.downloadReceipt }));
  expect(await page.getByRole('button', { name: /^Pay \$/ }).count()).toBe(0);
  if (diner === ana) {
    await visible(page.getByRole('button', { name: billPageMessages.payForSomeoneElse }));
    await expectNoAxeViolations(page, 'the bill page once a diner paid their part');
    await shoot(page, 'bill-after-paying');
  }
  return charged;
}

let anaOrder: number;
let benOrder: number;
const charged: number[] = [];

describe('pay at the table (docs/decisions/020-money-model.md)', () => {
  it('two diners at one table order from their phones; their orders form one open bill', async () => {
    anaOrder = await orderAtTheTable(ana);
    benOrder = await orderAtTheTable(ben);
    const table = await product.app.inject({
      url: `/api/v1/table-bill${new URL(tableCard, product.baseUrl).search}`,
    });
    expect(table.statusCode).toBe(200);
    const bill = table.json();
    expect(bill.lines.map((line: { order_id: number }) => line.order_id).sort()).toEqual(
      [anaOrder, anaOrder, benOrder, benOrder].sort(),
    );
    expect(bill.outstanding).toBe(bill.total);

    // The owner watches the tables from Order Summary before anyone pays.
    await logIn(ownerPage, { email: demo.email, password: demo.password });
    await ownerPage.waitForURL('**/dashboard**');
    await ownerPage.goto(staffPaths.summary);
    await visible(ownerPage.getByRole('table', { name: 'Tables' }));
  }, 120_000);

  it("a phone with only the table's card opens its bill, also after a reload; the menu link with the table typed in does not", async () => {
    // A third diner at the table who ordered nothing and never signed in: the card is all they hold.
    const phone = await product.newContext({ phone: true, bypassCSP: true });
    phones.push(phone);
    const page = await phone.newPage();
    await page.goto(tableCard);
    await page.getByRole('link', { name: billPageMessages.viewBill }).click();
    await page.waitForURL('**/bill?**');
    expect(new URL(page.url()).searchParams.get('key')).toBe(
      new URL(tableCard, product.baseUrl).searchParams.get('key'),
    );
    const lines = page.getByRole('list', { name: 'Bill lines' });
    await visible(lines);
    expect(await lines.getByRole('listitem').count()).toBe(4);
    await page.reload();
    await visible(page.getByRole('list', { name: 'Bill lines' }));
    await visible(page.getByRole('button', { name: /^Pay \$/ }));

    // The restaurant's menu link with the table added by hand (or a card printed before keys):
    // ordering works as ever, the bill is not this phone's to see.
    const menu = new URL(demo.menuUrl);
    await page.goto(`${menu.pathname}${menu.search}&table=${TABLE}`);
    await visible(page.getByText(`Table ${TABLE}`, { exact: true }));
    await page.getByRole('link', { name: billPageMessages.viewBill }).click();
    await page.waitForURL('**/bill?**');
    await visible(page.getByRole('heading', { level: 1, name: billPageMessages.outdatedCodeTitle }));
    expect(await page.getByText(billPageMessages.outdatedCode).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Bill lines' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'the bill page from a code without its key');
    await page.screenshot({ path: `${SHOTS}/bill-outdated-code-390.png` });
    await page.getByRole('link', { name: billPageMessages.backToMenu }).click();
    await visible(page.getByRole('button', { name: `Add ${ana.dishes[0]}` }));
    expect(await page.getByText(`Table ${TABLE}`, { exact: true }).isVisible()).toBe(true);

    // The same on a desktop, reloaded on the bill page itself.
    const desktop = await product.newContext({ viewport: { width: 1280, height: 800 } });
    phones.push(desktop);
    const wide = await desktop.newPage();
    await wide.goto(`${menu.pathname}${menu.search}&table=${TABLE}`);
    await wide.getByRole('link', { name: billPageMessages.viewBill }).click();
    await wide.waitForURL('**/bill?**');
    await wide.reload();
    await visible(wide.getByRole('heading', { level: 1, name: billPageMessages.outdatedCodeTitle }));
    await wide.screenshot({ path: `${SHOTS}/bill-outdated-code-desktop.png` });
  }, 120_000);

  it('they split by items, sharing one dish, and each pays with the test card and a different tip', async () => {
    charged.push(await payMyItems(ana, 'choose'));
    charged.push(await payMyItems(ben, 'fixed'));
    // Nothing is left for the others once the bill's figures are read again: the line goes.
    await expect
      .poll(() => ben.page!.getByText(billPageMessages.leftForOthers('')).isVisible(), { timeout: 15_000 })
      .toBe(false);
    // Both pages follow their bill by its id once it is paid (the table's read then finds no open
    // bill): paid, nothing being paid, nothing left.
    for (const diner of [ana, ben]) {
      const page = diner.page!;
      await expect
        .poll(() => page.getByText(billPageMessages.beingPaid, { exact: true }).count(), {
          timeout: 15_000,
          message: `${diner.name}'s page shows nothing being paid`,
        })
        .toBe(0);
      await visible(page.getByText(billMessages.paid));
      const left = page.locator('dl > div', {
        has: page.getByText(billPageMessages.leftToPay, { exact: true }),
      });
      // Polled too: a page can show nothing being paid before the other diner's payment reaches it.
      await expect
        .poll(() => left.locator('dd').textContent(), {
          timeout: 15_000,
          message: `${diner.name}'s left to pay`,
        })
        .toBe('$0.00');
    }
    await ben.page!.screenshot({ path: `${SHOTS}/bill-paid-390.png`, fullPage: true });

    // Ana opens the table's bill again once it is settled: Paid, with her receipt.
    const page = ana.page!;
    const code = new URL(tableCard, product.baseUrl).searchParams;
    await page.goto(
      `/bill?${new URLSearchParams({ token: code.get('token')!, table: String(TABLE), key: code.get('key')! })}`,
    );
    await visible(page.getByRole('heading', { level: 2, name: billPageMessages.paidBadge }));
    await visible(page.getByText(billPageMessages.billSettled).first());
    await visible(
      page
        .getByRole('list', { name: billPageMessages.yourPayments })
        .getByRole('link', { name: billPageMessages.downloadReceipt }),
    );
    expect(await page.getByText(billMessages.noOpenBill).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Pay \$/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'a settled bill reopened by the diner who paid');
    await shoot(page, 'bill-settled');

    const bill = (
      await product.app.inject({
        url: `/api/v1/table-bill${new URL(tableCard, product.baseUrl).search}`,
      })
    ).json();
    // Paid in full, the table's bill is closed: no open bill is left at the table.
    expect(bill.message ?? '').toBe(billMessages.noOpenBill);
  }, 120_000);

  it("the owner's Tables panel shows the table paid, live", async () => {
    const row = ownerPage
      .getByRole('table', { name: 'Tables' })
      .getByRole('row', { name: new RegExp(`Table ${TABLE}`) });
    await visible(row.getByText('Paid', { exact: true }));
    const cells = (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
    // Orders, Total, Paid, Outstanding, Tips.
    expect(cells[3]).toBe('$0.00');
    await ownerPage.screenshot({ path: `${SHOTS}/tables-panel-desktop.png`, fullPage: true });
  });

  it('both diners receive their receipts by email', async () => {
    for (const [index, diner] of [ana, ben].entries()) {
      const mail = await product.mailTo(diner.email);
      expect(mail.subject).toBe('Your receipt from Trattoria Demo');
      expect(mail.text).toContain('•••• 4242');
      expect(mail.text).toContain(`$${(charged[index]! / 100).toFixed(2)}`);
      expect(mail.text).toContain(SHARED);
    }
  });

  it('the owner refunds one line of an order from Order Management', async () => {
    await ownerPage.goto(staffPaths.management);
    const card = ownerPage.getByRole('article', { name: `Order #${benOrder}` });
    await visible(card);
    await card.getByText(refundMessages.heading).click();
    await card.getByRole('button', { name: refundMessages.refund }).click();
    const dialog = ownerPage.getByRole('dialog', { name: refundMessages.dialogTitle(benOrder) });
    await dialog.getByRole('radio', { name: refundMessages.byLines }).check();
    await dialog.getByRole('checkbox', { name: /Tiramisu/ }).check();
    await dialog.getByLabel(refundMessages.reasonLabel).fill('Dropped on the floor');
    await dialog.getByRole('button', { name: refundMessages.confirm }).click();
    await visible(card.getByText(refundMessages.status.succeeded).first(), 20_000);
    await visible(card.getByText(refundMessages.paymentState.partly_refunded).first());
  }, 60_000);

  it("the day's money adds up to the cent in the report and its CSVs", async () => {
    await ownerPage.goto(staffPaths.summary);
    await ownerPage.getByRole('button', { name: ownerOrderMessages.salesReport }).click();
    await ownerPage.getByRole('button', { name: ownerOrderMessages.viewReport }).click();
    const report = ownerPage.getByRole('dialog');
    await report.getByRole('tab', { name: salesMoneyMessages.moneyTab }).click();
    const money = report.getByRole('region', { name: salesMoneyMessages.heading });
    await visible(money);
    const figure = async (term: string | RegExp) =>
      cents(
        (await money
          .locator('div', { has: ownerPage.getByText(term) })
          .last()
          .locator('dd')
          .textContent()) ?? '',
      );
    const gross = await figure(salesMoneyMessages.gross);
    const tax = await figure(/^Tax Sales tax/);
    const service = await figure(salesMoneyMessages.service);
    const tips = await figure(salesMoneyMessages.tips);
    const refunds = await figure(salesMoneyMessages.refunds);
    const net = await figure(salesMoneyMessages.net);
    expect(tax).toBeGreaterThan(0);
    expect(tips).toBeGreaterThan(0);
    expect(refunds).toBeGreaterThan(0);
    expect(gross + tax + service + tips - refunds).toBe(net);
    // What the cards were charged is what the report counts before refunds.
    expect(gross + tax + service + tips).toBe(charged[0]! + charged[1]!);
    await ownerPage.screenshot({ path: `${SHOTS}/money-desktop.png` });

    const download = ownerPage.waitForEvent('download');
    await report.getByRole('button', { name: salesMoneyMessages.paymentsCsvButton }).click();
    const csv = parseCsv(
      (await (await (await download).createReadStream()).toArray().then(Buffer.concat)).toString('utf8'),
    );
    const [header, ...rows] = csv;
    expect(header).toEqual([...salesMoneyMessages.paymentsCsvColumns]);
    const column = (name: string) => header!.indexOf(name);
    const payments = rows.filter((row) => row[column('Kind')] === salesMoneyMessages.kind.payment);
    const refundRows = rows.filter((row) => row[column('Kind')] === salesMoneyMessages.kind.refund);
    expect(payments).toHaveLength(2);
    expect(refundRows).toHaveLength(1);
    const sum = (list: string[][], name: string) =>
      list.reduce((total, row) => total + cents(row[column(name)]!), 0);
    expect(sum(payments, 'Amount') + sum(payments, 'Tip')).toBe(charged[0]! + charged[1]!);
    expect(sum(payments, 'Tip')).toBe(tips);
    expect(Math.abs(sum(refundRows, 'Amount'))).toBe(refunds);
  }, 60_000);
});
