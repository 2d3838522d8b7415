import type { PaymentState } from '@tableserve/contract/bill';
import { type Ledger, type LedgerInput, ledgerOf, orderMoneyMessages } from '@tableserve/contract/ledger';
import type { DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { conflict } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { recordSystemAudit } from '../audit/audit-log';
import { type OrderItemRow, type OrderRow, orderReads } from '../orders/order-reads';
import {
  announceSettlement,
  type Settlement,
  setPaymentStates,
  settleBill,
} from '../orders/order-settlement';
import { restaurantReads } from '../restaurants/restaurant-reads';
import {
  type BillPaymentRow,
  type BillRow,
  type PaymentClaimRow,
  billsRepository as repo,
} from './bills.repository';
import { type RefundRow, refundsRepository } from './refunds.repository';

/** Why the audit trail says TableServe completed a Ready order. */
export const PAID_ONLINE_REASON = 'Paid online';

/** A bill's rows as its ledger reads them (docs/product/payments.md#ledger). */
export type BillBooks = {
  bill: BillRow;
  /** Every order ever on the bill; `live` ones count towards it. */
  orders: OrderRow[];
  lines: OrderItemRow[];
  payments: BillPaymentRow[];
  /** The shares of lines that pending and confirmed payments hold. */
  claims: PaymentClaimRow[];
  refunds: RefundRow[];
  input: LedgerInput;
  ledger: Ledger;
};

export const isLive = (order: Pick<OrderRow, 'status' | 'deletedAt'>) =>
  order.deletedAt === null && order.status !== 'Cancelled';

/** What a stored line costs the table: its amount, its tax when added, its share of service. */
export const payableOf = (line: OrderItemRow, taxIncluded: boolean) =>
  line.unitPriceCents * line.quantity + (taxIncluded ? 0 : line.taxCents) + line.serviceCents;

export async function readBooks(db: DbOrTx, bill: BillRow): Promise<BillBooks> {
  const [orders, payments, claims, refunds] = await readsTogether(db, [
    () => orderReads.allOfBill(db, bill.id),
    () => repo.paymentsOf(db, bill.id),
    () => repo.claimsOf(db, bill.id),
    () => refundsRepository.ofBill(db, bill.id),
  ]);
  const lines = await orderReads.linesOf(
    db,
    orders.map((order) => order.id),
  );
  const input: LedgerInput = {
    orders: orders.map((order) => ({
      id: order.id,
      live: isLive(order),
      totalCents: order.totalCents,
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({ id: line.id, payableCents: payableOf(line, order.taxIncluded) })),
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      status: payment.status,
      amountCents: payment.amountCents,
      tipCents: payment.tipCents,
      claims: claims
        .filter((claim) => claim.paymentId === payment.id)
        .map((claim) => ({ orderItemId: claim.orderItemId, amountCents: claim.amountCents })),
    })),
    refunds: refunds.map((refund) => ({
      paymentId: refund.paymentId,
      orderId: refund.orderId,
      status: refund.status,
      amountCents: refund.amountCents,
      tipCents: refund.tipCents,
      automatic: refund.automatic,
      lines: refund.lines,
    })),
  };
  return { bill, orders, lines, payments, claims, refunds, input, ledger: ledgerOf(input) };
}

/** An order's payment state as its bill's ledger reads it (docs/product/payments.md#ledger). */
export function paymentStateOf(order: OrderRow, ledger: Ledger): PaymentState {
  const given = ledger.refundedOfOrder.get(order.id) ?? 0;
  if (!isLive(order)) return given > 0 ? 'refunded' : 'unpaid';
  const byStaff = ledger.staffRefundedCents.get(order.id) ?? 0;
  if (byStaff > 0 && byStaff >= order.totalCents) return 'refunded';
  if (ledger.settled) return byStaff > 0 ? 'partly_refunded' : 'paid';
  return ledger.keptCents > 0 ? 'partly_paid' : 'unpaid';
}

export type Restated = {
  bill: BillRow;
  books: BillBooks;
  /** The orders the bill's payment released or completed, when it was paid just now. */
  settlement: Settlement | undefined;
  /** The orders whose payment state changed, as they read now. */
  changed: OrderRow[];
};

/**
 * Brings the bill and its orders in line with its ledger, in the caller's transaction with the
 * bill locked: paid when something is due and nothing is left or being paid, open again when an
 * order grew after it was paid; each order's payment state; the bill's version raised (its
 * screens saw an older one). Called after every payment, refund and change to its orders.
 */
export async function restate(tx: DbOrTx, bill: BillRow, at: Date): Promise<Restated> {
  const books = await readBooks(tx, bill);
  const { ledger } = books;
  let updated: BillRow;
  let settlement: Settlement | undefined;
  const paidNow = bill.status === 'open' && ledger.settled;
  if (paidNow) updated = await repo.markPaid(tx, bill.id, at);
  else if (bill.status === 'paid' && !ledger.settled && ledger.dueCents > 0) {
    // A table has one open bill at a time: one paid before new diners sat down stays paid.
    const open =
      bill.tableNumber === null ? undefined : await repo.openOfTable(tx, bill.restaurantId, bill.tableNumber);
    if (open) throw conflict(orderMoneyMessages.tableHasNewBill, 'TABLE_HAS_NEW_BILL');
    updated = await repo.reopen(tx, bill.id, at);
  } else updated = await repo.bump(tx, bill.id, at);
  const changed = await setPaymentStates(
    tx,
    books.orders.map((order) => ({ id: order.id, state: paymentStateOf(order, ledger) })),
    at,
  );
  if (paidNow) {
    settlement = await settleBill(tx, bill.id, at);
    // Completed by the diners' payment, not by a person: TableServe in the trail.
    for (const orderId of settlement.completedIds)
      await recordSystemAudit(tx, {
        restaurantId: bill.restaurantId,
        action: 'order.paid',
        objectType: 'order',
        objectId: orderId,
        before: { status: 'Ready' },
        after: { status: 'Completed', reason: PAID_ONLINE_REASON },
      });
  }
  return { bill: updated, books: { ...books, bill: updated }, settlement, changed };
}

/**
 * Tells everyone what a restate changed, once it has committed: the bill's screens, the staff of
 * orders the payment released or completed, and each order whose payment state moved (its diner
 * too; one the staff never saw, its diner only). `except`: an order its caller announces itself.
 */
export async function announceRestated(
  deps: { db: DbOrTx; events: DomainEventBus },
  { bill, settlement, changed }: Restated,
  except?: number,
) {
  deps.events.emit('bill.updated', {
    restaurantId: bill.restaurantId,
    billId: bill.id,
    tableNumber: bill.tableNumber,
  });
  const settled = new Set(
    [...(settlement?.revealed ?? []), ...(settlement?.updated ?? [])].map((row) => row.id),
  );
  const others = changed.filter((row) => !settled.has(row.id) && row.id !== except && row.deletedAt === null);
  if (!settlement && others.length === 0) return;
  const restaurant = await restaurantReads.byId(deps.db, bill.restaurantId);
  if (!restaurant) return;
  await announceSettlement(deps, restaurant, {
    revealed: settlement?.revealed ?? [],
    updated: [...(settlement?.updated ?? []).filter((row) => row.id !== except), ...others],
  });
}
