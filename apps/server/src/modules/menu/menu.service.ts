import { allergenMessages, dietaryConflict } from '@tableserve/contract/allergens';
import type { AuditAction } from '@tableserve/contract/audit';
import {
  type MenuItem,
  type MenuItemBody,
  type MenuItemResponse,
  type MenuItemsResponse,
  type SoldOutBody,
  menuMessages as text,
} from '@tableserve/contract/menu';
import { paymentSettingsMessages } from '@tableserve/contract/payment-settings';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { centsToDollars, dollarsToCents } from '../../lib/money';

import { changedFields, type FieldChange, recordAudit } from '../audit/audit-log';
import { restaurantOfCaller } from '../restaurants/restaurant-of-caller';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { type MenuItemRow, type NewMenuItem, menuRepository as repo } from './menu.repository';
import { toMenuOptionGroup, withOptionIds } from './options';

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
    stock: row.stock,
    option_groups: row.optionGroups.map(toMenuOptionGroup),
    // Absent for the default rate, as from a server before tax rates.
    ...(row.taxRateId !== null && { tax_rate_id: row.taxRateId }),
  };
}

/** What a diner may order now: on the menu and not sold out. */
export const isOrderable = (row: MenuItemRow) => row.available && row.stock !== 0;

/** Open menus hear that a dish left (sold out, switched off) or came back, with what they show. */
export function announceSoldOut(events: DomainEventBus, restaurantId: number, row: MenuItemRow) {
  const soldOut = !isOrderable(row);
  events.emit('menu.sold_out', {
    restaurantId,
    menuId: row.id,
    soldOut,
    ...(soldOut ? {} : { item: toDinerMenuItem(row) }),
  });
}

/**
 * A menu item as diners get it: without the count, which changes with every order, nor the
 * owner's choice of tax rate (the published menu prices with the rate itself).
 */
export function toDinerMenuItem(row: MenuItemRow): MenuItem {
  const { stock: _count, tax_rate_id: _rate, ...item } = toMenuItem(row);
  return item;
}

/**
 * The item fields of a form, as stored: price in cents; an absent image (or list) is left as it
 * was. Option groups keep the ids of the `stored` item's where their names match.
 */
const toColumns = (body: MenuItemBody, stored?: MenuItemRow) => ({
  name: body.item_name,
  description: body.description,
  priceCents: dollarsToCents(body.price),
  category: body.category,
  available: body.available,
  ...(body.image !== undefined ? { image: body.image } : {}),
  ...(body.allergens !== undefined ? { allergens: body.allergens } : {}),
  ...(body.dietary_tags !== undefined ? { dietaryTags: body.dietary_tags } : {}),
  ...(body.stock !== undefined ? { stock: body.stock } : {}),
  ...(body.tax_rate_id !== undefined ? { taxRateId: body.tax_rate_id } : {}),
  ...(body.option_groups !== undefined
    ? { optionGroups: withOptionIds(body.option_groups, stored?.optionGroups ?? []) }
    : {}),
});

/** The fields of an item the audit trail shows, as the API names them (price in dollars). */
const auditedFields = (row: MenuItemRow): Record<string, unknown> => {
  const { menu_id: _id, restaurant_id: _restaurant, ...fields } = toMenuItem(row);
  // Always there, null for the default, so going back to the default reads as a change.
  return { ...fields, tax_rate_id: row.taxRateId };
};

