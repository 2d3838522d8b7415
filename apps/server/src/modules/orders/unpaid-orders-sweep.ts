import { UNPAID_ORDER_TIMEOUT_MINUTES } from '@tableserve/contract/bills';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/domain-events';
import { announceStockChanges } from '../menu/stock';
import { giveBack } from './order-holds';
import { ordersRepository as repo } from './orders.repository';

/**
 * Orders paid when ordering that were never paid (docs/decisions/020-money-model.md): after
 * UNPAID_ORDER_TIMEOUT_MINUTES each is cancelled and its stock given back, as a staff
 * cancellation gives it back, so an abandoned checkout does not hold dishes. Run on a timer
 * (app.ts) on one instance at a time. The staff never saw these orders, so nothing is announced
 * to them but the stock that came back.
 */
export function createUnpaidOrdersSweep(deps: { db: Db; events: DomainEventBus; now: () => Date }) {
  const { db, events, now } = deps;

  return async function sweep(): Promise<{ cancelled: number }> {
    const at = now();
    const due = await repo.awaitingPaymentSince(
      db,
      new Date(at.getTime() - UNPAID_ORDER_TIMEOUT_MINUTES * 60 * 1000),
    );
    let cancelled = 0;
    // One transaction per order: one order's failure or late payment leaves the others alone.
    for (const order of due) {
      const stockChanged = await db.transaction(async (tx) => {
        const row = await repo.cancelUnpaid(tx, order.id, at);
        return row ? giveBack(tx, row.restaurantId, row.id) : undefined;
      });
      if (!stockChanged) continue;
      cancelled += 1;
      await announceStockChanges({ db, events }, order.restaurantId, stockChanged);
    }
    return { cancelled };
  };
}
