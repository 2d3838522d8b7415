import type { OrderFilter, OrderSort } from '@tableserve/contract/owner-orders';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** Order Summary's filters: pending means still open, not yet paid or cancelled. */
const statusesOf: Record<OrderFilter, OrderRow['status'][] | null> = {
  pending: ['Pending', 'Approved', 'Ready'],
  completed: ['Completed'],
  cancelled: ['Cancelled'],
  all: null,
};

/**
 * The status and, for the steps kitchen analytics measure (ADR 014), the instant it was reached,
 * so the time is written by the very statement that changes the status and cannot drift from it.
 * A recall (Ready → Approved, ADR 016) keeps the first approval, when cooking began, and clears
 * Ready: the order is to cook again, and preparation ends at the last Ready.
 */
const statusChange = (to: OrderRow['status'], at: Date) => ({
  status: to,
  updatedAt: at,
  ...(to === 'Approved' && {
    approvedAt: sql`coalesce(${orders.approvedAt}, ${at.toISOString()}::timestamptz)`,
    readyAt: null,
  }),
  ...(to === 'Ready' && { readyAt: at }),
});

/** `%`, `_` and a backslash are matched literally in a name search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * An order the staff see: not deleted, and not waiting for its payment when ordering
 * (docs/decisions/020-money-model.md#when-the-restaurant-is-paid: it appears once paid).
 */
const seenByStaff = and(isNull(orders.deletedAt), eq(orders.awaitingPayment, false));

/** A restaurant's live orders created in [start, end): a business day. */
export const liveInSpan = (restaurantId: number, start: Date, end: Date) =>
  and(
    eq(orders.restaurantId, restaurantId),
    seenByStaff,
    gte(orders.createdAt, start),
    lt(orders.createdAt, end),
  );

export type StaffListOptions = {
  filter: OrderFilter;
  sort: OrderSort;
  search?: string | undefined;
  limit: number;
  offset: number;
};

