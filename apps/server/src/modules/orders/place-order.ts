import type { PaymentState, PaymentTiming } from '@tableserve/contract/bill';
import { type PlaceOrderResponse, orderServerMessages as text } from '@tableserve/contract/order';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEventBus } from '../../lib/domain-events';
import { type KeyClaim, type Outcome, onceInOneStatement } from '../../lib/idempotency';
import { centsToDollars } from '../../lib/money';
import type { PublishedMenu, PublishedMenus } from '../customer-menu/published-menus';
import { announceStockChanges, planHolds, quantitiesByItem, refuseShort } from '../menu/stock';
import { adjustStock, type StockChange } from '../menu/stock-counts';
import type { RestaurantRow } from '../restaurants/restaurant-reads';
import type { TaxedLine } from './order-money';
import { type NewOrder, type OrderRow, ordersRepository as repo } from './orders.repository';
import { createOrderWriter, type OrderDraft } from './place-order-statement';
import { toStaffOrder } from './staff-order';

/** An order ready to write: checked and priced by the caller, who refuses before this. */
export type PreparedOrder = {
  restaurant: RestaurantRow;
  order: Omit<NewOrder, 'createdAt' | 'updatedAt'>;
  lines: TaxedLine[];
};

/** A new order, as it is announced. */
type Placed = { restaurant: RestaurantRow; lines: TaxedLine[]; row: OrderRow };

/** An order ready for one statement, which copies its diner's name and phone itself. */
export type DraftOrder = {
  restaurant: RestaurantRow;
  order: Omit<OrderDraft, 'createdAt' | 'updatedAt'>;
  lines: TaxedLine[];
};

/**
 * The bill a diner's order is paid on online (the bills module's billForNewOrder, handed over by
 * app.ts), written in the order's transaction; never called for an order paid at the counter.
 */
export type OrderBilling = (
  tx: DbOrTx,
  order: {
    restaurantId: number;
    paymentTiming: Exclude<PaymentTiming, 'counter'>;
    tableNumber: number | null;
    /** The new order's total: a table's bill refuses one that would take it past what it can hold. */
    totalCents: number;
    /** The new order's lines: a table's bill holds at most MAX_BILL_LINES. */
    lineCount: number;
  },
  at: Date,
) => Promise<{ billId: number; awaitingPayment: boolean; paymentState: PaymentState }>;

/** What the diner (or the owner's form) is answered for a new order, and its key records. */
function placedAnswer(row: Pick<OrderRow, 'id' | 'status' | 'totalCents' | 'billId'>): PlaceOrderResponse {
  return {
    message: text.placed,
    order_id: row.id,
    status: row.status,
    total_amount: centsToDollars(row.totalCents),
    ...(row.billId !== null && { bill_id: row.billId }),
  };
}

/**
 * What a diner's order and the owner's walk-in share: the hot path of a Friday rush. The
 * restaurant, its subscription and its prices come from the published menu, read before anything
 * is written (on a cold cache it queries, and inside a transaction it would wait on itself on
 * PGlite's one connection, or hold two pool connections on PostgreSQL). A diner's order paid at
 * the counter is then written by one statement (place-order-statement.ts: one round trip, one
 * commit, shared in a rush by the orders that waited for a connection together); whatever it
 * does not write (a refusal to remember, a replayed key, a bill to open, an owner's order with
 * its audit entry) one transaction holds: the Idempotency-Key, the counted items' portions, the
 * order, its lines and the answer. Either way the staff hear of it once it
 * committed, and diners of the items it sold out.
 */
export function createOrderPlacement(deps: {
  db: Db;
  events: DomainEventBus;
  publishedMenus: PublishedMenus;
  now: () => Date;
}) {
  const { db, events, publishedMenus, now } = deps;
  const writeOrder = createOrderWriter(db);

  /** Once committed (a replayed answer has no new order), told from the lines in hand. */
  async function announce(
    menu: PublishedMenu | undefined,
    placed: Placed,
    stockChanged: readonly StockChange[],
  ) {
    const { row, restaurant } = placed;
    if (row.billId !== null) {
      const tableNumber = row.awaitingPayment ? null : row.tableNumber;
      events.emit('bill.updated', { restaurantId: restaurant.id, billId: row.billId, tableNumber });
    }
    // An order waiting for its payment reaches the staff once paid (order-settlement.ts).
    if (!row.awaitingPayment) {
      events.emit('order.created', {
        restaurantId: restaurant.id,
        customerId: row.customerId,
        // The allergens from the same published menu the lines were priced from.
        order: toStaffOrder(
          row,
          placed.lines.map((line) => ({
            ...line,
            allergens: menu?.items.get(line.menuItemId)?.allergens ?? [],
          })),
          restaurant,
        ),
      });
    }
    await announceStockChanges(deps, restaurant.id, stockChanged);
  }

  return async function placeOnce(
    request: { scope: string; key: string | undefined; body: unknown; restaurantId: number },
    prepare: (tx: DbOrTx, menu: PublishedMenu | undefined) => Promise<PreparedOrder>,
    /** Writes what else belongs with the order, in its transaction (a staff order's audit entry). */
    alongside?: (tx: DbOrTx, row: OrderRow) => Promise<void>,
    /**
     * The order as one statement can write it (a diner's, paid at the counter), or undefined when
     * it needs the transaction: a refusal to remember, a bill to open, something written alongside.
     */
    draft?: (menu: PublishedMenu | undefined) => DraftOrder | undefined,
  ): Promise<Outcome<PlaceOrderResponse>> {
    const menu = await publishedMenus.byId(request.restaurantId);
    let stockChanged: StockChange[] = [];
    let placed: Placed | undefined;

    /** The common case in one round trip (place-order-statement.ts); undefined: it wrote nothing. */
    const inOneStatement = async (claim: KeyClaim | undefined) => {
      const drafted = draft?.(menu);
      if (!drafted) return undefined;
      const at = now();
      const order = { ...drafted.order, status: 'Pending' as const, createdAt: at, updatedAt: at };
      // The key's answer, whose order_id the statement sets once it has drawn the id.
      const answer = placedAnswer({ ...order, id: 0, billId: null });
      const written = await writeOrder({ claim, order, lines: drafted.lines, answer });
      if (!written) return undefined;
      placed = { restaurant: drafted.restaurant, lines: drafted.lines, row: written.row };
      stockChanged = written.stockChanged;
      return { status: 201, body: placedAnswer(written.row) };
    };

    const inTransaction = async (tx: DbOrTx) => {
      const prepared = await prepare(tx, menu);
      // Refused before anything is written: a refusal commits with its Idempotency-Key.
      const stock = await adjustStock(tx, prepared.restaurant.id, quantitiesByItem(prepared.lines));
      refuseShort(stock.short);
      stockChanged = stock.changed;
      // Each line records what it took, the most it can give back (ADR 015, amended).
      const { lines } = planHolds([], prepared.lines, new Set(stock.changed.map((item) => item.id)));
      const at = now();
      const row = await repo.insert(tx, { ...prepared.order, createdAt: at, updatedAt: at }, lines);
      await alongside?.(tx, row);
      placed = { ...prepared, row };
      return { status: 201, body: placedAnswer(row) };
    };

    const outcome = await onceInOneStatement<PlaceOrderResponse>(db, request, inOneStatement, inTransaction);
    if (placed) await announce(menu, placed, stockChanged);
    return outcome;
  };
}
