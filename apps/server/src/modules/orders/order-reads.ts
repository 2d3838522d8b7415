/**
 * What other modules may read of the orders tables: the orders module owns them, so nothing
 * outside this folder imports its repositories (apps/server/src/architecture.test.ts). Daily sales
 * and kitchen analytics (the sales module) are reports over these orders.
 */
import type { DbOrTx } from '../../db/client';
import { kitchenAnalyticsRepository } from './kitchen-analytics.repository';
import { type OrderItemRow, type OrderRow, ordersRepository as repo } from './orders.repository';

export type { OrderItemRow, OrderRow };

export const kitchenAnalyticsReads = kitchenAnalyticsRepository;

export const orderReads = {
  /** A restaurant's live orders created in [start, end), oldest first. */
  listInSpan: repo.listInSpan,
  linesOf: repo.linesOf,
  /** The orders a bill is for (the bills module's figures), cancelled and deleted ones left out. */
  ofBill: repo.ofBill,
  /** A bill's orders and their lines, in the order they were placed (receipts, the bill page). */
  async ofBillWithLines(db: DbOrTx, billId: number) {
    const orders = await repo.ofBill(db, billId);
    return {
      orders,
      lines: await repo.linesOf(
        db,
        orders.map((order) => order.id),
      ),
    };
  },
  /** How many lines these orders hold (a table's bill's size, docs/decisions/024-bounded-work.md). */
  lineCountOf: repo.lineCountOf,
  /** Every order ever on a bill, cancelled and deleted too (the ledger's). */
  allOfBill: repo.allOfBill,
  /** The orders on some bills (the bills module's totals, and who hears of a bill). */
  onBills: repo.onBills,
};

/**
 * The one write other modules make to order lines: the menu module, setting an item's count,
 * forfeits what lines hold of it in its own transaction (ADR 015, amended). Handed to the menu
 * service by app.ts, since the menu module sits below orders.
 */
export const forfeitHolds = repo.forfeitHolds;
