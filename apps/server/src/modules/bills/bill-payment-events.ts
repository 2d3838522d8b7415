import { billMessages } from '@tableserve/contract/bills';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEventBus } from '../../lib/domain-events';
import type { StripeEventEnvelope } from '../../lib/stripe-signature';
import { announceRestated, restate } from './bill-books';
import { billsRepository as repo } from './bills.repository';
import type { PaymentEvents } from './payment-events';

/** The parts of a Stripe PaymentIntent these handlers read. */
type PaymentIntent = {
  id: string;
  metadata?: { bill_id?: string; payment_id?: string };
  latest_charge?: string | { payment_method_details?: { card?: { brand?: string; last4?: string } } } | null;
  last_payment_error?: { message?: string } | null;
};

/** The bill payment an intent is for; undefined for intents of anything else (a subscription's). */
function billPaymentOf(event: StripeEventEnvelope) {
  const intent = event.data.object as PaymentIntent;
  const billId = Number(intent.metadata?.bill_id);
  const paymentId = Number(intent.metadata?.payment_id);
  if (!Number.isSafeInteger(billId) || !Number.isSafeInteger(paymentId)) return undefined;
  return { intent, billId, paymentId };
}

/**
 * What the provider's signed events do to bill payments (docs/decisions/020-money-model.md#payments).
 * Each changes a payment only while it is pending, so a replayed event, or a late
 * payment_failed after succeeded, changes nothing. The bill is locked first, as a payment
 * locks it, so the two never wait on each other in opposite orders.
 */
export function registerBillPaymentHandlers(
  paymentEvents: PaymentEvents,
  deps: { db: Db; now: () => Date; events: DomainEventBus },
) {
  const { db, now, events } = deps;

  paymentEvents.on('payment_intent.succeeded', async (tx: DbOrTx, event) => {
    const target = billPaymentOf(event);
    const bill = target && (await repo.lock(tx, target.billId));
    if (!target || !bill) return undefined;
    const card = typeof target.intent.latest_charge === 'object' ? target.intent.latest_charge : null;
    const at = now();
    const payment = await repo.succeed(
      tx,
      bill.id,
      target.paymentId,
      {
        providerPaymentId: target.intent.id,
        cardBrand: card?.payment_method_details?.card?.brand ?? null,
        cardLast4: card?.payment_method_details?.card?.last4 ?? null,
      },
      at,
    );
    if (!payment) return undefined;
    const restated = await restate(tx, bill, at);
    return async () => {
      events.emit('payment.succeeded', {
        restaurantId: bill.restaurantId,
        billId: bill.id,
        paymentId: payment.id,
      });
      await announceRestated({ db, events }, restated);
    };
  });

  paymentEvents.on('payment_intent.payment_failed', async (tx: DbOrTx, event) => {
    const target = billPaymentOf(event);
    const bill = target && (await repo.lock(tx, target.billId));
    if (!target || !bill) return undefined;
    const message = target.intent.last_payment_error?.message ?? billMessages.declined;
    const failed = await repo.fail(tx, target.paymentId, message, now(), bill.id);
    if (!failed) return undefined;
    const restated = await restate(tx, bill, now());
    return () => announceRestated({ db, events }, restated);
  });
}
