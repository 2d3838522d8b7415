import { inArray } from 'drizzle-orm';
import { billPayments, bills, orders } from '../db/schema';
import type { TestApp } from './test-app';

type Payment = { amountCents: number; tipCents?: number; status?: 'pending' | 'succeeded' | 'failed' };

/**
 * A bill written behind the API's back (the diners' payment flow is another suite's): the bill,
 * its orders attached, and its payments. Answers the bill's id.
 */
export async function billOf(
  t: TestApp,
  bill: {
    restaurantId: number;
    tableNumber: number | null;
    orderIds: number[];
    payments?: Payment[];
    paidAt?: Date;
  },
): Promise<number> {
  const db = t.app.database.db;
  const [row] = await db
    .insert(bills)
    .values({
      restaurantId: bill.restaurantId,
      tableNumber: bill.tableNumber,
      status: bill.paidAt ? 'paid' : 'open',
      paidAt: bill.paidAt ?? null,
    })
    .returning({ id: bills.id });
  const billId = row!.id;
  if (bill.orderIds.length > 0)
    await db.update(orders).set({ billId }).where(inArray(orders.id, bill.orderIds));
  for (const payment of bill.payments ?? []) {
    await db.insert(billPayments).values({
      billId,
      restaurantId: bill.restaurantId,
      status: payment.status ?? 'succeeded',
      splitKind: 'amount',
      amountCents: payment.amountCents,
      tipCents: payment.tipCents ?? 0,
      provider: 'test',
      receiptTokenHash: '0'.repeat(64),
    });
  }
  return billId;
}

/**
 * One payment on an existing bill, written behind the API's back: a payment still being
 * confirmed (pending) holds the bill while no provider event can be held back. Answers its id.
 */
export async function paymentOn(
  t: TestApp,
  bill: { billId: number; restaurantId: number },
  payment: Payment,
): Promise<number> {
  const [row] = await t.app.database.db
    .insert(billPayments)
    .values({
      billId: bill.billId,
      restaurantId: bill.restaurantId,
      status: payment.status ?? 'pending',
      splitKind: 'amount',
      amountCents: payment.amountCents,
      tipCents: payment.tipCents ?? 0,
      provider: 'test',
      receiptTokenHash: '0'.repeat(64),
    })
    .returning({ id: billPayments.id });
  return row!.id;
}
