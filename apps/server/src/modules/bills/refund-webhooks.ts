import type { DbOrTx } from '../../db/client';
import type { DomainEventBus } from '../../lib/domain-events';
import { orderRefunds } from '../orders/order-refunds';
import { announceRestated, restate } from './bill-books';
import { billsRepository } from './bills.repository';
import type { PaymentEventHandler, PaymentEvents } from './payment-events';
import { refundsRepository as repo } from './refunds.repository';

/** The part of Stripe's Refund object these handlers read. */
type RefundObject = {
  id?: unknown;
  status?: unknown;
  amount?: unknown;
  metadata?: { refund_id?: unknown } | null;
};

/** Stripe's refund events (and the test provider's): each carries the Refund object. */
export const REFUND_EVENT_TYPES = ['refund.created', 'refund.updated', 'charge.refund.updated'] as const;

/**
 * Our refund an event is about: by our own id in its metadata (set when we asked for it, so an
 * event that comes before we stored the provider's id still finds it), else by the provider's id.
 * A refund we did not ask for (a subscription's, one made in Stripe's dashboard) is not ours.
 */
async function refundOf(tx: DbOrTx, object: RefundObject) {
  const ours = Number(object.metadata?.refund_id);
  if (Number.isSafeInteger(ours) && ours > 0 && ours <= 2_147_483_647) {
    const refund = await repo.byId(tx, ours);
    if (refund) return refund;
  }
  return typeof object.id === 'string' ? repo.byProviderRefund(tx, object.id) : undefined;
}

/**
 * The provider's word on a refund (docs/decisions/020-money-model.md#refunds): succeeded makes it
 * money — the refund, its payment, its order and lines — once, whatever replays or comes late;
 * failed or canceled frees its amount. Either way the bill is restated from its ledger
 * (docs/product/payments.md#ledger) and announced after commit. An event whose amount is not the
 * refund's changes nothing.
 */
export function registerRefundWebhooks(
  paymentEvents: Pick<PaymentEvents, 'on'>,
  deps: { db: DbOrTx; now: () => Date; events: DomainEventBus },
) {
  const { db, now, events } = deps;

  const handle: PaymentEventHandler = async (tx: DbOrTx, event) => {
    const object = event.data.object as RefundObject;
    const refund = await refundOf(tx, object);
    if (!refund) return undefined;
    if (typeof object.amount === 'number' && object.amount !== refund.amountCents + refund.tipCents)
      return undefined;
    const [payment] = await repo.billOfPayment(tx, refund.paymentId);
    const bill = payment && (await billsRepository.lock(tx, payment.billId));
    if (!bill) return undefined;
    const at = now();
    if (object.status === 'failed' || object.status === 'canceled') {
      if (!(await repo.fail(tx, refund.id))) return undefined;
    } else if (object.status === 'succeeded') {
      const confirmed = await repo.confirm(tx, refund.id, at);
      if (!confirmed) return undefined;
      if (typeof object.id === 'string' && confirmed.providerRefundId === null)
        await repo.setProviderRefund(tx, confirmed.id, object.id);
      await repo.addToPayment(tx, confirmed.paymentId, confirmed.amountCents + confirmed.tipCents, at);
      await orderRefunds.apply(
        tx,
        { orderId: confirmed.orderId, amountCents: confirmed.amountCents, lines: confirmed.lines },
        at,
      );
    } else return undefined;
    const restated = await restate(tx, bill, at);
    return async () => {
      if (object.status === 'succeeded')
        events.emit('refund.succeeded', {
          restaurantId: refund.restaurantId,
          orderId: refund.orderId,
          refundId: refund.id,
        });
      await announceRestated({ db, events }, restated);
    };
  };

  for (const type of REFUND_EVENT_TYPES) paymentEvents.on(type, handle);
}
