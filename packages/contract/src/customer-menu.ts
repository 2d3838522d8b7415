import { z } from 'zod';
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

export const DisplayMenuResponse = z.object({
  // The menu token comes back only to a caller who asked by token: a restaurant id, which is
  // no secret, must not hand out the QR code's link (RestaurantPublic carries no token either).
  restaurant: RestaurantPublic.extend({ token: z.string().optional() }),
  menu: z.array(MenuItem),
});
export type DisplayMenuResponse = z.infer<typeof DisplayMenuResponse>;

export { customerMenuMessages, displayMenuServerMessages } from './customer-menu-messages';
