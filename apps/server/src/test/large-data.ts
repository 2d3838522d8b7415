import { auditEvents, billPayments, bills, menuItems, orderItems, orders, paymentClaims } from '../db/schema';
import { hashToken, randomToken } from '../lib/random-tokens';
import type { TestApp } from './test-app';

/**
 * The largest data the product accepts, written straight into the tables in a few statements
 * (the API would take minutes to place it): the resource suites run every bounded route over it.
 */

const LINE_PRICE_CENTS = 350;
const ROWS_A_STATEMENT = 1_000;

/** Inserts rows `ROWS_A_STATEMENT` at a time: PostgreSQL takes at most 65,535 parameters a statement. */
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += ROWS_A_STATEMENT)
    await insert(rows.slice(start, start + ROWS_A_STATEMENT));
}

export type LargeBill = {
  billId: number;
  /** The table's code that reads it. */
  tableNumber: number;
  lineIds: number[];
  /** Confirmed payments with their receipt tokens: by amount (1 cent), and by items (`itemsPaid` lines). */
  byAmount: { paymentId: number; receiptToken: string };
  /** Absent when `itemsPaid` is 0. */
  byItems?: { paymentId: number; receiptToken: string };
};

/**
 * A table's open bill of `orderCount` orders of `linesPerOrder` lines each (paid at the end of
 * the meal, Approved), with two confirmed payments: a 1-cent one by amount (its receipt is the
 * whole bill's) and one by items that paid the first `itemsPaid` lines whole.
 */
export async function insertLargeTableBill(
  t: TestApp,
  spec: {
    restaurantId: number;
    tableNumber: number;
    orderCount: number;
    linesPerOrder: number;
    itemsPaid: number;
    at: Date;
  },
): Promise<LargeBill> {
  const db = t.app.database.db;
  const { restaurantId, tableNumber, at } = spec;
  const [bill] = await db
    .insert(bills)
    .values({ restaurantId, tableNumber, status: 'open', createdAt: at, updatedAt: at })
    .returning({ id: bills.id });
  const billId = bill!.id;
  const orderTotal = LINE_PRICE_CENTS * spec.linesPerOrder;
  const placed = await db
    .insert(orders)
    .values(
      Array.from({ length: spec.orderCount }, (_, index) => ({
        restaurantId,
        customerName: `Guest ${index + 1}`,
        phoneNumber: '5035550100',
        orderType: 'dine-in' as const,
        tableNumber,
        status: 'Approved' as const,
        totalCents: orderTotal,
        subtotalCents: orderTotal,
        paymentTiming: 'end_of_meal' as const,
        billId,
        approvedAt: at,
        createdAt: new Date(at.getTime() + index * 1000),
        updatedAt: at,
      })),
    )
    .returning({ id: orders.id });
  const lineRows = placed.flatMap(({ id }) =>
    Array.from({ length: spec.linesPerOrder }, (_, index) => ({
      orderId: id,
      productName: `Small plate ${index + 1}`,
      unitPriceCents: LINE_PRICE_CENTS,
      quantity: 1,
      options: [{ id: 1, group: 'Size', name: 'Large', priceDeltaCents: 0 }],
    })),
  );
  const lineIds: number[] = [];
  await insertAll(lineRows, async (chunk) => {
    const inserted = await db.insert(orderItems).values(chunk).returning({ id: orderItems.id });
    lineIds.push(...inserted.map((row) => row.id));
  });

  const pay = async (splitKind: 'amount' | 'items', amountCents: number) => {
    const receiptToken = randomToken();
    const [row] = await db
      .insert(billPayments)
      .values({
        billId,
        restaurantId,
        status: 'succeeded',
        splitKind,
        amountCents,
        tipCents: 0,
        provider: 'test',
        providerPaymentId: `pi_test_${randomToken(9)}`,
        cardBrand: 'visa',
        cardLast4: '4242',
        receiptTokenHash: hashToken(receiptToken),
        confirmedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: billPayments.id });
    return { paymentId: row!.id, receiptToken };
  };
  const byAmount = await pay('amount', 1);
  if (spec.itemsPaid === 0) return { billId, tableNumber, lineIds, byAmount };
  const paidLines = lineIds.slice(0, spec.itemsPaid);
  const byItems = await pay('items', paidLines.length * LINE_PRICE_CENTS);
  await insertAll(paidLines, (chunk) =>
    db.insert(paymentClaims).values(
      chunk.map((orderItemId) => ({
        paymentId: byItems.paymentId,
        orderItemId,
        shareIndex: 0,
        shareCount: 1,
        amountCents: LINE_PRICE_CENTS,
      })),
    ),
  );
  return { billId, tableNumber, lineIds, byAmount, byItems };
}

