import type { BillFigures } from '@tableserve/contract/bill';
import type { OrderMoney } from '@tableserve/contract/order';
import { percentToRate } from '@/lib/cart-pricing';
import { dollarsToCents } from '@/lib/money';

type PricedOrder = OrderMoney & { total_amount: number };

/**
 * An order's stored figures (docs/decisions/020-money-model.md) as the breakdown shows them;
 * null for an order the server sends without them (paid at the counter, no tax, no service),
 * which shows its total only, as before.
 */
export function orderFigures(order: PricedOrder): BillFigures | null {
  if (order.subtotal === undefined) return null;
  return {
    lines: [],
    subtotalCents: dollarsToCents(order.subtotal),
    taxes: (order.taxes ?? []).map((tax) => ({
      name: tax.name,
      rate: percentToRate(tax.rate_percent),
      taxCents: dollarsToCents(tax.amount),
    })),
    taxCents: dollarsToCents(order.tax ?? 0),
    taxIncluded: order.tax_included ?? false,
    serviceCents: dollarsToCents(order.service ?? 0),
    totalCents: dollarsToCents(order.total_amount),
  };
}

/** The payment pill shows for orders paid online, and for any refunded one. */
export function showsPaymentState(order: OrderMoney): boolean {
  if (!order.payment_state || !order.payment_timing) return false;
  return order.payment_timing !== 'counter' || order.payment_state.includes('refunded');
}
