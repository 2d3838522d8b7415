import { randomUUID } from 'node:crypto';
import { orderServerMessages } from '@tableserve/contract/order';
import {
  type CreateRefundBody,
  type CreateRefundResponse,
  type OrderRefundsResponse,
  refundMessages as text,
} from '@tableserve/contract/refunds';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { once } from '../../lib/idempotency';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { recordAudit } from '../audit/audit-log';
import { orderRefunds, type RefundableOrder } from '../orders/order-refunds';
import { restaurantReads } from '../restaurants/restaurant-reads';
import type { PaymentProvider } from '../subscriptions/payments/payment-provider';
import { announceRestated, restate } from './bill-books';
import { billsRepository } from './bills.repository';
import type { PaymentEvents } from './payment-events';
import { type RefundRow, refundsRepository as repo } from './refunds.repository';

export type RefundsService = ReturnType<typeof createRefundsService>;
type RefundLine = { orderItemId: number; amountCents: number };
type Plan = { amountCents: number; lines: RefundLine[] };

const orderNotFound = () => notFound(orderServerMessages.notFound, 'ORDER_NOT_FOUND');
const isPaidOnline = (order: RefundableOrder) =>
  order.billId !== null && (order.paymentState === 'paid' || order.paymentState === 'partly_refunded');

/**
 * What the refunds staff chose to give (not failed) hold: of the order, and of each line. Money
 * TableServe gave back for a change (docs/product/payments.md#order-changes) paid for nothing the
 * order still has, so it takes nothing from what is left to refund.
 */
function held(rows: readonly RefundRow[]) {
  const live = rows.filter((row) => row.status !== 'failed' && !row.automatic);
  const lines = new Map<number, number>();
  for (const line of live.flatMap((row) => row.lines)) {
    lines.set(line.orderItemId, (lines.get(line.orderItemId) ?? 0) + line.amountCents);
  }
  return { orderCents: live.reduce((sum, row) => sum + row.amountCents, 0), lines };
}

/**
 * What a request refunds, checked against what is left: of the order (its total less every
 * refund not failed) and of each line (its payable less the same). A line without an amount
 * refunds what is left of it.
 */
export function planRefund(order: RefundableOrder, rows: readonly RefundRow[], body: CreateRefundBody): Plan {
  const taken = held(rows);
  const orderLeft = order.totalCents - taken.orderCents;
  let plan: Plan;
  if (body.lines) {
    const lines = body.lines.map((asked) => {
      const line = order.lines.find((one) => one.id === asked.order_item_id);
      if (!line) throw conflict(text.lineNotOnOrder, 'REFUND_LINE_NOT_ON_ORDER');
      const left = line.payableCents - (taken.lines.get(line.id) ?? 0);
      const amountCents = asked.amount === undefined ? left : dollarsToCents(asked.amount);
      if (amountCents > left || amountCents <= 0) throw conflict(text.lineOverRefund, 'REFUND_TOO_LARGE');
      return { orderItemId: line.id, amountCents };
    });
    if (new Set(lines.map((line) => line.orderItemId)).size !== lines.length)
      throw conflict(text.lineOverRefund, 'REFUND_TOO_LARGE');
    plan = { amountCents: lines.reduce((sum, line) => sum + line.amountCents, 0), lines };
  } else {
    plan = { amountCents: dollarsToCents(body.amount ?? 0), lines: [] };
  }
  if (plan.amountCents > orderLeft) throw conflict(text.overRefund, 'REFUND_TOO_LARGE');
  return plan;
}

/**
 * The plan drawn from the bill's confirmed payments, the one with most left to refund first
 * (fewest refunds on the diners' cards); a refund by lines carries its lines' pieces in order.
 */