/** `count` dishes, each with `groups` option groups of `options` choices. */
export async function insertMenu(
  t: TestApp,
  spec: { restaurantId: number; count: number; groups: number; options: number },
) {
  const items = Array.from({ length: spec.count }, (_, index) => ({
    restaurantId: spec.restaurantId,
    name: `Dish ${index + 1}`,
    description: 'A dish with every choice a kitchen offers, and a description to read.',
    priceCents: 900 + index,
    category: 'MainCourse' as const,
    allergens: ['milk', 'eggs', 'gluten'] as never[],
    optionGroups: Array.from({ length: spec.groups }, (_, group) => ({
      id: group + 1,
      name: `Choice ${group + 1}`,
      minChoices: 0,
      maxChoices: 1,
      options: Array.from({ length: spec.options }, (_, option) => ({
        id: group * spec.options + option + 1,
        name: `Option ${option + 1}`,
        priceDeltaCents: option * 25,
      })),
    })),
  }));
  await insertAll(items, (chunk) => t.app.database.db.insert(menuItems).values(chunk));
}

/**
 * A long history: `count` orders of `linesPerOrder` lines each for one diner, spread over the
 * `minutes` before `at` (so one business day holds them all), most completed, some open.
 */
export async function insertOrderHistory(
  t: TestApp,
  spec: {
    restaurantId: number;
    customerId: number;
    count: number;
    linesPerOrder: number;
    at: Date;
    minutes: number;
  },
) {
  const db = t.app.database.db;
  const statuses = ['Completed', 'Completed', 'Completed', 'Ready', 'Approved', 'Pending'] as const;
  const total = LINE_PRICE_CENTS * spec.linesPerOrder;
  const rows = Array.from({ length: spec.count }, (_, index) => {
    const createdAt = new Date(
      spec.at.getTime() - ((spec.count - index) * spec.minutes * 60_000) / spec.count,
    );
    const status = statuses[index % statuses.length]!;
    return {
      restaurantId: spec.restaurantId,
      customerId: spec.customerId,
      customerName: `Regular ${index + 1}`,
      phoneNumber: '5035550100',
      orderType: 'dine-in' as const,
      tableNumber: (index % 20) + 1,
      status,
      totalCents: total,
      subtotalCents: total,
      approvedAt: status === 'Pending' ? null : createdAt,
      readyAt: status === 'Completed' || status === 'Ready' ? new Date(createdAt.getTime() + 600_000) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const ids: number[] = [];
  await insertAll(rows, async (chunk) => {
    const inserted = await db.insert(orders).values(chunk).returning({ id: orders.id });
    ids.push(...inserted.map((row) => row.id));
  });
  const lines = ids.flatMap((orderId) =>
    Array.from({ length: spec.linesPerOrder }, (_, index) => ({
      orderId,
      productName: `Dish ${index + 1}`,
      unitPriceCents: LINE_PRICE_CENTS,
      quantity: 1,
    })),
  );
  await insertAll(lines, (chunk) => db.insert(orderItems).values(chunk));
  return ids;
}

/** `count` entries of the audit trail, one person's approvals, over the `minutes` before `at`. */
export async function insertAuditTrail(
  t: TestApp,
  spec: { restaurantId: number; actorId: number; count: number; at: Date; minutes: number },
) {
  const rows = Array.from({ length: spec.count }, (_, index) => ({
    restaurantId: spec.restaurantId,
    actorKind: 'owner' as const,
    actorId: spec.actorId,
    actorName: 'Olive Owner',
    action: 'order.approved',
    objectType: 'order',
    objectId: index + 1,
    before: { status: 'Pending' },
    after: { status: 'Approved' },
    createdAt: new Date(spec.at.getTime() - ((spec.count - index) * spec.minutes * 60_000) / spec.count),
  }));
  await insertAll(rows, (chunk) => t.app.database.db.insert(auditEvents).values(chunk));
}