/** An owner's menu items (docs/product/menu.md#menu-items): another owner's restaurant or item is a 404. */
export function createMenuService({
  db,
  now,
  events,
  forfeitHolds,
}: {
  db: Db;
  now: () => Date;
  events: DomainEventBus;
  /** Ends what order lines hold of an item's count (the orders module's, passed in by app.ts). */
  forfeitHolds: (tx: DbOrTx, menuItemId: number) => Promise<void>;
}) {
  async function ownedRestaurantId(ownerId: number, restaurantId: number): Promise<number> {
    return (await restaurantOfCaller(db, ownerId, restaurantId)).id;
  }
  const itemNotFound = () => notFound(text.itemNotFound, 'MENU_ITEM_NOT_FOUND');

  /**
   * An update that sends only one of allergens and dietary tags keeps the other as stored: the
   * pair is checked together (the contract checks it when both come), e.g. Vegan with milk.
   */
  function refuseDietaryConflict(stored: MenuItemRow, body: MenuItemBody) {
    if ((body.allergens === undefined) === (body.dietary_tags === undefined)) return;
    const conflict = dietaryConflict(
      body.dietary_tags ?? stored.dietaryTags,
      body.allergens ?? stored.allergens,
    );
    if (conflict)
      throw badRequest(allergenMessages.conflict(conflict.tag, conflict.allergen), 'DIETARY_CONFLICT');
  }

  /** A dish's tax rate must be one of its restaurant's (null: the default). */
  async function refuseForeignTaxRate(restaurantId: number, body: MenuItemBody) {
    if (body.tax_rate_id === undefined || body.tax_rate_id === null) return;
    const rates = await restaurantReads.taxRates(db, restaurantId);
    if (!rates.some((rate) => rate.id === body.tax_rate_id))
      throw badRequest(paymentSettingsMessages.taxRateNotFound, 'TAX_RATE_NOT_FOUND');
  }

  /** After a committed change: diners' menus follow, and open ones hear at once what left or came back. */
  function announce(restaurantId: number, before: MenuItemRow | undefined, after: MenuItemRow) {
    events.emit('restaurant.changed', { restaurantId });
    if (before && isOrderable(before) !== isOrderable(after)) announceSoldOut(events, restaurantId, after);
  }

  /**
   * Writes a live item's changes; one that sets the count (a number, sold out, or not counted)
   * states what is left now, so in the same transaction no order line holds any of it any more
   * (ADR 015, amended): a later cancellation cannot raise the count it set.
   */
  function write(
    actor: Actor,
    before: MenuItemRow,
    changes: Partial<NewMenuItem>,
    action: (changed: FieldChange) => AuditAction,
  ) {
    return db.transaction(async (tx) => {
      const row = await repo.update(tx, before.id, before.restaurantId, changes);
      if (!row) return row;
      if (changes.stock !== undefined) await forfeitHolds(tx, row.id);
      const changed = changedFields(auditedFields(before), auditedFields(row));
      // A form saved as it was changed nothing, and the trail says nothing.
      if (Object.keys(changed.after).length === 0) return row;
      await recordAudit(tx, actor, {
        restaurantId: row.restaurantId,
        action: action(changed),
        objectType: 'menu_item',
        objectId: row.id,
        ...changed,
      });
      return row;
    });
  }

  return {
    async list(ownerId: number, restaurantId: number): Promise<MenuItemsResponse> {
      const rows = await repo.list(db, await ownedRestaurantId(ownerId, restaurantId));
      return { data: rows.map(toMenuItem) };
    },

    async add(actor: Actor, body: MenuItemBody): Promise<MenuItemResponse> {
      const restaurantId = await ownedRestaurantId(actor.ownerId, body.restaurant_id);
      await refuseForeignTaxRate(restaurantId, body);
      const row = await db.transaction(async (tx) => {
        const created = await repo.insert(tx, { image: null, ...toColumns(body), restaurantId });
        await recordAudit(tx, actor, {
          restaurantId,
          action: 'menu_item.added',
          objectType: 'menu_item',
          objectId: created.id,
          after: auditedFields(created),
        });
        return created;
      });
      announce(restaurantId, undefined, row);
      return { message: text.added, data: toMenuItem(row) };
    },

    async update(actor: Actor, menuId: number, body: MenuItemBody): Promise<MenuItemResponse> {
      const restaurantId = await ownedRestaurantId(actor.ownerId, body.restaurant_id);
      // Read once: the dietary check and the live announcement both compare with it.
      const before = await repo.findLive(db, menuId, restaurantId);
      if (!before) throw itemNotFound();
      refuseDietaryConflict(before, body);
      await refuseForeignTaxRate(restaurantId, body);
      const row = await write(actor, before, toColumns(body, before), (changed) =>
        // A change of the count alone is the kitchen's "portions left".
        Object.keys(changed.after).join() === 'stock' ? 'menu_item.portions_set' : 'menu_item.updated',
      );
      if (!row) throw itemNotFound();
      announce(restaurantId, before, row);
      return { message: text.updated, data: toMenuItem(row) };
    },

    /**
     * The kitchen's one tap (docs/decisions/015-stock-and-sold-out.md): sold out sets the count to 0; back on the menu
     * stops counting an item at 0 (the kitchen has more, and no count to give) and leaves any
     * other as it is: the kitchen said nothing of it.
     */
    async setSoldOut(actor: Actor, menuId: number, body: SoldOutBody): Promise<MenuItemResponse> {
      const restaurantId = await ownedRestaurantId(actor.ownerId, body.restaurant_id);
      const before = await repo.findLive(db, menuId, restaurantId);
      if (!before) throw itemNotFound();
      const restated = body.sold_out || before.stock === 0;
      const row = restated
        ? await write(actor, before, { stock: body.sold_out ? 0 : null }, () =>
            body.sold_out ? 'menu_item.sold_out' : 'menu_item.back_on',
          )
        : before;
      if (!row) throw itemNotFound();
      if (restated) announce(restaurantId, before, row);
      return {
        message: body.sold_out ? text.markedSoldOut(row.name) : text.backOn(row.name),
        data: toMenuItem(row),
      };
    },

    async remove(actor: Actor, menuId: number): Promise<{ message: string }> {
      const restaurantId = await restaurantReads.idOfOwner(db, actor.ownerId);
      if (!restaurantId) throw itemNotFound();
      const deleted = await db.transaction(async (tx) => {
        const row = await repo.softDelete(tx, menuId, restaurantId, now());
        if (row) {
          await recordAudit(tx, actor, {
            restaurantId,
            action: 'menu_item.deleted',
            objectType: 'menu_item',
            objectId: row.id,
            before: { item_name: row.name },
          });
        }
        return row;
      });
      if (!deleted) throw itemNotFound();
      events.emit('restaurant.changed', { restaurantId });
      return { message: text.deleted };
    },
  };
}
