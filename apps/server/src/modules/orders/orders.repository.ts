import { createHash } from 'node:crypto';
import type { Allergen } from '@tableserve/contract/allergens';
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
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { auditEntriesOfRows } from '../audit/audit-log';
import { menuReads } from '../menu/menu-reads';

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
const statusChange = (to: OrderRow['status'], at: Date | SQL) => {
  // SQL: a prepared statement's placeholder, filled in at each run.
  const instant = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;
  return {
    status: to,
    updatedAt: instant,
    ...(to === 'Approved' && {
      approvedAt: sql`coalesce(${orders.approvedAt}, ${instant})`,
      readyAt: null,
    }),
    ...(to === 'Ready' && { readyAt: instant }),
  };
};

/**
 * An order line as the staff see it (staff-order.ts): what the line holds and its menu item's
 * allergens as they are now, since the kitchen cooks to the current recipe; an item removed for
 * good (menu_item_id set null) has none left to say.
 */
const staffLineFields = {
  menuItemId: orderItems.menuItemId,
  productName: orderItems.productName,
  quantity: orderItems.quantity,
  unitPriceCents: orderItems.unitPriceCents,
  options: orderItems.options,
  taxName: orderItems.taxName,
  taxRate: orderItems.taxRate,
  taxCents: orderItems.taxCents,
  allergens: menuReads.allergensOfItem(orderItems.menuItemId),
};

/**
 * The order's columns its staff view (staff-order.ts) and its event are made of. A status move
 * answers these alone: each column returned costs its decoding on every change.
 */
