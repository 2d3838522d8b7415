import { displayMenuServerMessages as text } from '@tableserve/contract/customer-menu';
import { forbidden, notFound } from '../../lib/app-error';
import type { EncodedAnswer, PublishedMenus } from './published-menus';

export type CustomerMenuService = ReturnType<typeof createCustomerMenuService>;

/** The menu a diner opens from the QR code: only while the owner's subscription is valid. */
export function createCustomerMenuService(deps: { publishedMenus: PublishedMenus }) {
  const { publishedMenus } = deps;
  return {
    /** The answer ready to send (serialised, compressed, tagged), or the refusal. */
    async display(tokenOrId: string): Promise<EncodedAnswer> {
      const byId = /^\d+$/.test(tokenOrId);
      const menu = byId
        ? await publishedMenus.byId(Number(tokenOrId))
        : await publishedMenus.byToken(tokenOrId);
      if (!menu) throw notFound(text.notFound, 'RESTAURANT_NOT_FOUND');
      if (!menu.subscriptionValid) throw forbidden(text.subscriptionInvalid, 'SUBSCRIPTION_INVALID');
      if (menu.shown.length === 0) throw notFound(text.noItems, 'NO_MENU_ITEMS');
      return menu.answer(byId ? 'id' : 'token');
    },
  };
}
