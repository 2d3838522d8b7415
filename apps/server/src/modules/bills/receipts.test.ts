import type { PricingRules } from '@tableserve/contract/bill';
import { receiptMessages } from '@tableserve/contract/receipts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayments, restaurants } from '../../db/schema';
import { createDomainEventBus } from '../../lib/domain-events';
import type { MailMessage } from '../../mail/mailer';
import { insertPaidBill, insertRefund, type PaidBill, type PaymentSpec, pdfText } from '../../test/receipts';
import { ownerWithRestaurant } from '../../test/restaurants';
import { staffTokenFor } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendReceiptsOnPayment } from './receipt-email';
import { createReceiptPdfs, RECEIPT_PDFS } from './receipt-pdfs';
import { buildReceipt, RECEIPT_LINES_LISTED } from './receipts';

/**
 * Receipts (docs/decisions/020-money-model.md#payments): the email sent once a payment is
 * confirmed, and the PDF its payer or the restaurant's staff download. Bills are written straight
 * into the tables, priced by the contract's arithmetic.
 */

const food = { name: 'Food', rate: 7000 };
const alcohol = { name: 'Alcohol', rate: 20_000 };
const usRules: PricingRules = { pricesIncludeTax: false, serviceRate: 10_000, serviceMinParty: null };
// Margherita 14.00 (+ tax 0.98, service 1.40 = 16.38), 2 × House red 18.00 (+ 3.60, 1.80 = 23.40),
// Tiramisu 7.50 (+ 0.525 → 0.53 half up, 0.75 = 8.78): the bill is 48.56 before tips.
const lines = [
  {
    name: 'Margherita',
    unitPriceCents: 1400,
    quantity: 1,
    tax: food,
    options: [{ group: 'Size', name: 'Large', priceDeltaCents: 200 }],
  },
  { name: 'House red', unitPriceCents: 900, quantity: 2, tax: alcohol },
  { name: 'Tiramisu', unitPriceCents: 750, quantity: 1, tax: food },
];
// 19:42 UTC on 2 March is 11:42 in Portland (PST: daylight time starts on 8 March).
const confirmedAt = new Date('2026-03-02T19:42:00Z');

let t: TestApp;
let place: Awaited<ReturnType<typeof ownerWithRestaurant>>;
let other: Awaited<ReturnType<typeof ownerWithRestaurant>>;
let whole: PaidBill;
let shared: PaidBill;
let restaurantName: string;

beforeAll(async () => {
  t = await createTestApp();
  place = await ownerWithRestaurant(t, {
    restaurant_name: 'Chez <Léa> & Co',
    timezone: 'America/Los_Angeles',
  });
  other = await ownerWithRestaurant(t);
  restaurantName = 'Chez <Léa> & Co';
  const db = t.app.database.db;
  await db
    .update(restaurants)
    .set({ taxRegistrationNumber: 'US 93-1234567' })
    .where(eq(restaurants.id, place.restaurantId));
  whole = await insertPaidBill(db, {
    restaurantId: place.restaurantId,
    tableNumber: 4,
    rules: usRules,
    lines,
    payments: [{ split: 'all', tipCents: 729, email: 'dana@example.com', confirmedAt }],
  });
  shared = await insertPaidBill(db, {
    restaurantId: place.restaurantId,
    tableNumber: 5,
    rules: usRules,
    lines,
    payments: [
      {
        split: 'items',
        items: [
          { line: 0, shareCount: 2, shareIndexes: [0] },
          { line: 2, shareCount: 1, shareIndexes: [0] },
        ],
        tipCents: 300,
        email: 'ari@example.com',
        cardBrand: 'mastercard',
        cardLast4: '4444',
        confirmedAt,
      },
      {
        split: 'items',
        items: [
          { line: 0, shareCount: 2, shareIndexes: [1] },
          { line: 1, shareCount: 1, shareIndexes: [0] },
        ],
        tipCents: 0,
        confirmedAt,
      },
    ],
  });
});
afterAll(() => t.close());

const paid = (bill: PaidBill, index = 0) => ({
  restaurantId: place.restaurantId,
  billId: bill.billId,
  paymentId: bill.payments[index]!.paymentId,
});

