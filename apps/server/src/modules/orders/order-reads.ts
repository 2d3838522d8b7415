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
};
