import { type BillFigures, type PricedBillLine, sumLines } from '@tableserve/contract/bill';
import type { BillPayment, BillView } from '@tableserve/contract/bills';
import type { Ledger } from '@tableserve/contract/ledger';
import type { DbOrTx } from '../../db/client';
import { centsToDollars, storedTaxOf, taxesInDollars } from '../../lib/money';
import { toOrderLine } from '../orders/order-lines';
import { type RestaurantRow, restaurantReads } from '../restaurants/restaurant-reads';
import { type BillBooks, isLive, payableOf, readBooks } from './bill-books';
import type { BillPaymentRow, BillRow, PaymentClaimRow } from './bills.repository';

type OrderRow = BillBooks['orders'][number];
type OrderItemRow = BillBooks['lines'][number];

/** A line of the bill with what the table owes for it, and the shares of it taken so far. */
export type BillLineState = {
  row: OrderItemRow;
  priced: PricedBillLine;
  /** Into how many shares the line is being paid: set by its first claim, 1 until then. */
  shareCount: number;
  sharesTaken: number[];
  claimedCents: number;
};

/** Everything a bill's view, a payment's checks and the webhook's settlement read. */
export type BillState = {
  bill: BillRow;
  restaurant: RestaurantRow;
  /** The live orders, oldest first. */
  orders: OrderRow[];
  lines: BillLineState[];
  figures: BillFigures;
  payments: BillPaymentRow[];
  /** The bill's money (docs/product/payments.md#ledger). */
  ledger: Ledger;
  paidCents: number;
  pendingCents: number;
  refundedCents: number;
  /** What a diner can still pay: due − (paid − refunded) − pending, never below 0. */
  outstandingCents: number;
};

/**
 * A stored line priced as its order stored it (docs/decisions/020-money-model.md): the tax and
 * service copied when the order was placed, added up by the contract's arithmetic, never again.
 */
function pricedLine(row: OrderItemRow, taxIncluded: boolean): PricedBillLine {
  return {
    amountCents: row.unitPriceCents * row.quantity,
    tax: storedTaxOf(row),
    taxCents: row.taxCents,
    serviceCents: row.serviceCents,
    payableCents: payableOf(row, taxIncluded),
  };
}

/** The bill's figures now, from its live orders' stored lines, its payments, claims and refunds. */
export async function loadBillState(db: DbOrTx, bill: BillRow): Promise<BillState> {
  const restaurant = await restaurantReads.byId(db, bill.restaurantId);
  const books = await readBooks(db, bill);
  const orders = books.orders
    .filter(isLive)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const taxIncludedOf = new Map(orders.map((order) => [order.id, order.taxIncluded]));
  const claimsOf = new Map<number, PaymentClaimRow[]>();
  for (const claim of books.claims)
    claimsOf.set(claim.orderItemId, [...(claimsOf.get(claim.orderItemId) ?? []), claim]);
  const lines = books.lines
    .filter((row) => taxIncludedOf.has(row.orderId))
    .map((row): BillLineState => {
      const taken = claimsOf.get(row.id) ?? [];
      return {
        row,
        priced: pricedLine(row, taxIncludedOf.get(row.orderId)!),
        shareCount: taken[0]?.shareCount ?? 1,
        sharesTaken: taken.map((claim) => claim.shareIndex),
        claimedCents: taken.reduce((sum, claim) => sum + claim.amountCents, 0),
      };
    });
  const taxIncluded = orders[0]?.taxIncluded ?? restaurant!.pricesIncludeTax;
  const figures = sumLines(
    lines.map((line) => line.priced),
    taxIncluded,
  );
  const { ledger } = books;
  return {
    bill,
    restaurant: restaurant!,
    orders,
    lines,
    figures,
    payments: books.payments,
    ledger,
    paidCents: ledger.paidCents,
    pendingCents: ledger.pendingCents,
    refundedCents: ledger.refundedCents,
    outstandingCents: ledger.outstandingCents,
  };
}

export function toBillView(state: BillState): BillView {
  const { bill, restaurant, figures } = state;
  return {
    bill_id: bill.id,
    restaurant_id: bill.restaurantId,
    restaurant_name: restaurant.name,
    table_number: bill.tableNumber,
    status: bill.status,
    version: bill.version,
    tax_included: figures.taxIncluded,
    lines: state.lines.map(({ row, priced, shareCount, sharesTaken, claimedCents }) => {
      const { product_name, quantity, options } = toOrderLine(row);
      return {
        order_item_id: row.id,
        order_id: row.orderId,
        product_name,
        quantity,
        options: options ?? [],
        amount: centsToDollars(priced.amountCents),
        tax: centsToDollars(priced.taxCents),
        service: centsToDollars(priced.serviceCents),
        payable: centsToDollars(priced.payableCents),
        share_count: shareCount,
        shares_taken: sharesTaken,
        // Never more than the bill has left: a line of a bill paid by amount is not owed again.
        left: centsToDollars(
          Math.max(0, Math.min(priced.payableCents - claimedCents, state.outstandingCents)),
        ),
      };
    }),
    subtotal: centsToDollars(figures.subtotalCents),
    taxes: taxesInDollars(figures.taxes),
    tax: centsToDollars(figures.taxCents),
    service: centsToDollars(figures.serviceCents),
    total: centsToDollars(figures.totalCents),
    paid: centsToDollars(state.paidCents),
    pending: centsToDollars(state.pendingCents),
    refunded: centsToDollars(state.refundedCents),
    outstanding: centsToDollars(state.outstandingCents),
    payments: state.payments
      .filter((payment) => payment.status !== 'failed')
      .map((payment) => ({
        payment_id: payment.id,
        amount: centsToDollars(payment.amountCents),
        tip: centsToDollars(payment.tipCents),
        status: payment.status,
        card_last4: payment.cardLast4,
        created_at: payment.createdAt.toISOString(),
      })),
  };
}

/** One payment as its payer reads it; the receipt token only in the answer that created it. */
export function toBillPayment(payment: BillPaymentRow, receiptToken?: string): BillPayment {
  return {
    payment_id: payment.id,
    status: payment.status,
    amount: centsToDollars(payment.amountCents),
    tip: centsToDollars(payment.tipCents),
    charged: centsToDollars(payment.amountCents + payment.tipCents),
    card_last4: payment.cardLast4,
    failure_message: payment.failureMessage,
    ...(receiptToken !== undefined && { receipt_token: receiptToken }),
  };
}