export function drawFromPayments(
  plan: Plan,
  payments: readonly { id: number; refundableCents: number }[],
): { paymentId: number; amountCents: number; lines: RefundLine[] }[] {
  const byLargest = [...payments].sort((a, b) => b.refundableCents - a.refundableCents || a.id - b.id);
  const pieces = plan.lines.map((line) => ({ ...line }));
  const draws: { paymentId: number; amountCents: number; lines: RefundLine[] }[] = [];
  let left = plan.amountCents;
  for (const payment of byLargest) {
    if (left === 0) break;
    const amountCents = Math.min(left, payment.refundableCents);
    if (amountCents <= 0) continue;
    left -= amountCents;
    const lines: RefundLine[] = [];
    let toCover = amountCents;
    for (const piece of pieces) {
      if (toCover === 0) break;
      const part = Math.min(piece.amountCents, toCover);
      if (part === 0) continue;
      lines.push({ orderItemId: piece.orderItemId, amountCents: part });
      piece.amountCents -= part;
      toCover -= part;
    }
    draws.push({ paymentId: payment.id, amountCents, lines });
  }
  // The order was paid on these payments, so they hold its total; less would be a broken bill.
  if (left > 0) throw conflict(text.overRefund, 'REFUND_TOO_LARGE');
  return draws;
}

const refundView = (row: RefundRow & { cardLast4?: string | null }) => ({
  refund_id: row.id,
  order_id: row.orderId,
  payment_id: row.paymentId,
  amount: centsToDollars(row.amountCents),
  tip: centsToDollars(row.tipCents),
  card_last4: row.cardLast4 ?? null,
  reason: row.reason,
  status: row.status,
  automatic: row.automatic,
  lines: row.lines.map((line) => ({
    order_item_id: line.orderItemId,
    amount: centsToDollars(line.amountCents),
  })),
  created_at: row.createdAt.toISOString(),
  confirmed_at: row.confirmedAt?.toISOString() ?? null,
});

export function orderRefundsView(
  order: RefundableOrder,
  rows: readonly (RefundRow & { cardLast4?: string | null })[],
): OrderRefundsResponse {
  const taken = held(rows);
  const paid = isPaidOnline(order) || order.paymentState === 'refunded';
  return {
    order_id: order.id,
    payment_state: order.paymentState,
    paid: paid ? centsToDollars(order.totalCents) : 0,
    refunded: centsToDollars(order.refundedCents),
    refundable: isPaidOnline(order) ? centsToDollars(order.totalCents - taken.orderCents) : 0,
    lines: order.lines.map((line) => ({
      order_item_id: line.id,
      product_name: line.productName,
      quantity: line.quantity,
      payable: centsToDollars(line.payableCents),
      refundable: isPaidOnline(order)
        ? centsToDollars(Math.max(0, line.payableCents - (taken.lines.get(line.id) ?? 0)))
        : 0,
    })),
    refunds: rows.map(refundView),
  };
}

/**
 * Asks the provider for reserved refunds, after the transaction that reserved them has committed:
 * each row's id is its idempotency key and travels in the refund's metadata, so a retry refunds
 * once and the provider's event finds its row by our id. A refusal fails the row, which frees its
 * amount again. The test provider's webhook is delivered locally before the answer.
 */
export type RefundSender = ReturnType<typeof createRefundSender>;

export function createRefundSender(deps: {
  db: Db;
  provider: PaymentProvider;
  paymentEvents: PaymentEvents;
  log: FastifyBaseLogger;
}) {
  const { db, provider, paymentEvents, log } = deps;
  const sender = {
    async send(rows: readonly RefundRow[]) {
      if (rows.length === 0) return;
      const providerIds = await repo.providerPaymentIds(
        db,
        rows.map((row) => row.paymentId),
      );
      for (const row of rows) {
        try {
          const { refundId } = await provider.refund({
            providerPaymentId: providerIds.get(row.paymentId) ?? null,
            amountCents: row.amountCents + row.tipCents,
            idempotencyKey: `bill-refund:${row.id}`,
            refundId: row.id,
          });
          await repo.setProviderRefund(db, row.id, refundId);
          if (provider.name === 'test') {
            await paymentEvents
              .deliverLocally({
                id: `evt_test_${randomUUID()}`,
                type: 'refund.updated',
                data: {
                  object: {
                    id: refundId,
                    object: 'refund',
                    status: 'succeeded',
                    amount: row.amountCents + row.tipCents,
                    metadata: { refund_id: String(row.id) },
                  },
                },
              })
              .catch(() => undefined); // logged by deliverLocally; the refund stays pending
          }
        } catch (error) {
          log.error({ err: error, refund: row.id }, 'refund refused by the provider');
          await repo.fail(db, row.id);
        }
      }
    },

    /**
     * Refunds reserved but never asked of the provider (the process stopped between the commit
     * and the call): asked again, under the same idempotency key, so a refund the provider did
     * take is not made twice. Run by a sweep, for rows older than `before`.
     */
    async resendUnsent(before: Date) {
      await sender.send(await repo.unsentSince(db, before));
    },
  };
  return sender;
}

