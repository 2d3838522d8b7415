import { billMessages } from '@tableserve/contract/bills';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEventBus } from '../../lib/domain-events';
import type { StripeEventEnvelope } from '../../lib/stripe-signature';
import { announceRestated, restate } from './bill-books';
import { billsRepository as repo } from './bills.repository';
import type { PaymentEvents } from './payment-events';

/** The parts of a Stripe PaymentIntent these handlers read, as billPaymentOf has checked them. */
type PaymentIntent = {
  id: string;
  /** What the intent charges, in cents (Stripe's PaymentIntent.amount); undefined when not a number. */
  amount: number | undefined;
  latest_charge: { payment_method_details: { card: { brand: string | null; last4: string | null } } };
  last_payment_error: { message?: string } | null;
};

/** bill_payments' ids are PostgreSQL integers. */
const LARGEST_ROW_ID = 2_147_483_647;
/** A provider's id as Stripe writes it (pi_…), within bill_payments.provider_payment_id. */
const PROVIDER_ID = /^[\x21-\x7e]{1,255}$/;
/** C0 control characters and DEL: text the provider sends is stored without them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** One of our rows' ids as the payment's metadata carries it (decimal digits); else undefined. */
function rowIdOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= LARGEST_ROW_ID ? id : undefined;
}

/** Text the provider sends that we store, without control characters, or null when it is none or too long. */
function storableText(value: unknown, maxLength: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL_CHARACTERS, '');
  return text.length > 0 && text.length <= maxLength ? text : null;
}

/**
 * The bill payment an intent is for; undefined for intents of anything else (a subscription's)
 * and for metadata that cannot name one of our rows (a number beyond a PostgreSQL integer, not a
 * number): acknowledged, never a 500. What the handlers store of it is checked here to fit its
 * column, so a correctly signed event never fails on its values.
 */
function billPaymentOf(event: StripeEventEnvelope) {
  const object = event.data.object;
  const metadata = fieldOf(object, 'metadata');
  const billId = rowIdOf(fieldOf(metadata, 'bill_id'));
  const paymentId = rowIdOf(fieldOf(metadata, 'payment_id'));
  const id = fieldOf(object, 'id');
  if (billId === undefined || paymentId === undefined || typeof id !== 'string' || !PROVIDER_ID.test(id))
    return undefined;
  const card = fieldOf(fieldOf(fieldOf(object, 'latest_charge'), 'payment_method_details'), 'card');
  const last4 = fieldOf(card, 'last4');
  const message = storableText(fieldOf(fieldOf(object, 'last_payment_error'), 'message'), 500);
  const amount = fieldOf(object, 'amount');
  const intent: PaymentIntent = {
    id,
    amount: typeof amount === 'number' ? amount : undefined,
    latest_charge: {
      payment_method_details: {
        card: {
          brand: storableText(fieldOf(card, 'brand'), 20),
          last4: typeof last4 === 'string' && /^[0-9]{4}$/.test(last4) ? last4 : null,
        },
      },
    },
    last_payment_error: message === null ? null : { message },
  };
  return { intent, billId, paymentId, eventId: event.id };
}

/**
 * Whether the intent is the one we created for the stored payment: it charges the payment's
 * amount and tip, and it is the intent the charge recorded, once recorded. The metadata alone
 * is not trusted: Stripe sends every event of the account to every endpoint, so another
 * deployment's bill 12, payment 34, or any other intent carrying those numbers, would otherwise
 * confirm ours. A mismatch changes nothing; it is logged and acknowledged.
 */
async function confirmsStoredPayment(
  tx: DbOrTx,
  target: NonNullable<ReturnType<typeof billPaymentOf>>,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const payment = await repo.payment(tx, target.billId, target.paymentId);
  if (!payment) return false;
  const chargedCents = payment.amountCents + payment.tipCents;
  const sameIntent = payment.providerPaymentId === null || payment.providerPaymentId === target.intent.id;
  if (target.intent.amount === chargedCents && sameIntent) return true;
  log.warn(
    {
      event: target.eventId,
      billId: target.billId,
      paymentId: target.paymentId,
      intent: target.intent.id,
      intentAmount: target.intent.amount,
      storedIntent: payment.providerPaymentId,
      chargedCents,
    },
    'payment_intent.succeeded does not match its bill payment: ignored',
  );
  return false;
}

/**
 * What the provider's signed events do to bill payments (docs/decisions/020-money-model.md#payments).
 * Each changes a payment only while it is pending, so a replayed event, or a late
 * payment_failed after succeeded, changes nothing. The bill is locked first, as a payment
 * locks it, so the two never wait on each other in opposite orders.
 */
export function registerBillPaymentHandlers(
  paymentEvents: PaymentEvents,
  deps: { db: Db; now: () => Date; events: DomainEventBus; log: FastifyBaseLogger },
) {
  const { db, now, events, log } = deps;

  paymentEvents.on('payment_intent.succeeded', async (tx: DbOrTx, event) => {
    const target = billPaymentOf(event);
    const bill = target && (await repo.lock(tx, target.billId));
    if (!target || !bill || !(await confirmsStoredPayment(tx, target, log))) return undefined;
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
