import { UNPAID_ORDER_TIMEOUT_MINUTES } from '@tableserve/contract/bills';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { recordSystemAudit } from '../audit/audit-log';
import { announceStockChanges } from '../menu/stock';
import type { StockChange } from '../menu/stock-counts';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { NotChanged, type OrderMoneyGuard } from './order-changes';
import { giveBack } from './order-holds';
import { ordersRepository as repo } from './orders.repository';
import { staffOrdersOf } from './staff-order';

/** Why the audit trail says TableServe cancelled an order. */
export const UNPAID_CANCEL_REASON = `Not paid within ${UNPAID_ORDER_TIMEOUT_MINUTES} minutes`;

/** A payment still being confirmed (or any other refusal): the order waits for the next run. */
const isRefusal = (error: unknown) => error instanceof AppError && error.statusCode === 409;

/**
 * Orders paid when ordering that were never paid in full (docs/product/payments.md#order-changes):
 * after UNPAID_ORDER_TIMEOUT_MINUTES each is cancelled and its stock given back, as a staff
 * cancellation gives it back, and whatever its diner paid of it goes back to their card through
 * the same guard as a staff cancel. One with a payment still being confirmed is left for the next
 * run. Run on a timer (app.ts) on one instance at a time. The staff never saw these orders: only
 * the diner hears of the cancellation (and of what was refunded), and diners of the stock that
 * came back.
 */
export function createUnpaidOrdersSweep(deps: {
  db: Db;
  events: DomainEventBus;
  now: () => Date;
  money: OrderMoneyGuard;
}) {
  const { db, events, now, money } = deps;

  return async function sweep(): Promise<{ cancelled: number }> {
    const at = now();
    const due = await repo.awaitingPaymentSince(
      db,
      new Date(at.getTime() - UNPAID_ORDER_TIMEOUT_MINUTES * 60 * 1000),
    );
    let cancelled = 0;
    // One transaction per order: one order's failure or late payment leaves the others alone.
    for (const order of due) {
      let stockChanged: StockChange[] = [];
      let outcome: Awaited<ReturnType<typeof cancel>>;
      const cancel = () =>
        db.transaction((tx) =>
          money(tx, order, { actor: null, reason: 'cancelled' }, async () => {
            const row = await repo.cancelUnpaid(tx, order.id, at);
            // Paid meanwhile: left alone.
            if (!row) throw new NotChanged();
            await recordSystemAudit(tx, {
              restaurantId: row.restaurantId,
              action: 'order.cancelled',
              objectType: 'order',
              objectId: row.id,
              before: { status: order.status },
              after: { status: row.status, reason: UNPAID_CANCEL_REASON },
            });
            stockChanged = await giveBack(tx, row.restaurantId, row.id);
            return row;
          }),
        );
      try {
        outcome = await cancel();
      } catch (error) {
        if (error instanceof NotChanged || isRefusal(error)) continue;
        throw error;
      }
      await outcome.after();
      cancelled += 1;
      await announceStockChanges({ db, events }, order.restaurantId, stockChanged);
      const restaurant = await restaurantReads.byId(db, order.restaurantId);
      if (restaurant && order.customerId !== null) {
        // What went back, as the provider confirmed it since (the test provider at once).
        const refundedCents =
          outcome.effect.refunds.length > 0
            ? await repo.refundedCentsOf(db, order.id)
            : outcome.result.refundedCents;
        const row = { ...outcome.result, paymentState: outcome.paymentState, refundedCents };
        const [staffOrder] = await staffOrdersOf(db, [row], restaurant);
        events.emit('order.updated', {
          restaurantId: order.restaurantId,
          customerId: order.customerId,
          order: staffOrder!,
          dinerOnly: true,
        });
      }
    }
    return { cancelled };
  };
}
