import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { isDataException } from '../../db/errors';
import { badRequest } from '../../lib/app-error';
import {
  type StripeEventEnvelope,
  signAsStripe,
  verifyStripeEvent,
  webhookSignatureMessages,
} from '../../lib/stripe-signature';
import { webhookEvents } from '../subscriptions/webhook-events';

/** What a handler leaves to do once its transaction has committed (announce, email). */
export type AfterCommit = () => void | Promise<void>;
export type PaymentEventHandler = (
  tx: DbOrTx,
  event: StripeEventEnvelope,
) => Promise<AfterCommit | undefined>;
export type PaymentEventResult = { received: true; duplicate?: true };
export type PaymentEvents = ReturnType<typeof createPaymentEvents>;

/**
 * The provider's signed events about bill payments and refunds (docs/decisions/020-money-model.md#payments):
 * the only way a payment or a refund becomes money. Each event id applies once, in one
 * transaction with its change; an event of a type no handler registered is recorded and
 * acknowledged, so the provider stops sending it.
 *
 * Stripe sends them to `POST /api/v1/payments/webhook`. The built-in test provider sends the same
 * signed bytes through `deliverLocally`, verified and applied by the same code a moment later, so
 * that offline, too, nothing is paid on the browser's word.
 */
export function createPaymentEvents(deps: {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  secret: string;
}) {
  const { db, now, log, secret } = deps;
  const handlers = new Map<string, PaymentEventHandler>();
  /** Local deliveries not applied yet: the app waits for them when it closes, tests before reading. */
  const inFlight = new Set<Promise<unknown>>();

  async function apply(event: StripeEventEnvelope): Promise<PaymentEventResult> {
    let after: AfterCommit | undefined;
    let result: PaymentEventResult;
    try {
      result = await db.transaction(async (tx): Promise<PaymentEventResult> => {
        if (!(await webhookEvents.markProcessed(tx, event.id, event.type)))
          return { received: true, duplicate: true };
        after = await handlers.get(event.type)?.(tx, event);
        return { received: true };
      });
    } catch (error) {
      // A value of the event the database refuses (too long, out of range, U+0000) is refused
      // again on every retry: a 400, with nothing applied, rather than a 500 (SECURITY.md).
      // Anything else (a lost connection) stays a 500, so the provider retries.
      if (!isDataException(error)) throw error;
      log.error({ err: error, event: event.id, type: event.type }, 'payment event refused by the database');
      throw badRequest(webhookSignatureMessages.malformed, 'INVALID_PAYLOAD');
    }
    await after?.();
    return result;
  }

  return {
    /** One handler per event type (payment_intent.succeeded, refund.updated, …). */
    on(type: string, handler: PaymentEventHandler) {
      if (handlers.has(type)) throw new Error(`A handler for ${type} is already registered`);
      handlers.set(type, handler);
    },
    verify: (body: unknown, signature: string | undefined) =>
      verifyStripeEvent(body, signature, secret, now()),
    apply,
    /**
     * The test provider's webhook: signs the event with this process's secret and applies it
     * through verify, after the caller's own work (as Stripe's would arrive after its answer).
     */
    deliverLocally(event: StripeEventEnvelope): Promise<PaymentEventResult> {
      const body = JSON.stringify(event);
      const signature = signAsStripe(body, secret, now());
      const delivery = new Promise<PaymentEventResult>((resolve, reject) => {
        setImmediate(() => {
          apply(verifyStripeEvent(Buffer.from(body), signature, secret, now())).then(resolve, (error) => {
            log.error({ err: error, event: event.id }, 'local payment event failed');
            reject(error);
          });
        });
      });
      const settled = delivery.catch(() => undefined).finally(() => inFlight.delete(settled));
      inFlight.add(settled);
      return delivery;
    },
    /** Resolves once every local delivery made so far (and any they caused) has been applied. */
    async drained(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