/** All the SQL of orders. Soft-deleted orders are hidden from every read here. */
export const ordersRepository = {
  async insert(db: DbOrTx, order: NewOrder, lines: NewOrderItem[]): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(order).returning();
    await db.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: row!.id })));
    return row!;
  },

  async find(db: DbOrTx, restaurantId: number, orderId: number): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId), isNull(orders.deletedAt)))
      .limit(1);
    return row;
  },

  /** A live order by id alone (its restaurant is checked by the caller). */
  async findById(db: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)))
      .limit(1);
    return row;
  },

  linesOf(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
  },

  async listOfCustomer(db: DbOrTx, customerId: number, limit: number, offset: number) {
    const where = and(eq(orders.customerId, customerId), isNull(orders.deletedAt));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
      db.select({ value: count() }).from(orders).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  /**
   * Moves the restaurant's live order to `to` if its status is still one of `from` (two tablets
   * cannot both move one order); undefined otherwise. Answers the status it left too, read under
   * the same row lock, so the audit trail can say "recalled" rather than "approved".
   */
  async moveStatus(
    db: DbOrTx,
    restaurantId: number,
    orderId: number,
    from: readonly OrderRow['status'][],
    to: OrderRow['status'],
    at: Date,
  ): Promise<{ row: OrderRow; from: OrderRow['status'] } | undefined> {
    if (from.length === 0) return undefined;
    const previous = db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
      .as('previous');
    const [moved] = await db
      .update(orders)
      .set(statusChange(to, at))
      .from(previous)
      .where(
        and(
          eq(orders.id, previous.id),
          eq(orders.restaurantId, restaurantId),
          inArray(orders.status, [...from]),
          isNull(orders.deletedAt),
        ),
      )
      .returning({ ...getTableColumns(orders), previousStatus: previous.status });
    if (!moved) return undefined;
    const { previousStatus, ...row } = moved;
    return { row, from: previousStatus };
  },

  /** A restaurant's live orders for its staff: filtered, searched by name or id, in SQL. */
  async listOfRestaurant(db: DbOrTx, restaurantId: number, options: StaffListOptions) {
    const conditions: (SQL | undefined)[] = [eq(orders.restaurantId, restaurantId), seenByStaff];
    const statuses = statusesOf[options.filter];
    if (statuses) conditions.push(inArray(orders.status, statuses));
    const search = options.search?.trim();
    if (search) {
      const orderId = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : undefined;
      const byName = ilike(orders.customerName, likePattern(search));
      conditions.push(orderId === undefined ? byName : or(byName, eq(orders.id, orderId)));
    }
    const where = and(...conditions);
    const direction = options.sort === 'oldest' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(direction(orders.createdAt), direction(orders.id))
        .limit(options.limit)
        .offset(options.offset),
      db.select({ value: count() }).from(orders).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  /** The live orders created in [start, end), oldest first (a business day). */
  listInSpan(db: DbOrTx, restaurantId: number, start: Date, end: Date): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(liveInSpan(restaurantId, start, end))
      .orderBy(asc(orders.createdAt), asc(orders.id));
  },

  /** How many live orders [start, end) holds, and how many of them are paid. */
  async countInSpan(db: DbOrTx, restaurantId: number, start: Date, end: Date) {
    const [row] = await db
      .select({
        total: count(),
        paid: sql<number>`count(*) filter (where ${orders.status} = 'Completed')`.mapWith(Number),
      })
      .from(orders)
      .where(liveInSpan(restaurantId, start, end));
    return { total: row?.total ?? 0, paid: row?.paid ?? 0 };
  },

  /** The restaurant's live orders among `ids`, locked until the transaction ends. */
  lockMany(tx: DbOrTx, restaurantId: number, ids: number[]): Promise<OrderRow[]> {
    return tx
      .select()
      .from(orders)
      .where(and(eq(orders.restaurantId, restaurantId), inArray(orders.id, ids), isNull(orders.deletedAt)))
      .orderBy(asc(orders.id))
      .for('update');
  },

  /** Moves every order of `ids` from `from` to `to`, returning the rows that moved. */
  setStatusOfMany(tx: DbOrTx, ids: number[], from: OrderRow['status'], to: OrderRow['status'], at: Date) {
    return tx
      .update(orders)
      .set(statusChange(to, at))
      .where(and(inArray(orders.id, ids), eq(orders.status, from), isNull(orders.deletedAt)))
      .returning();
  },

  /** New lines and total for an order that is still Pending; undefined when it no longer is. */
  async replaceLines(tx: DbOrTx, orderId: number, lines: NewOrderItem[], totalCents: number, at: Date) {
    const [row] = await tx
      .update(orders)
      .set({ totalCents, updatedAt: at })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'Pending'), isNull(orders.deletedAt)))
      .returning();
    if (!row) return undefined;
    await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
    await tx.insert(orderItems).values(lines.map((line) => ({ ...line, orderId })));
    return row;
  },

  /** The order's lines hold nothing of their counts any more: they gave it back (ADR 015). */
  async releaseHolds(tx: DbOrTx, orderId: number) {
    await tx
      .update(orderItems)
      .set({ stockTaken: 0 })
      .where(and(eq(orderItems.orderId, orderId), gt(orderItems.stockTaken, 0)));
  },

  /**
   * Setting an item's count states what is left now: no order line holds any of it any more, so
   * a later cancellation cannot raise a count the kitchen set (ADR 015, amended). Called in the
   * transaction that set it, after the item's row (locked by that update), like every writer of
   * holds: items first, then lines.
   */
  async forfeitHolds(tx: DbOrTx, menuItemId: number): Promise<void> {
    await tx
      .update(orderItems)
      .set({ stockTaken: 0 })
      .where(and(eq(orderItems.menuItemId, menuItemId), gt(orderItems.stockTaken, 0)));
  },

  /** Hides an order from every list and report; a Completed order is kept visible. */
  async softDelete(db: DbOrTx, orderId: number, at: Date) {
    const [row] = await db
      .update(orders)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(orders.id, orderId), ne(orders.status, 'Completed'), isNull(orders.deletedAt)))
      .returning();
    return row;
  },

  /** The live orders a bill is for, cancelled ones left out (they are not owed), oldest first. */
  ofBill(db: DbOrTx, billId: number): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.billId, billId), isNull(orders.deletedAt), ne(orders.status, 'Cancelled')))
      .orderBy(asc(orders.createdAt), asc(orders.id));
  },

  /** A paid bill's orders become paid, and an order held until payment is released to the staff. */
  markBillPaid(tx: DbOrTx, billId: number, at: Date): Promise<(OrderRow & { wasAwaiting: boolean })[]> {
    const before = tx
      .select({ id: orders.id, awaitingPayment: orders.awaitingPayment })
      .from(orders)
      .where(and(eq(orders.billId, billId), isNull(orders.deletedAt), ne(orders.status, 'Cancelled')))
      .for('update')
      .as('before');
    return tx
      .update(orders)
      .set({ paymentState: 'paid', awaitingPayment: false, updatedAt: at })
      .from(before)
      .where(and(eq(orders.id, before.id), eq(orders.paymentState, 'unpaid')))
      .returning({ ...getTableColumns(orders), wasAwaiting: before.awaitingPayment });
  },
};