describe('the emailed receipt', () => {
  it('is sent on a confirmed payment with every figure, the card and the local time', async () => {
    t.app.domainEvents.emit('payment.succeeded', paid(whole));
    const mail = await t.waitForMail('dana@example.com');
    expect(mail.subject).toBe(`Your receipt from ${restaurantName}`);
    const text = mail.text.split('\n');
    expect(text).toEqual(
      expect.arrayContaining([
        restaurantName,
        '12 Harbor Rd',
        'Portland, OR 97201',
        '(503) 555-0100',
        'Tax registration no. US 93-1234567',
        'Table 4',
        `Order #${whole.orderId}`,
        'Paid Mar 2, 2026 at 11:42 AM PST',
        'Margherita  $14.00',
        '  Size: Large',
        '2 × House red  $18.00',
        'Tiramisu  $7.50',
        'Subtotal  $39.50',
        'Food 7 %  $1.51',
        'Alcohol 20 %  $3.60',
        'Service  $3.95',
        'Bill total  $48.56',
        'Your share  $48.56',
        'Tip  $7.29',
        'Total charged  $55.85',
        'Paid with: Visa •••• 4242',
        `Payment no. ${whole.payments[0]!.paymentId}`,
      ]),
    );
    // The restaurant's name is the owner's text: escaped in the HTML, never markup.
    expect(mail.html).toContain('Chez &lt;Léa&gt; &amp; Co');
    expect(mail.html).not.toContain('<Léa>');
    expect(mail.html).toContain('Visa •••• 4242');
    expect(mail.html).toContain('$55.85');
  });

  it('lists only the shares a payer paid by items, with their part of tax and service', async () => {
    t.app.domainEvents.emit('payment.succeeded', paid(shared, 0));
    const mail = await t.waitForMail('ari@example.com');
    const text = mail.text.split('\n');
    // Half of Margherita's 16.38 is 8.19: tax 0.49, service 0.70, so 7.00 of the dish.
    expect(text).toEqual(
      expect.arrayContaining([
        'Table 5',
        'Margherita (1 of 2)  $7.00',
        'Tiramisu  $7.50',
        'Subtotal  $14.50',
        'Food 7 %  $1.02',
        'Service  $1.45',
        'Tip  $3.00',
        'Total charged  $19.97',
        'Paid with: Mastercard •••• 4444',
      ]),
    );
    expect(mail.text).not.toContain('House red');
    expect(mail.text).not.toContain(receiptMessages.yourShare);
  });

  it('shows a tax the prices contain as included, and an even share of the bill', async () => {
    const bill = await insertPaidBill(t.app.database.db, {
      restaurantId: place.restaurantId,
      tableNumber: null,
      rules: { pricesIncludeTax: true, serviceRate: 0, serviceMinParty: null },
      lines: [
        { name: 'Fish & chips', unitPriceCents: 1200, quantity: 1, tax: { name: 'VAT', rate: 20_000 } },
      ],
      payments: [{ split: 'even', amountCents: 600, tipCents: 60, email: 'eu@example.com', confirmedAt }],
    });
    t.app.domainEvents.emit('payment.succeeded', paid(bill));
    const text = (await t.waitForMail('eu@example.com')).text.split('\n');
    // 12.00 contains 12.00 − 12.00 / 1.2 = 2.00 of VAT, not added.
    expect(text).toEqual(
      expect.arrayContaining([
        'Subtotal  $12.00',
        'VAT 20 % (Included)  $2.00',
        'Bill total  $12.00',
        'Your share  $6.00',
        'Tip  $0.60',
        'Total charged  $6.60',
      ]),
    );
    expect(text.some((line) => line.startsWith('Table'))).toBe(false);
  });

  it('is sent once per payment, however often the event repeats', async () => {
    const sent: MailMessage[] = [];
    const events = createDomainEventBus();
    const receipts = sendReceiptsOnPayment({
      db: t.app.database.db,
      mailer: { send: async (message) => void sent.push(message), close: () => {} },
      events,
      now: t.clock.now,
      log: pino({ level: 'silent' }) as FastifyBaseLogger,
    });
    const bill = await insertPaidBill(t.app.database.db, {
      restaurantId: place.restaurantId,
      tableNumber: 2,
      rules: usRules,
      lines,
      payments: [{ split: 'all', tipCents: 0, email: 'twice@example.com', confirmedAt }],
    });
    events.emit('payment.succeeded', paid(bill));
    events.emit('payment.succeeded', paid(bill));
    await receipts.settled();
    events.emit('payment.succeeded', paid(bill));
    await receipts.settled();
    expect(sent.map((message) => message.to)).toEqual(['twice@example.com']);
  });

  it('is sent to no one when the payer gave no address', async () => {
    const sent: MailMessage[] = [];
    const events = createDomainEventBus();
    const receipts = sendReceiptsOnPayment({
      db: t.app.database.db,
      mailer: { send: async (message) => void sent.push(message), close: () => {} },
      events,
      now: t.clock.now,
      log: pino({ level: 'silent' }) as FastifyBaseLogger,
    });
    events.emit('payment.succeeded', paid(shared, 1));
    await receipts.settled();
    expect(sent).toEqual([]);
  });
});

