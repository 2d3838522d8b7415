/**
 * What other modules may read of the orders tables: the orders module owns them, so nothing
 * outside this folder imports its repositories (apps/server/src/architecture.test.ts). Daily sales
 * and kitchen analytics (the sales module) are reports over these orders.
 */
import { kitchenAnalyticsRepository } from './kitchen-analytics.repository';
import { ordersRepository as repo } from './orders.repository';

export const kitchenAnalyticsReads = kitchenAnalyticsRepository;

export const orderReads = {
  /** A restaurant's live orders created in [start, end), oldest first. */
  listInSpan: repo.listInSpan,
  linesOf: repo.linesOf,
  /** The orders on some bills (the bills module's totals, and who hears of a bill). */
  onBills: repo.onBills,
};

/**
 * The one write other modules make to order lines: the menu module, setting an item's count,
 * forfeits what lines hold of it in its own transaction (ADR 015, amended). Handed to the menu
 * service by app.ts, since the menu module sits below orders.
 */
export const forfeitHolds = repo.forfeitHolds;
