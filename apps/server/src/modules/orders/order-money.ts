import { priceBill, taxesByRate } from '@tableserve/contract/bill';
import type { OrderMoney } from '@tableserve/contract/order';
import { centsToDollars, storedTaxOf, taxesInDollars } from '../../lib/money';
import type { PublishedMenu } from '../customer-menu/published-menus';
import { type PricedLine, priceLines, refuseTooLarge, type WantedLine } from './order-lines';
import type { NewOrder, OrderItemRow, OrderRow } from './orders.repository';

/** A line priced with its tax and its share of the service charge, as order_items stores it. */
export type TaxedLine = PricedLine & Pick<OrderItemRow, 'taxName' | 'taxRate' | 'taxCents' | 'serviceCents'>;

/** An order's figures as the orders table stores them. */
export type OrderFigures = Required<
  Pick<NewOrder, 'subtotalCents' | 'taxCents' | 'taxIncluded' | 'serviceCents' | 'totalCents' | 'partySize'>
>;

/**
 * Prices an order (docs/decisions/020-money-model.md): its lines from the restaurant's menu
 * (priceLines), then each line's tax at its dish's rate and the service charge, when the party
 * pays it, with the contract's bill.ts, so the cart's figures and the stored ones are the same.
 * The rates and rules come with the published menu: no database read.
 */
export function priceOrder(
  menu: Pick<PublishedMenu, 'items' | 'rules' | 'taxOf'>,
  wanted: WantedLine[],
  partySize: number | null,
): { lines: TaxedLine[]; figures: OrderFigures } {
  const { lines } = priceLines(menu.items, wanted);
  const bill = priceBill(
    lines.map((line) => ({
      amountCents: line.unitPriceCents * line.quantity,
      // priceLines found every line's item on this menu.
      tax: menu.taxOf(menu.items.get(line.menuItemId)!),
    })),
    menu.rules,
    partySize,
  );
  refuseTooLarge(bill.totalCents);
  return {
    lines: lines.map((line, index) => {
      const priced = bill.lines[index]!;
      return {
        ...line,
        taxName: priced.tax?.name ?? null,
        taxRate: priced.tax?.rate ?? 0,
        taxCents: priced.taxCents,
        serviceCents: priced.serviceCents,
      };
    }),
    figures: {
      subtotalCents: bill.subtotalCents,
      taxCents: bill.taxCents,
      taxIncluded: bill.taxIncluded,
      serviceCents: bill.serviceCents,
      totalCents: bill.totalCents,
      partySize,
    },
  };
}

/**
 * An order's figures as every reader gets them (the diner's status page, the staff's cards, the
 * live updates): its stored figures, and its taxes by rate summed from its stored lines. None for
 * an order paid at the counter without tax, service or refund: every answer about it stays as it
 * was before the money model (its total is its subtotal). The subtotal is what the total holds
 * besides the added tax and the service; `refunded`, only when something was.
 */
export function toOrderMoney(
  order: Pick<
    OrderRow,
    | 'paymentTiming'
    | 'paymentState'
    | 'serviceCents'
    | 'taxIncluded'
    | 'taxCents'
    | 'totalCents'
    | 'refundedCents'
  >,
  lines: readonly Pick<OrderItemRow, 'taxName' | 'taxRate' | 'taxCents'>[],
): OrderMoney {
  const asBefore =
    order.paymentTiming === 'counter' &&
    order.paymentState === 'unpaid' &&
    order.serviceCents === 0 &&
    order.refundedCents === 0 &&
    lines.every((line) => line.taxName === null);
  if (asBefore) return {};
  const addedTax = order.taxIncluded ? 0 : order.taxCents;
  return {
    subtotal: centsToDollars(order.totalCents - addedTax - order.serviceCents),
    tax: centsToDollars(order.taxCents),
    tax_included: order.taxIncluded,
    taxes: taxesInDollars(
      taxesByRate(lines.map((line) => ({ tax: storedTaxOf(line), taxCents: line.taxCents }))),
    ),
    service: centsToDollars(order.serviceCents),
    payment_timing: order.paymentTiming,
    payment_state: order.paymentState,
    // What the provider confirmed went back, for the diner's status page (docs/product/payments.md#order-changes).
    ...(order.refundedCents > 0 && { refunded: centsToDollars(order.refundedCents) }),
  };
}
