/**
 * One bill's money, from its rows (docs/product/payments.md#ledger): what is due, paid, being paid,
 * refunded and left, and what must go back when an order changes
 * (docs/product/payments.md#order-changes). Pure and in cents, so the server applies it and the
 * property test checks it with the same arithmetic.
 */

export type LedgerOrder = {
  id: number;
  /** Not cancelled, not deleted: it counts towards the bill. */
  live: boolean;
  totalCents: number;
  /** The order's lines, with what each costs the table. */
  lines: readonly { id: number; payableCents: number }[];
};

export type LedgerPayment = {
  id: number;
  status: 'pending' | 'succeeded' | 'failed';
  amountCents: number;
  tipCents: number;
  /** The shares of lines it pays for (a payment by items). */
  claims: readonly { orderItemId: number; amountCents: number }[];
};

export type LedgerRefund = {
  paymentId: number;
  orderId: number;
  status: 'pending' | 'succeeded' | 'failed';
  amountCents: number;
  tipCents: number;
  /** Given back by TableServe for a change (not a refund staff chose to give). */
  automatic: boolean;
  lines: readonly { orderItemId: number; amountCents: number }[];
};

export type LedgerInput = {
  orders: readonly LedgerOrder[];
  payments: readonly LedgerPayment[];
  refunds: readonly LedgerRefund[];
};

export type Ledger = {
  /** Σ over live orders of total − the refunds staff chose to give on it, never below 0 each. */
  dueCents: number;
  paidCents: number;
  pendingCents: number;
  /** Refunds not failed, tips apart: pending ones are on their way back. */
  refundedCents: number;
  /** paidCents − refundedCents: what the restaurant holds of the bill. */
  keptCents: number;
  outstandingCents: number;
  /** What the bill holds beyond what is due: money that must go back. */
  surplusCents: number;
  /** Due, and nothing left to pay or being paid. */
  settled: boolean;
  /** Per order: the refunds staff chose to give, and every refund not failed. */
  staffRefundedCents: Map<number, number>;
  refundedOfOrder: Map<number, number>;
};

const notFailed = <T extends { status: string }>(rows: readonly T[]) =>
  rows.filter((row) => row.status !== 'failed');