const pdfUrl = (bill: PaidBill, index = 0, query = '') =>
  `/api/v1/bills/${bill.billId}/payments/${bill.payments[index]!.paymentId}/receipt.pdf${query}`;
const withToken = (bill: PaidBill, index = 0) =>
  pdfUrl(bill, index, `?receipt_token=${bill.payments[index]!.receiptToken}`);

describe('the PDF receipt', () => {
  it('downloads with the payer’s token: one page with every figure', async () => {
    await insertRefund(t.app.database.db, {
      restaurantId: place.restaurantId,
      orderId: whole.orderId,
      paymentId: whole.payments[0]!.paymentId,
      amountCents: 500,
      reason: 'Cold tiramisu',
      at: confirmedAt,
    });
    const response = await t.app.inject({ method: 'GET', url: withToken(whole) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${whole.payments[0]!.paymentId}.pdf"`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    // A6's width: 105 mm.
    expect(Math.round(document.getPage(0).getWidth())).toBe(298);
    expect(await pdfText(pdf)).toEqual(
      expect.arrayContaining([
        'RECEIPT',
        restaurantName,
        'Portland, OR 97201',
        'Tax registration no. US 93-1234567',
        'Table 4',
        `Order #${whole.orderId}`,
        'Paid Mar 2, 2026 at 11:42 AM PST',
        'Margherita',
        'Size: Large',
        '$14.00',
        'Food 7 %',
        '$1.51',
        'Alcohol 20 %',
        '$3.60',
        'Service',
        '$3.95',
        'Your share',
        '$48.56',
        'Tip',
        '$7.29',
        'Total charged',
        '$55.85',
        'Visa •••• 4242',
        'Refunded Mar 2, 2026: Cold tiramisu',
        '-$5.00',
      ]),
    );
  });

  it('writes what the standard fonts cannot as "?" rather than failing', async () => {
    const bill = await insertPaidBill(t.app.database.db, {
      restaurantId: place.restaurantId,
      tableNumber: 3,
      rules: usRules,
      lines: [{ name: '寿司 🍣 Set', unitPriceCents: 2000, quantity: 1, tax: food }],
      payments: [{ split: 'all', tipCents: 0, confirmedAt }],
    });
    const response = await t.app.inject({ method: 'GET', url: withToken(bill) });
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain('?? ? Set');
  });

  it('is the restaurant staff’s to download without the token when they may see orders', async () => {
    const server = await staffTokenFor(t, place.restaurantId, 'server');
    for (const headers of [place.owner.auth, server.auth]) {
      const response = await t.app.inject({ method: 'GET', url: pdfUrl(whole), headers });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('has none for a payment the provider has not confirmed yet', async () => {
    const bill = await insertPaidBill(t.app.database.db, {
      restaurantId: place.restaurantId,
      tableNumber: 6,
      rules: usRules,
      lines,
      payments: [{ split: 'all', tipCents: 0, confirmedAt }],
    });
    await t.app.database.db
      .update(billPayments)
      .set({ status: 'pending', confirmedAt: null })
      .where(eq(billPayments.id, bill.payments[0]!.paymentId));
    for (const headers of [{}, place.owner.auth]) {
      const response = await t.app.inject({ method: 'GET', url: withToken(bill), headers });
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers 404, saying nothing, to everyone else', async () => {
    const kitchen = await staffTokenFor(t, place.restaurantId, 'kitchen');
    const elsewhere = await staffTokenFor(t, other.restaurantId, 'manager');
    const wrongToken = `?receipt_token=${shared.payments[0]!.receiptToken}`;
    const refused = [
      { url: pdfUrl(whole) },
      { url: pdfUrl(whole, 0, wrongToken) },
      { url: pdfUrl(whole), headers: other.owner.auth },
      { url: pdfUrl(whole), headers: elsewhere.auth },
      { url: pdfUrl(whole), headers: kitchen.auth },
      // The payment of another bill, even with its own token.
      {
        url: `/api/v1/bills/${whole.billId}/payments/${shared.payments[0]!.paymentId}/receipt.pdf${wrongToken}`,
      },
    ];
    for (const { url, headers } of refused) {
      const response = await t.app.inject({ method: 'GET', url, ...(headers && { headers }) });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toEqual({ message: receiptMessages.notFound, code: 'RECEIPT_NOT_FOUND' });
    }
  });
});

/** A bill of `count` lines, $1.00, $1.01, … each, no tax or service: a line's amount tells which it is. */
const manyLines = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `Plate ${index + 1}`,
    unitPriceCents: 100 + index,
    quantity: 1,
    tax: null,
  }));
const noTaxes: PricingRules = { pricesIncludeTax: false, serviceRate: 0, serviceMinParty: null };
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The PDF its payer downloads, as the text it shows. */
async function downloaded(bill: PaidBill) {
  const response = await t.app.inject({ method: 'GET', url: withToken(bill) });
  expect(response.statusCode, response.body).toBe(200);
  return pdfText(response.rawPayload);
}

describe("a long bill's receipt (docs/decisions/024-bounded-work.md)", () => {
  const LINES = RECEIPT_LINES_LISTED + 25;
  const shown = RECEIPT_LINES_LISTED - 1;
  // The lines past the first `shown`, summed: what the one closing line says.
  const restCents = manyLines(LINES)
    .slice(shown)
    .reduce((sum, line) => sum + line.unitPriceCents, 0);
  const totalCents = manyLines(LINES).reduce((sum, line) => sum + line.unitPriceCents, 0);
  /** A paid bill of LINES lines at `tableNumber`, with its one payment. */
  const longBill = (tableNumber: number, payment: PaymentSpec) =>
    insertPaidBill(t.app.database.db, {
      restaurantId: place.restaurantId,
      tableNumber,
      rules: noTaxes,
      lines: manyLines(LINES),
      payments: [payment],
    });

  it('lists the first lines and sums the rest in one, in the email and the PDF; the figures are the whole bill', async () => {
    const bill = await longBill(8, {
      split: 'even',
      amountCents: 1,
      tipCents: 0,
      email: 'long@example.com',
      confirmedAt,
    });
    t.app.domainEvents.emit('payment.succeeded', paid(bill));
    const text = (await t.waitForMail('long@example.com')).text.split('\n');
    const listedLines = text.filter((line) => line.startsWith('Plate '));
    expect(listedLines).toHaveLength(shown);
    expect(listedLines.at(-1)).toBe(`Plate ${shown}  ${dollars(100 + shown - 1)}`);
    expect(text).toContain(`…and ${LINES - shown} more items on the bill  ${dollars(restCents)}`);
    expect(text).toEqual(
      expect.arrayContaining([
        `Subtotal  ${dollars(totalCents)}`,
        'Your share  $0.01',
        'Total charged  $0.01',
      ]),
    );

    const runs = await downloaded(bill);
    expect(runs.filter((run) => run.startsWith('Plate '))).toHaveLength(shown);
    expect(runs).toEqual(
      expect.arrayContaining([
        `…and ${LINES - shown} more items on the bill`,
        dollars(restCents),
        dollars(totalCents),
      ]),
    );
  });

  it('lists every share a payer paid by items, however many: the receipt is theirs', async () => {
    const bill = await longBill(9, {
      split: 'items',
      items: Array.from({ length: LINES - 1 }, (_, line) => ({ line, shareCount: 1, shareIndexes: [0] })),
      tipCents: 0,
      confirmedAt,
    });
    const runs = await downloaded(bill);
    expect(runs.filter((run) => run.startsWith('Plate '))).toHaveLength(LINES - 1);
    expect(runs.some((run) => run.includes('more items'))).toBe(false);
  });
});

describe("the receipts' line (docs/decisions/024-bounded-work.md)", () => {
  it('draws off the event loop, and refuses a caller past the line with 503 and Retry-After, reading nothing', async () => {
    const pdfs = createReceiptPdfs({ waiting: 1 });
    try {
      const receipt = (await buildReceipt(t.app.database.db, whole.billId, whole.payments[0]!.paymentId))!;
      let reads = 0;
      const read = async () => {
        reads += 1;
        return receipt;
      };
      // One drawn, one waiting: the third is turned away at once and its bill never read.
      const taken = [pdfs.pdf(read), pdfs.pdf(read)];
      const refused = pdfs.pdf(read);
      await expect(refused).rejects.toMatchObject({
        statusCode: 503,
        message: receiptMessages.busy,
        code: 'RECEIPTS_BUSY',
        retryAfterSeconds: RECEIPT_PDFS.retryAfterSeconds,
      });
      for (const pdf of await Promise.all(taken)) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(reads).toBe(2);
      // A read that refuses (a 404) frees its place.
      await expect(
        pdfs.pdf(async () => {
          throw new Error('not found');
        }),
      ).rejects.toThrow('not found');
      expect((await pdfs.pdf(read)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await pdfs.close();
    }
  });
});
