import type { DbOrTx } from '../../db/client';
import type { DomainEventBus } from '../../lib/domain-events';
import { orderRefunds } from '../orders/order-refunds';
import type { PaymentEventHandler, PaymentEvents } from './payment-events';
import { refundsRepository as repo } from './refunds.repository';

/** The part of Stripe's Refund object these handlers read. */
type RefundObject = { id?: unknown; status?: unknown };

/** Stripe's refund events (and the test provider's): each carries the Refund object. */
export const REFUND_EVENT_TYPES = ['refund.created', 'refund.updated', 'charge.refund.updated'] as const;

/**
 * The provider's word on a refund (docs/decisions/020-money-model.md#refunds): succeeded makes it
 * money — the refund, its payment, its order and lines, the bill's version — once, whatever
 * replays or comes late; failed or canceled frees its amount. Announced after commit.
 */
export function registerRefundWebhooks(
  paymentEvents: Pick<PaymentEvents, 'on'>,
  deps: { now: () => Date; events: DomainEventBus },
) {
  const { now, events } = deps;

  const handle: PaymentEventHandler = async (tx: DbOrTx, event) => {
    const object = event.data.object as RefundObject;
    if (typeof object.id !== 'string') return undefined;
    const refund = await repo.byProviderRefund(tx, object.id);
    // Not one of ours (a subscription's refund), or its id not stored yet: nothing to change.
    if (!refund) return undefined;
    if (object.status === 'failed' || object.status === 'canceled') {
      await repo.fail(tx, refund.id);
      return undefined;
    }
    if (object.status !== 'succeeded') return undefined;
    const at = now();
    const confirmed = await repo.confirm(tx, refund.id, at);
    if (!confirmed) return undefined;
    await repo.addToPayment(tx, confirmed.paymentId, confirmed.amountCents, at);
    await orderRefunds.apply(
      tx,
      { orderId: confirmed.orderId, amountCents: confirmed.amountCents, lines: confirmed.lines },
      at,
    );
    const [payment] = await repo.billOfPayment(tx, confirmed.paymentId);
    const bill = payment ? await repo.bumpBill(tx, payment.billId, at) : undefined;
    return () => {
      events.emit('refund.succeeded', {
        restaurantId: confirmed.restaurantId,
        orderId: confirmed.orderId,
        refundId: confirmed.id,
      });
      if (bill)
        events.emit('bill.updated', {
          restaurantId: bill.restaurantId,
          billId: bill.id,
          tableNumber: bill.tableNumber,
        });
    };
  };

  for (const type of REFUND_EVENT_TYPES) paymentEvents.on(type, handle);
}
