import { GRACE_PERIOD_DAYS } from '@tableserve/contract/subscription';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import type { StripeEventEnvelope } from '../../lib/stripe-signature';
import { addDays } from '../../lib/time';
import {
  type NewSubscription,
  subscriptionsRepository as repo,
  type SubscriptionRow,
} from './subscriptions.repository';
import { announceChange } from './subscriptions-deps';

export const stripeWebhookMessages = {
  unknownSubscription: 'No subscription for this Stripe subscription',
  changedMeanwhile: 'The subscription changed while this event was applied; retry it',
} as const;

export type StripeWebhookDeps = { db: Db; now: () => Date; log: FastifyBaseLogger; events: DomainEventBus };
export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
export type StripeWebhookResult = { received: true; duplicate?: true };

// A reference Stripe may send as an id or, when expanded, as the object itself.
const stripeId = z
  .union([z.string(), z.object({ id: z.string() })])
  .transform((value) => (typeof value === 'string' ? value : value.id));

// Only the fields we read. The subscription moved from `invoice.subscription` (and
// `line.subscription`) to `parent.*` in API 2025-03-31; the webhook endpoint's own API version
// decides which shape arrives, so both are read.
const InvoiceLine = z.object({
  period: z.object({ start: z.number(), end: z.number() }).nullish(),
  subscription: stripeId.nullish(),
  parent: z
    .object({ subscription_item_details: z.object({ subscription: stripeId.nullish() }).nullish() })
    .nullish(),
});
const StripeInvoice = z.object({
  id: z.string(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().int().nullish(),
  amount_due: z.number().int().nullish(),
  attempt_count: z.number().int().nullish(),
  subscription: stripeId.nullish(),
  parent: z
    .object({ subscription_details: z.object({ subscription: stripeId.nullish() }).nullish() })
    .nullish(),
  lines: z.object({ data: z.array(InvoiceLine) }).nullish(),
  payments: z
    .object({
      data: z.array(
        z.object({
          status: z.string().nullish(),
          payment: z.object({ payment_intent: stripeId.nullish(), charge: stripeId.nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
  payment_intent: stripeId.nullish(),
  charge: stripeId.nullish(),
});
type StripeInvoice = z.infer<typeof StripeInvoice>;
const StripeSubscription = z.object({ id: z.string() });

const subscriptionOfInvoice = (invoice: StripeInvoice) =>
  invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;

/** The period this invoice bills: its subscription line's period (Stripe's own dates). */
function billedPeriod(
  invoice: StripeInvoice,
  stripeSubscriptionId: string,
): { start: Date; end: Date } | undefined {
  const lines = (invoice.lines?.data ?? []).filter((line) => line.period);
  const ofSubscription = lines.filter(
    (line) =>
      (line.parent?.subscription_item_details?.subscription ?? line.subscription) === stripeSubscriptionId,
  );
  const latest = (ofSubscription.length > 0 ? ofSubscription : lines).reduce<
    (typeof lines)[number] | undefined
  >((best, line) => (!best || line.period!.end > best.period!.end ? line : best), undefined);
  if (!latest?.period) return undefined;
  return { start: new Date(latest.period.start * 1000), end: new Date(latest.period.end * 1000) };
}

/** The payment intent (or charge) that paid the invoice, when the payload carries it. */
function paymentIdOf(invoice: StripeInvoice): string | null {
  const payment =
    invoice.payments?.data.find((entry) => entry.status === 'paid') ?? invoice.payments?.data[0];
  return (
    payment?.payment?.payment_intent ??
    payment?.payment?.charge ??
    invoice.payment_intent ??
    invoice.charge ??
    null
  );
}

const isLive = (row: SubscriptionRow) => row.status === 'active' || row.status === 'grace_period';

/**
 * Applies Stripe's billing events to our subscriptions (docs/product/subscriptions.md#subscription-statuses): Stripe
 * renews, so a paid invoice extends the period, a failed one starts the 7-day grace period and a
 * deleted subscription ends ours. Each event id is applied once, in the same transaction as its
 * change; an event about a subscription we do not know is refused and not recorded, so Stripe's
 * retry can succeed once we know it.
 */
export function createStripeWebhookService(deps: StripeWebhookDeps) {
  const { db, now, log, events } = deps;

  async function known(tx: DbOrTx, stripeSubscriptionId: string): Promise<SubscriptionRow> {
    const row = await repo.findByProviderSubscription(tx, stripeSubscriptionId);
    if (!row) throw notFound(stripeWebhookMessages.unknownSubscription, 'UNKNOWN_STRIPE_SUBSCRIPTION');
    return row;
  }

  /** Per transaction, the owners whose subscription it changed: told once it has committed. */
  const changedOwners = new WeakMap<DbOrTx, number[]>();

  async function change(tx: DbOrTx, row: SubscriptionRow, changes: Partial<NewSubscription>) {
    // The update is conditional on the status we read; losing that race rolls the event back,
    // and Stripe's retry applies it to the new state.
    if (!(await repo.update(tx, row.id, row.status, changes))) {
      throw conflict(stripeWebhookMessages.changedMeanwhile, 'SUBSCRIPTION_CHANGED');
    }
    changedOwners.get(tx)?.push(row.userId);
  }

  async function invoicePaid(tx: DbOrTx, invoice: StripeInvoice) {
    const stripeSubscriptionId = subscriptionOfInvoice(invoice);
    if (!stripeSubscriptionId) return; // a one-off invoice: no subscription of ours
    const row = await known(tx, stripeSubscriptionId);
    // The first invoice is the payment create-subscription already recorded.
    if (invoice.billing_reason === 'subscription_create') return;

    const amountCents = invoice.amount_paid ?? 0;
    const plan = await repo.findPlan(tx, row.planId);
    const period = billedPeriod(invoice, stripeSubscriptionId) ?? {
      start: row.endDate,
      end: addDays(row.endDate, plan?.durationDays ?? 30),
    };
    if (isLive(row) && period.end > row.endDate) {
      await change(tx, row, {
        status: 'active',
        currentPeriodStart: period.start,
        endDate: period.end,
        gracePeriodEndDate: null,
        lastPaymentCents: amountCents,
      });
    } else {
      // An older period paid late, or a subscription that has ended here: the money is
      // recorded below, the subscription stays as it is.
      log.warn(
        { subscriptionId: row.id, invoice: invoice.id, status: row.status },
        'Stripe invoice paid without extending the subscription',
      );
    }
    await repo.insertPayment(tx, {
      userId: row.userId,
      subscriptionId: row.id,
      kind: 'renewal',
      status: 'succeeded',
      amountCents,
      provider: 'stripe',
      providerPaymentId: paymentIdOf(invoice),
    });
  }

  async function invoicePaymentFailed(tx: DbOrTx, invoice: StripeInvoice) {
    const stripeSubscriptionId = subscriptionOfInvoice(invoice);
    if (!stripeSubscriptionId) return;
    const row = await known(tx, stripeSubscriptionId);
    // A refused first payment never made a subscription (create-subscription answered 402).
    if (invoice.billing_reason === 'subscription_create') return;
    if (!isLive(row)) return;
    // Events can arrive out of order: a failure of a period that has since been paid is history.
    const period = billedPeriod(invoice, stripeSubscriptionId);
    if (period && period.end <= row.endDate) return;

    // Stripe retries a failed invoice; the grace period runs from the first failure, once.
    if (row.status === 'active') {
      await change(tx, row, {
        status: 'grace_period',
        gracePeriodEndDate: addDays(row.endDate, GRACE_PERIOD_DAYS),
      });
    }
    await repo.insertPayment(tx, {
      userId: row.userId,
      subscriptionId: row.id,
      kind: 'renewal',
      status: 'failed',
      amountCents: invoice.amount_due ?? 0,
      provider: 'stripe',
      failureMessage: `Stripe could not collect the renewal (attempt ${invoice.attempt_count ?? 1})`,
    });
  }

  async function subscriptionDeleted(tx: DbOrTx, stripeSubscriptionId: string) {
    const row = await known(tx, stripeSubscriptionId);
    if (row.status === 'canceled' || row.status === 'expired') return; // we ended it first
    const at = now();
    await change(tx, row, {
      // Canceling at period end ends as the owner asked; anything else (Stripe gave up on
      // failed payments, or it was canceled in the Stripe dashboard) is an expiry.
      status: row.cancelAtPeriodEnd ? 'canceled' : 'expired',
      canceledAt: row.cancelAtPeriodEnd ? (row.canceledAt ?? at) : row.canceledAt,
      endDate: new Date(Math.min(row.endDate.getTime(), at.getTime())),
    });
  }

  return {
    /** Applies one verified event, once per event id. */
    async apply(event: StripeEventEnvelope): Promise<StripeWebhookResult> {
      const owners: number[] = [];
      const result = await db.transaction(async (tx): Promise<StripeWebhookResult> => {
        changedOwners.set(tx, owners);
        if (!(await repo.markWebhookProcessed(tx, event.id, event.type)))
          return { received: true, duplicate: true };
        switch (event.type) {
          case 'invoice.paid':
            await invoicePaid(tx, StripeInvoice.parse(event.data.object));
            break;
          case 'invoice.payment_failed':
            await invoicePaymentFailed(tx, StripeInvoice.parse(event.data.object));
            break;
          case 'customer.subscription.deleted':
            await subscriptionDeleted(tx, StripeSubscription.parse(event.data.object).id);
            break;
          default:
          // Recorded and acknowledged: Stripe stops sending it.
        }
        return { received: true };
      });
      for (const ownerId of owners) announceChange(events, ownerId);
      return result;
    },
  };
}
