import { eq } from 'drizzle-orm';
import { billPayments, bills, orderItems, orders } from '../db/schema';
import type { TestApp } from './test-app';

export type PaidLine = {
  name: string;
  unitPriceCents: number;
  quantity?: number;
  tax?: { name: string; rate: number; cents: number };
  serviceCents?: number;
};

/**
 * An order paid online, written through drizzle as the payment flow leaves it (a bill, its
 * confirmed card payments, the order 'paid' on it): the refunds and reports suites start from it.
 * Figures are given, not computed, so a test states every cent it expects.
 */
export async function insertPaidOrder(
  t: TestApp,
  restaurantId: number,
  options: {
    lines: PaidLine[];
    taxIncluded?: boolean;
    /** Each payment's tip, and how much of the order it paid (default: one payment of all). */
    payments?: { amountCents?: number; tipCents?: number; last4?: string }[];
    status?: 'Pending' | 'Approved' | 'Ready' | 'Completed' | 'Cancelled';
    tableNumber?: number | null;
    /** False: paid at the counter (Mark as Paid), as before online payment: no bill, no card. */
    online?: boolean;
  },
) {
  const db = t.app.database.db;
  const at = t.clock.now();
  const taxIncluded = options.taxIncluded ?? false;
  const lines = options.lines.map((line) => {
    const amountCents = line.unitPriceCents * (line.quantity ?? 1);
    const taxCents = line.tax?.cents ?? 0;
    const serviceCents = line.serviceCents ?? 0;
    return {
      ...line,
      amountCents,
      taxCents,
      serviceCents,
      payableCents: amountCents + (taxIncluded ? 0 : taxCents) + serviceCents,
    };
  });
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const totalCents = sum((line) => line.payableCents);
  const tableNumber = options.tableNumber === undefined ? 1 : options.tableNumber;
  const online = options.online ?? true;
  const [bill] = online
    ? await db
        .insert(bills)
        .values({ restaurantId, tableNumber: null, status: 'paid', paidAt: at, createdAt: at, updatedAt: at })
        .returning()
    : [undefined];
  const [order] = await db
    .insert(orders)
    .values({
      restaurantId,
      customerName: 'Dana',
      phoneNumber: '5125550100',
      orderType: tableNumber === null ? 'pickup' : 'dine-in',
      tableNumber,
      status: options.status ?? 'Completed',
      totalCents,
      subtotalCents: sum((line) => line.amountCents),
      taxCents: sum((line) => line.taxCents),
      taxIncluded,
      serviceCents: sum((line) => line.serviceCents),
      paymentTiming: online ? 'order' : 'counter',
      paymentState: online ? 'paid' : 'unpaid',
      billId: bill?.id ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      lines.map((line) => ({
        orderId: order!.id,
        productName: line.name,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity ?? 1,
        taxName: line.tax?.name ?? null,
        taxRate: line.tax?.rate ?? 0,
        taxCents: line.taxCents,
        serviceCents: line.serviceCents,
      })),
    )
    .returning();
  const asked = online ? (options.payments ?? [{}]) : [];
  let left = totalCents;
  const payments = [];
  for (const [index, payment] of asked.entries()) {
    const amountCents = index === asked.length - 1 ? left : (payment.amountCents ?? left);
    left -= amountCents;
    const [row] = await db
      .insert(billPayments)
      .values({
        billId: bill!.id,
        restaurantId,
        status: 'succeeded',
        splitKind: asked.length === 1 ? 'all' : 'amount',
        amountCents,
        tipCents: payment.tipCents ?? 0,
        provider: 'test',
        providerPaymentId: `pi_test_${bill!.id}_${index}`,
        cardBrand: 'visa',
        cardLast4: payment.last4 ?? '4242',
        receiptTokenHash: 'x'.repeat(64),
        confirmedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    payments.push(row!);
  }
  return {
    orderId: order!.id,
    billId: bill?.id ?? null,
    totalCents,
    lineIds: items.map((item) => item.id),
    payments,
  };
}

/** The order's money columns as stored. */
export async function storedOrderMoney(t: TestApp, orderId: number) {
  const db = t.app.database.db;
  const [order] = await db
    .select({ paymentState: orders.paymentState, refundedCents: orders.refundedCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  const lines = await db
    .select({ id: orderItems.id, refundedCents: orderItems.refundedCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  return { ...order!, lines };
}
