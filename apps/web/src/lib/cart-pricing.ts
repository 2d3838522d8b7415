import { type BillFigures, type PricingRules, priceBill, RATE_SCALE } from '@tableserve/contract/bill';
import type { DisplayMenuResponse, MenuPricing } from '@tableserve/contract/customer-menu';
import { dollarsToCents } from './money';

type PricedMenu = Pick<DisplayMenuResponse, 'menu' | 'pricing'>;
type PricedLine = { menu_id: number; price: number; quantity: number };

/** A percent as the API shows it (8.875) in bill.ts's unit (8875). */
export const percentToRate = (percent: number): number => Math.round((percent * RATE_SCALE) / 100);

/** The rules the restaurant prices by, as bill.ts takes them. */
export const pricingRules = (pricing: MenuPricing): PricingRules => ({
  pricesIncludeTax: pricing.prices_include_tax,
  serviceRate: percentToRate(pricing.service_charge_percent),
  serviceMinParty: pricing.service_charge_min_party,
});

/**
 * The cart's figures as the server will price the order (docs/decisions/020-money-model.md),
 * with the contract's bill.ts and the menu's pricing; null for a restaurant without tax rates or
 * service charge (or a menu not known yet), whose cart shows the subtotal and '+ Tax & fees'.
 */
export function priceCart(
  lines: readonly PricedLine[],
  menu: PricedMenu | undefined,
  partySize: number | null,
): BillFigures | null {
  const pricing = menu?.pricing;
  if (!pricing || (pricing.tax_rates.length === 0 && pricing.service_charge_percent === 0)) return null;
  const rates = new Map(
    pricing.tax_rates.map((rate) => [
      rate.tax_rate_id,
      { name: rate.name, rate: percentToRate(rate.rate_percent) },
    ]),
  );
  const rateOfItem = new Map(menu.menu.map((item) => [item.menu_id, item.tax_rate_id ?? null]));
  return priceBill(
    lines.map((line) => {
      const rateId = rateOfItem.get(line.menu_id) ?? null;
      return {
        amountCents: dollarsToCents(line.price) * line.quantity,
        tax: (rateId !== null && rates.get(rateId)) || null,
      };
    }),
    pricingRules(pricing),
    partySize,
  );
}
