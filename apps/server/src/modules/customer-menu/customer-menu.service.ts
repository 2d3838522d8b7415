import {
  type DisplayMenuResponse,
  displayMenuServerMessages as text,
} from '@tableserve/contract/customer-menu';
import { MAX_ID } from '@tableserve/contract/fields';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/app-error';
import { menuRepository } from '../menu/menu.repository';
import { toMenuItem } from '../menu/menu.service';
import { restaurantsRepository } from '../restaurants/restaurants.repository';
import { toRestaurantPublic } from '../restaurants/restaurants.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';

export type CustomerMenuService = ReturnType<typeof createCustomerMenuService>;

/** The menu a diner opens from the QR code: only while the owner's subscription is valid. */
export function createCustomerMenuService(deps: {
  db: Db;
  subscriptions: Pick<SubscriptionsService, 'ownerHasValidSubscription'>;
}) {
  const { db, subscriptions } = deps;
  // An id past PostgreSQL's integer cannot exist (and must not reach the query as one).
  const findById = (digits: string) =>
    Number(digits) <= MAX_ID ? restaurantsRepository.findById(db, Number(digits)) : undefined;
  return {
    async display(tokenOrId: string): Promise<DisplayMenuResponse> {
      const byId = /^\d+$/.test(tokenOrId);
      const restaurant = byId
        ? await findById(tokenOrId)
        : await restaurantsRepository.findByToken(db, tokenOrId);
      if (!restaurant) throw notFound(text.notFound, 'RESTAURANT_NOT_FOUND');
      if (!(await subscriptions.ownerHasValidSubscription(restaurant.ownerId))) {
        throw forbidden(text.subscriptionInvalid, 'SUBSCRIPTION_INVALID');
      }
      const menu = (await menuRepository.list(db, restaurant.id))
        .filter((item) => item.available)
        .map(toMenuItem);
      if (menu.length === 0) throw notFound(text.noItems, 'NO_MENU_ITEMS');
      const publicFields = toRestaurantPublic(restaurant);
      return { restaurant: byId ? publicFields : { ...publicFields, token: restaurant.token }, menu };
    },
  };
}