const staffOrderColumns = {
  id: orders.id,
  restaurantId: orders.restaurantId,
  customerId: orders.customerId,
  customerName: orders.customerName,
  phoneNumber: orders.phoneNumber,
  orderType: orders.orderType,
  tableNumber: orders.tableNumber,
  status: orders.status,
  totalCents: orders.totalCents,
  taxCents: orders.taxCents,
  taxIncluded: orders.taxIncluded,
  serviceCents: orders.serviceCents,
  paymentTiming: orders.paymentTiming,
  paymentState: orders.paymentState,
  refundedCents: orders.refundedCents,
  otherOrderDetails: orders.otherOrderDetails,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export type StaffOrderRow = Pick<OrderRow, keyof typeof staffOrderColumns>;

export type StaffLineRow = Pick<
  OrderItemRow,
  | 'menuItemId'
  | 'productName'
  | 'quantity'
  | 'unitPriceCents'
  | 'options'
  | 'taxName'
  | 'taxRate'
  | 'taxCents'
> & { allergens: readonly Allergen[] };

/**
 * The order's lines as the staff see them (staffLineFields), oldest first, as one JSON array, so
 * a statement can answer an order with its lines. The keys are the fields' own names.
 */
const staffLinesJson = (orderId: SQLWrapper) =>
  sql<StaffLineRow[]>`(select coalesce(json_agg(json_build_object(${sql.join(
    Object.entries(staffLineFields).map(([name, value]) => sql`${name}::text, ${value}`),
    sql`, `,
  )}) order by ${orderItems.id}), '[]'::json) from ${orderItems} where ${orderItems.orderId} = ${orderId})`;

/** `%`, `_` and a backslash are matched literally in a name search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * What the staff, the Kitchen and the reports see: live (not deleted) orders, less those waiting
 * for the payment their diner makes when ordering (docs/decisions/020-money-model.md): such an
 * order reaches them only once paid. The partial indexes on `deleted_at is null` still serve it.
 */
const shownToStaff = and(isNull(orders.deletedAt), eq(orders.awaitingPayment, false));

/** A restaurant's orders the staff see, created in [start, end): a business day. */
export const liveInSpan = (restaurantId: number, start: Date, end: Date) =>
  and(
    eq(orders.restaurantId, restaurantId),
    shownToStaff,
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

/** What a status move's statement is made of; the order, restaurant, instant and actor are its parameters. */
type MoveShape = {
  from: readonly OrderRow['status'][];
  to: OrderRow['status'];
  actorKind: Actor['kind'];
  /** The audit trail's name of the move from each status of `from` (statusAction). */
  actions: readonly string[];
};

/** The parameters of a status move's prepared statement. */
const moveParameters = {
  orderId: sql.placeholder('orderId'),
  restaurantId: sql.placeholder('restaurantId'),
  at: sql`${sql.placeholder('at')}::timestamptz`,
  actorId: sql.placeholder('actorId'),
};

/**
 * Moves the restaurant's live order to `to` if its status is still one of `from` (two tablets
 * cannot both move one order) and records the move in the audit trail, in one statement: both
 * are written or neither. The status it left is read under the same row lock, so the trail can
 * say "recalled" rather than "approved". Its rows: the moved order, with its lines as the staff
 * see them; none, with nothing written, when the order was not there to move.
 */
function statusMoveStatement(db: DbOrTx, shape: MoveShape) {
  const { orderId, restaurantId, at, actorId } = moveParameters;
  const previous = db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
    .as('previous');
  const moved = db.$with('moved').as(
    db
      .update(orders)
      .set(statusChange(shape.to, at))
      .from(previous)
      .where(
        and(
          eq(orders.id, previous.id),
          eq(orders.restaurantId, restaurantId),
          inArray(orders.status, [...shape.from]),
          shownToStaff,
        ),
      )
      .returning({
        ...staffOrderColumns,
        previousStatus: sql<OrderRow['status']>`${previous.status}`.as('previous_status'),
        lines: staffLinesJson(orders.id).as('lines'),
      }),
  );
  const audited = db.$with('audited', {}).as(
    auditEntriesOfRows({ kind: shape.actorKind, id: actorId }, moved, {
      restaurantId: moved.restaurantId,
      action: sql`case ${moved.previousStatus} ${sql.join(
        shape.from.map((status, index) => sql`when ${status} then ${shape.actions[index]}`),
        sql` `,
      )} end`,
      objectType: 'order',
      objectId: moved.id,
      before: sql`jsonb_build_object('status', ${moved.previousStatus})`,
      after: sql`jsonb_build_object('status', ${moved.status})`,
    }),
  );
  return db.with(moved, audited).select().from(moved);
}

type StatusMove = ReturnType<ReturnType<typeof statusMoveStatement>['prepare']>;

/**
 * All the SQL of orders. Soft-deleted orders are hidden from every read here; orders awaiting
 * payment from every read and change of the staff's (shownToStaff), not from their diner's.
 */
export const ordersRepository = {
  async insert(db: DbOrTx, order: NewOrder, lines: NewOrderItem[]): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(order).returning();
    await db.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: row!.id })));
    return row!;
  },

  /** A live order, as its diner sees it: one awaiting payment too. */
  async find(db: DbOrTx, restaurantId: number, orderId: number): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId), isNull(orders.deletedAt)))
      .limit(1);
    return row;
  },

  /** An order of the restaurant the staff see. */
  async findShown(db: DbOrTx, restaurantId: number, orderId: number): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId), shownToStaff))
      .limit(1);
    return row;
  },

  /** An order the staff see, by id alone (its restaurant is checked by the caller). */
  async findById(db: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), shownToStaff))
      .limit(1);
    return row;
  },

  /**
   * What the provider has confirmed refunded on an order so far: read again once a change's
   * refunds were sent, since the test provider confirms them before the change is announced.
   */
  async refundedCentsOf(db: DbOrTx, orderId: number): Promise<number> {
    const [row] = await db
      .select({ refundedCents: orders.refundedCents })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1);
    return row?.refundedCents ?? 0;
  },

  /** The orders a bill is paid for (deleted ones too: what was paid stays on the receipt), oldest first. */
  linesOf(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
  },

  async lineCountOf(db: DbOrTx, orderIds: number[]): Promise<number> {
    if (orderIds.length === 0) return 0;
    const [row] = await db
      .select({ lines: count() })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds));
    return row?.lines ?? 0;
  },

  /** The lines of these orders as the staff see them (staffLineFields), oldest first. */
  staffLinesOf(db: DbOrTx, orderIds: number[]): Promise<(StaffLineRow & { orderId: number })[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .select({ orderId: orderItems.orderId, ...staffLineFields })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(orderItems.id);
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
   * Status moves on `db` (statusMoveStatement), each shape's statement built once and prepared
   * under its own name, so PostgreSQL parses and plans it once per connection. Answers the moved
   * row and its lines, or undefined when the order was not there to move.
   */
  statusMoves(db: DbOrTx) {
    const prepared = new Map<string, StatusMove>();
    return async (
      move: {
        restaurantId: number;
        orderId: number;
        from: readonly OrderRow['status'][];
        to: OrderRow['status'];
        at: Date;
      },
      audit: { actor: Actor; actionOf: (from: OrderRow['status']) => string },
    ): Promise<{ row: StaffOrderRow; lines: StaffLineRow[] } | undefined> => {
      const { restaurantId, orderId, from, to, at } = move;
      if (from.length === 0) return undefined;
      const shape = { from, to, actorKind: audit.actor.kind, actions: from.map(audit.actionOf) };
      const key = JSON.stringify(shape);
      let statement = prepared.get(key);
      if (!statement) {
        const name = `order_status_move_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
        statement = statusMoveStatement(db, shape).prepare(name);
        prepared.set(key, statement);
      }
      const [row] = await statement.execute({
        orderId,
        restaurantId,
        at: at.toISOString(),
        actorId: audit.actor.id,
      });
      if (!row) return undefined;
      const { previousStatus: _inTheTrail, lines, ...order } = row;
      return { row: order, lines };
    };
  },

  /** A restaurant's orders for its staff: filtered, searched by name or id, in SQL. */
  async listOfRestaurant(db: DbOrTx, restaurantId: number, options: StaffListOptions) {
    const conditions: (SQL | undefined)[] = [eq(orders.restaurantId, restaurantId), shownToStaff];
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

  /** The restaurant's orders among `ids` the staff see, locked until the transaction ends. */
  lockMany(tx: DbOrTx, restaurantId: number, ids: number[]): Promise<OrderRow[]> {
    return tx
      .select()
      .from(orders)
      .where(and(eq(orders.restaurantId, restaurantId), inArray(orders.id, ids), shownToStaff))
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

  /** New lines and figures for an order that is still Pending; undefined when it no longer is. */
  async replaceLines(
    tx: DbOrTx,
    orderId: number,
    lines: NewOrderItem[],
    figures: Pick<NewOrder, 'subtotalCents' | 'taxCents' | 'taxIncluded' | 'serviceCents' | 'totalCents'>,
    at: Date,
  ) {
    const [row] = await tx
      .update(orders)
      .set({ ...figures, updatedAt: at })
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

  /**
   * The live orders on `billIds` that count towards them (not cancelled), with what each costs
   * and whose it is: the bills module's totals and who hears of a bill.
   */
  onBills(db: DbOrTx, billIds: number[]) {
    if (billIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        id: orders.id,
        billId: orders.billId,
        customerId: orders.customerId,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(and(inArray(orders.billId, billIds), ne(orders.status, 'Cancelled'), isNull(orders.deletedAt)))
      .orderBy(asc(orders.id));
  },

  /** Orders still awaiting the payment their diner makes when ordering, placed before `before`. */
  awaitingPaymentSince(db: DbOrTx, before: Date): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.awaitingPayment, true),
          eq(orders.status, 'Pending'),
          isNull(orders.deletedAt),
          lt(orders.createdAt, before),
        ),
      )
      .orderBy(asc(orders.id));
  },

  /**
   * Cancels an order still unpaid, in one statement: a payment confirmed meanwhile (which clears
   * awaiting_payment under the same row lock) wins, and the order is left alone (undefined).
   */
  async cancelUnpaid(tx: DbOrTx, orderId: number, at: Date): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set(statusChange('Cancelled', at))
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.awaitingPayment, true),
          eq(orders.status, 'Pending'),
          isNull(orders.deletedAt),
        ),
      )
      .returning();
    return row;
  },

  /** Hides an order from every list and report; a Completed order is kept visible. */
  async softDelete(db: DbOrTx, orderId: number, at: Date) {
    const [row] = await db
      .update(orders)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(orders.id, orderId), ne(orders.status, 'Completed'), shownToStaff))
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

  /** Every order ever on a bill, cancelled and deleted ones too: the ledger counts what they were paid. */
  allOfBill(db: DbOrTx, billId: number): Promise<OrderRow[]> {
    return db.select().from(orders).where(eq(orders.billId, billId)).orderBy(asc(orders.id));
  },

  /** A paid bill's orders held until payment are released to the staff (each read under its lock). */
  releaseAwaiting(tx: DbOrTx, billId: number, at: Date): Promise<(OrderRow & { wasAwaiting: boolean })[]> {
    const before = tx
      .select({ id: orders.id, awaitingPayment: orders.awaitingPayment })
      .from(orders)
      .where(and(eq(orders.billId, billId), isNull(orders.deletedAt), ne(orders.status, 'Cancelled')))
      .for('update')
      .as('before');
    return tx
      .update(orders)
      .set({ awaitingPayment: false, updatedAt: at })
      .from(before)
      .where(eq(orders.id, before.id))
      .returning({ ...getTableColumns(orders), wasAwaiting: before.awaitingPayment });
  },

  /** Each order's payment state as its bill's ledger reads it (docs/product/payments.md#ledger). */
  async setPaymentStates(
    tx: DbOrTx,
    states: readonly { id: number; state: OrderRow['paymentState'] }[],
    at: Date,
  ): Promise<OrderRow[]> {
    const changed: OrderRow[] = [];
    for (const { id, state } of states) {
      const [row] = await tx
        .update(orders)
        .set({ paymentState: state, updatedAt: at })
        .where(and(eq(orders.id, id), ne(orders.paymentState, state)))
        .returning();
      if (row) changed.push(row);
    }
    return changed;
  },
};
