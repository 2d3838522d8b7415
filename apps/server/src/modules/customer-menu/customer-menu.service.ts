import { displayMenuServerMessages as text } from '@tableserve/contract/customer-menu';
import { type AppError, forbidden, notFound } from '../../lib/app-error';
import type { EncodedAnswer, PublishedMenu, PublishedMenus } from './published-menus';

export type CustomerMenuService = ReturnType<typeof createCustomerMenuService>;

/** The spec's client asks by the QR code's token or by the restaurant's id (all digits). */
const isRestaurantId = (tokenOrId: string) => /^\d+$/.test(tokenOrId);

/** Why a diner may not open the menu, or undefined when it opens. */
function refusalOf(menu: PublishedMenu | undefined, table: number | undefined): AppError | undefined {
  if (!menu) return notFound(text.notFound, 'RESTAURANT_NOT_FOUND');
  if (!menu.subscriptionValid) return forbidden(text.subscriptionInvalid, 'SUBSCRIPTION_INVALID');
  // A table's code printed before the owner cut the number of tables (ADR 013).
  if (table !== undefined && table > menu.restaurant.numberOfTables)
    return notFound(text.tableNotFound, 'TABLE_NOT_FOUND');
  if (menu.shown.length === 0) return notFound(text.noItems, 'NO_MENU_ITEMS');
  return undefined;
}

/** The menu a diner opens from the QR code: only while the owner's subscription is valid. */
export function createCustomerMenuService(deps: { publishedMenus: PublishedMenus }) {
  const { publishedMenus } = deps;
  return {
    /** The answer ready to send (serialised, compressed, tagged), or the refusal. */
    async display(tokenOrId: string, table?: number): Promise<EncodedAnswer> {
      const byId = isRestaurantId(tokenOrId);
      const menu = byId
        ? await publishedMenus.byId(Number(tokenOrId))
        : await publishedMenus.byToken(tokenOrId);
      const refusal = refusalOf(menu, table);
      if (refusal) throw refusal;
      return menu!.answer(byId ? 'id' : 'token');
    },

    /**
     * The same answer when it is ready in this process's memory (the menu cached, open and
     * already encoded), counted as a cache hit; else undefined, uncounted, and display() answers
     * (a refusal, a miss). The caller has checked tokenOrId and table as display()'s route does.
     */
    readyAnswer(tokenOrId: string, table?: number): EncodedAnswer | undefined {
      const byId = isRestaurantId(tokenOrId);
      const menu = publishedMenus.held(byId ? { id: Number(tokenOrId) } : { token: tokenOrId });
      if (!menu || refusalOf(menu, table)) return undefined;
      const answer = menu.encoded(byId ? 'id' : 'token');
      if (answer) publishedMenus.countHit();
      return answer;
    },
  };
}
