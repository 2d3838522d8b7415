import { billMessages } from '@tableserve/contract/bills';
import { orderMoneyMessages, planGiveBack } from '@tableserve/contract/ledger';
import { MAX_BILL_LINES } from '@tableserve/contract/order-limits';
import { can } from '@tableserve/contract/staff-roles';
import type { Db } from '../../db/client';
import { conflict, forbidden } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { centsToDollars } from '../../lib/money';
import { recordSystemAudit } from '../audit/audit-log';
import type { MoneyEffect, OrderMoneyGuard } from '../orders/order-changes';
import { announceRestated, type BillBooks, isLive, paymentStateOf, readBooks, restate } from './bill-books';
import { billsRepository as repo } from './bills.repository';
import { refundsRepository } from './refunds.repository';
import type { RefundSender } from './refunds.service';

const noEffect = async () => {};

/** The lines of a bill's live orders. */
const liveLines = (books: BillBooks) => {
  const live = new Set(books.orders.filter(isLive).map((row) => row.id));
  return books.lines.filter((line) => live.has(line.orderId)).length;
};

/**
 * An edit may not take a table's bill past MAX_BILL_LINES, as an order may not
 * (docs/product/payments.md#bill-size); one that shrinks a bill already past it is let through.
 */
function refuseGrowingPastFull(before: BillBooks, after: BillBooks) {
  const [was, is] = [liveLines(before), liveLines(after)];
  if (is > MAX_BILL_LINES && is > was) throw conflict(billMessages.full(was), 'BILL_FULL');
}

/**
 * The bills module's side of a change to an order (docs/product/payments.md#order-changes; the
 * contract's planGiveBack decides what goes back). Locks the bill before the change touches the
 * order, as payments and webhooks do: bill, then orders.
 */
export function createOrderMoneyGuard(deps: {
  db: Db;
  now: () => Date;
  events: DomainEventBus;
  providerName: string;
  refunds: RefundSender;
}): OrderMoneyGuard {
  const { db, now, events, providerName, refunds } = deps;

  return async (tx, order, change, run) => {
    const bill = order.billId === null ? undefined : await repo.lock(tx, order.billId);
    if (!bill) {
      const result = await run();
      return {
        result,
        effect: { refunds: [], asksMoreCents: 0 },
        paymentState: order.paymentState,
        after: noEffect,
      };
    }
    const before = await readBooks(tx, bill);
    if (before.ledger.pendingCents > 0) throw conflict(orderMoneyMessages.paymentPending, 'PAYMENT_PENDING');
    const claimedLineIds = before.lines.filter((line) => line.orderId === order.id).map((line) => line.id);

    const result = await run();

    const after = await readBooks(tx, bill);
    refuseGrowingPastFull(before, after);
    const changed = after.orders.find((row) => row.id === order.id);
    const dueCents =
      changed && isLive(changed)
        ? Math.max(0, changed.totalCents - (after.ledger.staffRefundedCents.get(order.id) ?? 0))
        : 0;
    // An edit deletes the lines it replaces, and their claims with them: the claims as they were.
    const claimsBefore = new Map(before.input.payments.map((payment) => [payment.id, payment.claims]));
    const plan = planGiveBack(
      {
        ...after.input,
        payments: after.input.payments.map((payment) => ({
          ...payment,
          claims: claimsBefore.get(payment.id) ?? payment.claims,
        })),
      },
      { orderId: order.id, dueCents, claimedLineIds },
    );
    if (plan.length > 0 && change.actor && !can(change.actor.role, 'orders.refund'))
      throw forbidden(orderMoneyMessages.refundNotAllowed, 'REFUND_NOT_ALLOWED');

    const at = now();
    const reason =
      change.reason === 'cancelled' ? orderMoneyMessages.cancelledReason : orderMoneyMessages.changedReason;
    const created =
      plan.length === 0
        ? []
        : await refundsRepository.insert(
            tx,
            plan.map((draw) => ({
              restaurantId: bill.restaurantId,
              orderId: order.id,
              paymentId: draw.paymentId,
              amountCents: draw.amountCents,
              tipCents: draw.tipCents,
              reason,
              lines: draw.lines,
              provider: providerName,
              automatic: true,
              createdAt: at,
            })),
          );
    const cardOf = new Map(after.payments.map((payment) => [payment.id, payment.cardLast4]));
    const effect: MoneyEffect = {
      refunds: plan.map((draw) => ({
        amountCents: draw.amountCents,
        tipCents: draw.tipCents,
        cardLast4: cardOf.get(draw.paymentId) ?? null,
      })),
      asksMoreCents: 0,
    };
    if (created.length > 0) {
      const total = plan.reduce((sum, draw) => sum + draw.amountCents + draw.tipCents, 0);
      await recordSystemAudit(tx, {
        restaurantId: bill.restaurantId,
        action: 'order.refunded',
        objectType: 'order',
        objectId: order.id,
        after: { amount: centsToDollars(total), reason, automatic: true },
      });
    }
    const restated = await restate(tx, bill, at);
    const { ledger } = restated.books;
    effect.asksMoreCents = Math.max(0, ledger.outstandingCents - before.ledger.outstandingCents);
    const row = restated.books.orders.find((one) => one.id === order.id);
    return {
      result,
      effect,
      paymentState: row ? paymentStateOf(row, ledger) : 'unpaid',
      after: async () => {
        await refunds.send(created);
        await announceRestated({ db, events }, restated, order.id);
      },
    };
  };
}