/**
 * Refunds of orders paid online (docs/decisions/020-money-model.md#refunds). A request reserves
 * its amount in one transaction under the bill's lock (refund rows, pending; the audit entry),
 * then asks the provider for each row outside it; the provider's webhook (refund-webhooks.ts)
 * makes them money. The test provider's webhook is delivered locally before the answer.
 */
export function createRefundsService(deps: {
  db: Db;
  now: () => Date;
  events: DomainEventBus;
  provider: PaymentProvider;
  paymentEvents: PaymentEvents;
  log: FastifyBaseLogger;
}) {
  const { db, now, provider, events } = deps;
  const sender = createRefundSender(deps);

  async function restaurantIdOf(ownerId: number): Promise<number> {
    const restaurantId = await restaurantReads.idOfOwner(db, ownerId);
    if (restaurantId === undefined) throw orderNotFound();
    return restaurantId;
  }

  /**
   * Writes the refund rows of what staff asked (pending) and its audit entry, under the bill's
   * lock, and restates the bill from its ledger (the order reads refunded at once).
   */
  async function reserve(tx: DbOrTx, order: RefundableOrder, body: CreateRefundBody, actor: Actor) {
    const bill = await billsRepository.lock(tx, order.billId!);
    const plan = planRefund(order, await repo.ofOrder(tx, order.id), body);
    const draws = drawFromPayments(plan, await repo.refundablePayments(tx, order.billId!));
    const at = now();
    const created = await repo.insert(
      tx,
      draws.map((draw) => ({
        restaurantId: order.restaurantId,
        orderId: order.id,
        paymentId: draw.paymentId,
        amountCents: draw.amountCents,
        reason: body.reason,
        lines: draw.lines,
        provider: provider.name,
        automatic: false,
        actorKind: actor.kind,
        actorId: actor.id,
        createdAt: at,
      })),
    );
    await recordAudit(tx, actor, {
      restaurantId: order.restaurantId,
      action: 'order.refunded',
      objectType: 'order',
      objectId: order.id,
      after: {
        amount: centsToDollars(plan.amountCents),
        reason: body.reason,
        ...(plan.lines.length > 0 && {
          lines: plan.lines.map((line) => ({
            order_item_id: line.orderItemId,
            amount: centsToDollars(line.amountCents),
          })),
        }),
      },
    });
    return { created, restated: await restate(tx, bill!, at) };
  }

  async function view(restaurantId: number, orderId: number): Promise<OrderRefundsResponse> {
    const order = await orderRefunds.find(db, restaurantId, orderId);
    if (!order) throw orderNotFound();
    return orderRefundsView(order, await repo.ofOrderWithCards(db, order.id));
  }

  return {
    async list(ownerId: number, orderId: number): Promise<OrderRefundsResponse> {
      return view(await restaurantIdOf(ownerId), orderId);
    },

    /** Once per Idempotency-Key: a double-tapped Confirm refunds once. */
    async request(actor: Actor, orderId: number, body: CreateRefundBody, key: string | undefined) {
      return once<CreateRefundResponse>(
        db,
        { scope: `refund:${actor.ownerId}:${orderId}`, key, body },
        async () => {
          const restaurantId = await restaurantIdOf(actor.ownerId);
          const order = await orderRefunds.find(db, restaurantId, orderId);
          if (!order) throw orderNotFound();
          if (!isPaidOnline(order)) throw conflict(text.notRefundable, 'NOT_REFUNDABLE');
          const { created, restated } = await db.transaction((tx) => reserve(tx, order, body, actor));
          await announceRestated({ db, events }, restated);
          await sender.send(created);
          return { status: 202, body: { message: text.requested, ...(await view(restaurantId, orderId)) } };
        },
      );
    },
  };
}
