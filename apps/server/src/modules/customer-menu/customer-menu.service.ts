import { displayMenuServerMessages as text } from '@tableserve/contract/customer-menu';
import { forbidden, notFound } from '../../lib/app-error';
import type { EncodedAnswer, PublishedMenus } from './published-menus';

export type CustomerMenuService = ReturnType<typeof createCustomerMenuService>;

/** The menu a diner opens from the QR code: only while the owner's subscription is valid. */
export function createCustomerMenuService(deps: { publishedMenus: PublishedMenus }) {
  const { publishedMenus } = deps;
  return {
    /** The answer ready to send (serialised, compressed, tagged), or the refusal. */
    async display(tokenOrId: string, table?: number): Promise<EncodedAnswer> {
      const byId = /^\d+$/.test(tokenOrId);
      const menu = byId
        ? await publishedMenus.byId(Number(tokenOrId))
        : await publishedMenus.byToken(tokenOrId);
      if (!menu) throw notFound(text.notFound, 'RESTAURANT_NOT_FOUND');
      if (!menu.subscriptionValid) throw forbidden(text.subscriptionInvalid, 'SUBSCRIPTION_INVALID');
      // A table's code printed before the owner cut the number of tables (ADR 013).
      if (table !== undefined && table > menu.restaurant.numberOfTables)
        throw notFound(text.tableNotFound, 'TABLE_NOT_FOUND');
      if (menu.shown.length === 0) throw notFound(text.noItems, 'NO_MENU_ITEMS');
      return menu.answer(byId ? 'id' : 'token');
    },
  };
}