const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};
const addTo = (map: Map<number, number>, key: number, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

export function ledgerOf({ orders, payments, refunds }: LedgerInput): Ledger {
  const live = notFailed(refunds);
  const staffRefundedCents = new Map<number, number>();
  const refundedOfOrder = new Map<number, number>();
  for (const refund of live) {
    addTo(refundedOfOrder, refund.orderId, refund.amountCents);
    if (!refund.automatic) addTo(staffRefundedCents, refund.orderId, refund.amountCents);
  }
  const dueCents = sum(
    orders
      .filter((order) => order.live)
      .map((order) => Math.max(0, order.totalCents - (staffRefundedCents.get(order.id) ?? 0))),
  );
  const amountOf = (status: LedgerPayment['status']) =>
    sum(payments.filter((payment) => payment.status === status).map((payment) => payment.amountCents));
  const paidCents = amountOf('succeeded');
  const pendingCents = amountOf('pending');
  const refundedCents = sum(live.map((refund) => refund.amountCents));
  const keptCents = paidCents - refundedCents;
  const outstandingCents = Math.max(0, dueCents - keptCents - pendingCents);
  return {
    dueCents,
    paidCents,
    pendingCents,
    refundedCents,
    keptCents,
    outstandingCents,
    surplusCents: Math.max(0, keptCents - dueCents),
    settled: dueCents > 0 && outstandingCents === 0 && pendingCents === 0,
    staffRefundedCents,
    refundedOfOrder,
  };
}

/** One automatic refund to make: from one payment, for one order, with the lines it stands for. */
export type GiveBack = {
  paymentId: number;
  amountCents: number;
  tipCents: number;
  lines: { orderItemId: number; amountCents: number }[];
};

/**
 * What goes back after `changedOrderId` changed (docs/product/payments.md#order-changes), given the
 * bill's rows as they are now and what the order is due now (0 when cancelled or deleted):
 * 1. what diners paid by items for its lines beyond what it is now due goes back to the payments
 *    that paid them, the latest claim first;
 * 2. then whatever the bill holds beyond what is due, from the payments with most left to refund
 *    (fewest refunds on the diners' cards), never from tips;
 * 3. when nothing at all is due any more, the tips too.
 * `paidLines`: the order's lines before the change, with the claims on them (an edit deletes
 * lines, and their claims with them, after this is planned).
 */
export function planGiveBack(
  input: LedgerInput,
  change: { orderId: number; dueCents: number; claimedLineIds: readonly number[] },
): GiveBack[] {
  const ledger = ledgerOf(input);
  const succeeded = input.payments.filter((payment) => payment.status === 'succeeded');
  const live = notFailed(input.refunds);
  const leftOf = new Map<number, { amount: number; tip: number }>(
    succeeded.map((payment) => [
      payment.id,
      {
        amount:
          payment.amountCents -
          sum(live.filter((refund) => refund.paymentId === payment.id).map((refund) => refund.amountCents)),
        tip:
          payment.tipCents -
          sum(live.filter((refund) => refund.paymentId === payment.id).map((refund) => refund.tipCents)),
      },
    ]),
  );
  const draws = new Map<number, GiveBack>();
  const draw = (paymentId: number, amountCents: number, tipCents = 0, line?: number) => {
    const left = leftOf.get(paymentId)!;
    left.amount -= amountCents;
    left.tip -= tipCents;
    const entry = draws.get(paymentId) ?? { paymentId, amountCents: 0, tipCents: 0, lines: [] };
    entry.amountCents += amountCents;
    entry.tipCents += tipCents;
    if (line !== undefined && amountCents > 0) entry.lines.push({ orderItemId: line, amountCents });
    draws.set(paymentId, entry);
  };

  // 1. The order's lines paid by items, less what already went back for each.
  const givenBackOfLine = new Map<number, number>();
  for (const refund of live)
    for (const line of refund.lines) addTo(givenBackOfLine, line.orderItemId, line.amountCents);
  const claimed = new Set(change.claimedLineIds);
  const claims = succeeded.flatMap((payment) =>
    payment.claims
      .filter((claim) => claimed.has(claim.orderItemId))
      .map((claim) => ({ paymentId: payment.id, ...claim })),
  );
  // Refunds already made for a line are counted against its earliest claims.
  const claimsLeft = claims.map((claim) => {
    const already = givenBackOfLine.get(claim.orderItemId) ?? 0;
    const taken = Math.min(already, claim.amountCents);
    givenBackOfLine.set(claim.orderItemId, already - taken);
    return { ...claim, amountCents: claim.amountCents - taken };
  });
  let itemsExcess = sum(claimsLeft.map((claim) => claim.amountCents)) - change.dueCents;
  let surplus = ledger.surplusCents;
  for (const claim of [...claimsLeft].reverse()) {
    if (itemsExcess <= 0) break;
    const back = Math.min(itemsExcess, claim.amountCents, leftOf.get(claim.paymentId)!.amount);
    if (back <= 0) continue;
    draw(claim.paymentId, back, 0, claim.orderItemId);
    itemsExcess -= back;
    surplus -= back;
  }

  // 2. What the bill holds beyond what is due.
  if (surplus > 0) {
    const byMostLeft = [...succeeded].sort(
      (a, b) => leftOf.get(b.id)!.amount - leftOf.get(a.id)!.amount || a.id - b.id,
    );
    for (const payment of byMostLeft) {
      if (surplus <= 0) break;
      const back = Math.min(surplus, leftOf.get(payment.id)!.amount);
      if (back <= 0) continue;
      draw(payment.id, back);
      surplus -= back;
    }
  }

  // 3. Nothing due any more: the tips go back with the rest.
  if (ledger.dueCents === 0)
    for (const payment of succeeded) {
      const { tip } = leftOf.get(payment.id)!;
      if (tip > 0) draw(payment.id, 0, tip);
    }

  return [...draws.values()].filter((entry) => entry.amountCents + entry.tipCents > 0);
}

/** What staff read when a change meets money (docs/product/payments.md#order-changes). */
export const orderMoneyMessages = {
  paymentPending: 'A payment on this bill is being confirmed. Try again in a moment.',
  refundNotAllowed: 'Only an owner or a manager can change an order that has been paid.',
  tableHasNewBill:
    'This table has a new bill since this one was paid. Place the extra dishes as a new order.',
  /** The reason of what goes back when an order is cancelled or deleted (the sweep's too). */
  cancelledReason: 'Order cancelled',
  /** The reason of what goes back when an order is edited down. */
  changedReason: 'Order changed',
  refundsTo: (amount: string, last4: string | null) =>
    last4 === null ? `This refunds ${amount}.` : `This refunds ${amount} to the card ending ${last4}.`,
  asksMore: (amount: string) => `The table will be asked for ${amount} more.`,
} as const;
