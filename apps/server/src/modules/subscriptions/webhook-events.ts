import type { DbOrTx } from '../../db/client';
import { subscriptionsRepository as repo } from './subscriptions.repository';

/**
 * The record of provider events already applied (processed_webhook_events), for the other
 * modules that receive Stripe's webhooks (bill payments and refunds): one table, so an event id
 * applies once whichever endpoint it reached.
 */
export const webhookEvents = {
  /** True the first time an event id is seen; call it in the transaction that applies the event. */
  markProcessed: (tx: DbOrTx, eventId: string, type: string) => repo.markWebhookProcessed(tx, eventId, type),
};
