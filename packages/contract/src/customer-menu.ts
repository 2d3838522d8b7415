import { z } from 'zod';
import { PAYMENT_TIMINGS } from './bill';
import { token } from './fields';
import { MenuItem } from './menu';
import { MAX_TABLES, RestaurantPublic } from './restaurant';

/** The diner's menu (docs/product/menu.md#diner-menu, docs/product/api-conventions.md#api-calls display-menu). */
export const DisplayMenuParams = z.strictObject({
  // The QR code's token, or a restaurant id (all digits): the spec's client uses both forms.
  token: token(64, { message: 'Invalid menu link' }),
});

/**
 * ?table=N: the menu opened from a table's own QR code (ADR 013). Checked against the
 * restaurant's number_of_tables, so a code printed before the tables were cut is refused.
 */
export const DisplayMenuQuery = z.object({
  table: z.coerce
    .number('Invalid table number')
    .int('Invalid table number')
    .min(1, 'Invalid table number')
    .max(MAX_TABLES, 'Invalid table number')
    .optional(),
});

/**
 * How the restaurant prices an order (docs/decisions/020-money-model.md): the cart and checkout
 * compute the same figures as the server with bill.ts. Rates are percents with up to 3 decimals.
 */
export const MenuPricing = z.object({
  payment_timing: z.enum(PAYMENT_TIMINGS),
  prices_include_tax: z.boolean(),
  /** 0 for no service charge. */
  service_charge_percent: z.number(),
  /** The service charge applies only to parties of this many or more; null: to every order. */
  service_charge_min_party: z.number().int().nullable(),
  tax_rates: z.array(z.object({ tax_rate_id: z.number().int(), name: z.string(), rate_percent: z.number() })),
});
export type MenuPricing = z.infer<typeof MenuPricing>;

/** A dish as diners get it: with the tax rate it is priced at (its own or the default; absent: untaxed). */
export const DinerMenuItem = MenuItem.extend({ tax_rate_id: z.number().int().nullable().optional() });
export type DinerMenuItem = z.infer<typeof DinerMenuItem>;

export const DisplayMenuResponse = z.object({
  // The menu token comes back only to a caller who asked by token: a restaurant id, which is
  // no secret, must not hand out the QR code's link (RestaurantPublic carries no token either).
  restaurant: RestaurantPublic.extend({ token: z.string().optional() }),
  menu: z.array(DinerMenuItem),
  /** Absent from servers before the money model: priced as before (no tax, no service). */
  pricing: MenuPricing.optional(),
});
export type DisplayMenuResponse = z.infer<typeof DisplayMenuResponse>;

export { customerMenuMessages, displayMenuServerMessages } from './customer-menu-messages';
