import { allergenMessages, dietaryConflict } from '@tableserve/contract/allergens';
import {
  type MenuItem,
  type MenuItemBody,
  type MenuItemResponse,
  type MenuItemsResponse,
  menuMessages as text,
} from '@tableserve/contract/menu';
import { restaurantServerMessages } from '@tableserve/contract/restaurant';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { restaurantsRepository } from '../restaurants/restaurants.repository';
import { type MenuItemRow, menuRepository as repo } from './menu.repository';

export type MenuService = ReturnType<typeof createMenuService>;

export function toMenuItem(row: MenuItemRow): MenuItem {
  return {
    menu_id: row.id,
    item_name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    category: row.category,
    image: row.image,
    available: row.available,
    restaurant_id: row.restaurantId,
    allergens: row.allergens,
    dietary_tags: row.dietaryTags,
  };
}

/** The item fields of a form, as stored: price in cents; an absent image is left as it was. */
const toColumns = (body: MenuItemBody) => ({
  name: body.item_name,
  description: body.description,
  priceCents: dollarsToCents(body.price),
  category: body.category,
  available: body.available,
  ...(body.image !== undefined ? { image: body.image } : {}),
  ...(body.allergens !== undefined ? { allergens: body.allergens } : {}),
  ...(body.dietary_tags !== undefined ? { dietaryTags: body.dietary_tags } : {}),
});

/** An owner's menu items (owner-side §7 /menu/*): another owner's restaurant or item is a 404. */
export function createMenuService({ db, now, events }: { db: Db; now: () => Date; events: DomainEventBus }) {
  async function ownedRestaurantId(ownerId: number, restaurantId: number): Promise<number> {
    const restaurant = await restaurantsRepository.findOwned(db, restaurantId, ownerId);
    if (!restaurant) throw notFound(restaurantServerMessages.notFound, 'RESTAURANT_NOT_FOUND');
    return restaurant.id;
  }
  const itemNotFound = () => notFound(text.itemNotFound, 'MENU_ITEM_NOT_FOUND');

  /**
   * An update that sends only one of allergens and dietary tags keeps the other as stored: the
   * pair is checked together (the contract checks it when both come), e.g. Vegan with milk.
   */
  async function refuseDietaryConflict(menuId: number, restaurantId: number, body: MenuItemBody) {
    if ((body.allergens === undefined) === (body.dietary_tags === undefined)) return;
    const stored = await repo.findLive(db, menuId, restaurantId);
    if (!stored) throw itemNotFound();
    const conflict = dietaryConflict(
      body.dietary_tags ?? stored.dietaryTags,
      body.allergens ?? stored.allergens,
    );
    if (conflict)
      throw badRequest(allergenMessages.conflict(conflict.tag, conflict.allergen), 'DIETARY_CONFLICT');
  }

  return {
    async list(ownerId: number, restaurantId: number): Promise<MenuItemsResponse> {
      const rows = await repo.list(db, await ownedRestaurantId(ownerId, restaurantId));
      return { data: rows.map(toMenuItem) };
    },

    async add(ownerId: number, body: MenuItemBody): Promise<MenuItemResponse> {
      const restaurantId = await ownedRestaurantId(ownerId, body.restaurant_id);
      const row = await repo.insert(db, { image: null, ...toColumns(body), restaurantId });
      events.emit('restaurant.changed', { restaurantId });
      return { message: text.added, data: toMenuItem(row) };
    },

    async update(ownerId: number, menuId: number, body: MenuItemBody): Promise<MenuItemResponse> {
      const restaurantId = await ownedRestaurantId(ownerId, body.restaurant_id);
      await refuseDietaryConflict(menuId, restaurantId, body);
      const row = await repo.update(db, menuId, restaurantId, toColumns(body));
      if (!row) throw itemNotFound();
      events.emit('restaurant.changed', { restaurantId });
      return { message: text.updated, data: toMenuItem(row) };
    },

    async remove(ownerId: number, menuId: number): Promise<{ message: string }> {
      const restaurant = await restaurantsRepository.findByOwner(db, ownerId);
      if (!restaurant || !(await repo.softDelete(db, menuId, restaurant.id, now()))) throw itemNotFound();
      events.emit('restaurant.changed', { restaurantId: restaurant.id });
      return { message: text.deleted };
    },
  };
}
