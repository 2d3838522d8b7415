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
import { once } from '../../lib/idempotency';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { recordAudit } from '../audit/audit-log';
import { orderRefunds, type RefundableOrder } from '../orders/order-refunds';
import { restaurantReads } from '../restaurants/restaurant-reads';
import type { PaymentProvider } from '../subscriptions/payments/payment-provider';
import type { PaymentEvents } from './payment-events';
import { type RefundRow, refundsRepository as repo } from './refunds.repository';

export type RefundsService = ReturnType<typeof createRefundsService>;
type RefundLine = { orderItemId: number; amountCents: number };
type Plan = { amountCents: number; lines: RefundLine[] };

const orderNotFound = () => notFound(orderServerMessages.notFound, 'ORDER_NOT_FOUND');
const isPaidOnline = (order: RefundableOrder) =>
  order.billId !== null && (order.paymentState === 'paid' || order.paymentState === 'partly_refunded');

/** What refunds not failed hold: of the order, and of each line. */
function held(rows: readonly RefundRow[]) {
  const live = rows.filter((row) => row.status !== 'failed');
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

const refundView = (row: RefundRow) => ({
  refund_id: row.id,
  order_id: row.orderId,
  payment_id: row.paymentId,
  amount: centsToDollars(row.amountCents),
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

export function orderRefundsView(order: RefundableOrder, rows: readonly RefundRow[]): OrderRefundsResponse {
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
 * Refunds of orders paid online (docs/decisions/020-money-model.md#refunds). A request reserves
 * its amount in one transaction under the bill's lock (refund rows, pending; the audit entry),
 * then asks the provider for each row outside it; the provider's webhook (refund-webhooks.ts)
 * makes them money. The test provider's webhook is delivered locally before the answer.
 */
export function createRefundsService(deps: {
  db: Db;
  now: () => Date;
  provider: PaymentProvider;
  paymentEvents: PaymentEvents;
  log: FastifyBaseLogger;
}) {
  const { db, now, provider, paymentEvents, log } = deps;

  async function restaurantIdOf(ownerId: number): Promise<number> {
    const restaurantId = await restaurantReads.idOfOwner(db, ownerId);
    if (restaurantId === undefined) throw orderNotFound();
    return restaurantId;
  }

  /** Writes the refund rows of `plan` (pending), under the bill's lock; none when nothing is due. */
  async function reserve(
    tx: DbOrTx,
    order: RefundableOrder,
    decide: (rows: RefundRow[]) => Plan | undefined,
    row: { reason: string; automatic: boolean; actor: Actor | null },
  ): Promise<RefundRow[]> {
    await repo.lockBill(tx, order.billId!);
    const plan = decide(await repo.ofOrder(tx, order.id));
    if (!plan) return [];
    const draws = drawFromPayments(plan, await repo.refundablePayments(tx, order.billId!));
    const created = await repo.insert(
      tx,
      draws.map((draw) => ({
        restaurantId: order.restaurantId,
        orderId: order.id,
        paymentId: draw.paymentId,
        amountCents: draw.amountCents,
        reason: row.reason,
        lines: draw.lines,
        provider: provider.name,
        automatic: row.automatic,
        actorKind: row.actor?.kind ?? null,
        actorId: row.actor?.id ?? null,
        createdAt: now(),
      })),
    );
    if (row.actor) {
      await recordAudit(tx, row.actor, {
        restaurantId: order.restaurantId,
        action: 'order.refunded',
        objectType: 'order',
        objectId: order.id,
        after: {
          amount: centsToDollars(plan.amountCents),
          reason: row.reason,
          ...(plan.lines.length > 0 && {
            lines: plan.lines.map((line) => ({
              order_item_id: line.orderItemId,
              amount: centsToDollars(line.amountCents),
            })),
          }),
        },
      });
    }
    return created;
  }

  /**
   * Asks the provider for each reserved refund (its row's id as the idempotency key, so a retry
   * refunds once). A refusal fails the row, which frees its amount again.
   */
  async function send(rows: RefundRow[], providerPaymentIds: Map<number, string | null>) {
    for (const row of rows) {
      try {
        const { refundId } = await provider.refund({
          providerPaymentId: providerPaymentIds.get(row.paymentId) ?? null,
          amountCents: row.amountCents,
          idempotencyKey: `bill-refund:${row.id}`,
        });
        await repo.setProviderRefund(db, row.id, refundId);
        if (provider.name === 'test') {
          await paymentEvents
            .deliverLocally({
              id: `evt_test_${randomUUID()}`,
              type: 'refund.updated',
              data: {
                object: { id: refundId, object: 'refund', status: 'succeeded', amount: row.amountCents },
              },
            })
            .catch(() => undefined); // logged by deliverLocally; the refund stays pending
        }
      } catch (error) {
        log.error({ err: error, refund: row.id }, 'refund refused by the provider');
        await repo.fail(db, row.id);
      }
    }
  }

  async function paymentIdsOf(billId: number) {
    const payments = await repo.refundablePayments(db, billId);
    return new Map(payments.map((payment) => [payment.id, payment.providerPaymentId]));
  }

  async function view(restaurantId: number, orderId: number): Promise<OrderRefundsResponse> {
    const order = await orderRefunds.find(db, restaurantId, orderId);
    if (!order) throw orderNotFound();
    return orderRefundsView(order, await repo.ofOrder(db, order.id));
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
          const rows = await db.transaction((tx) =>
            reserve(tx, order, (existing) => planRefund(order, existing, body), {
              reason: body.reason,
              automatic: false,
              actor,
            }),
          );
          await send(rows, await paymentIdsOf(order.billId!));
          return { status: 202, body: { message: text.requested, ...(await view(restaurantId, orderId)) } };
        },
      );
    },

    /**
     * A paid order cancelled or deleted is refunded in full, once: its automatic refund is looked
     * for under the bill's lock, so a repeated event finds it and does nothing.
     */
    async refundCancelled(restaurantId: number, orderId: number) {
      const order = await orderRefunds.find(db, restaurantId, orderId);
      if (!order || !isPaidOnline(order)) return;
      const rows = await db.transaction((tx) =>
        reserve(
          tx,
          order,
          (existing) => {
            if (existing.some((row) => row.automatic && row.status !== 'failed')) return undefined;
            const left = order.totalCents - held(existing).orderCents;
            return left > 0 ? { amountCents: left, lines: [] } : undefined;
          },
          { reason: text.automaticReason, automatic: true, actor: null },
        ),
      );
      if (rows.length > 0) await send(rows, await paymentIdsOf(order.billId!));
    },
  };
}
