import {
  type DisplayMenuResponse,
  displayMenuServerMessages as text,
} from '@tableserve/contract/customer-menu';
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
  return {
    async display(tokenOrId: string): Promise<DisplayMenuResponse> {
      const restaurant = /^\d{1,10}$/.test(tokenOrId)
        ? await restaurantsRepository.findById(db, Number(tokenOrId))
        : await restaurantsRepository.findByToken(db, tokenOrId);
      if (!restaurant) throw notFound(text.notFound, 'RESTAURANT_NOT_FOUND');
      if (!(await subscriptions.ownerHasValidSubscription(restaurant.ownerId))) {
        throw forbidden(text.subscriptionInvalid, 'SUBSCRIPTION_INVALID');
      }
      const menu = (await menuRepository.list(db, restaurant.id))
        .filter((item) => item.available)
        .map(toMenuItem);
      if (menu.length === 0) throw notFound(text.noItems, 'NO_MENU_ITEMS');
      return { restaurant: { ...toRestaurantPublic(restaurant), token: restaurant.token }, menu };
    },
  };
}
