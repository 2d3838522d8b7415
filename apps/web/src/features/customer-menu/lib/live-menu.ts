import type { DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import type { MenuItem } from '@tableserve/contract/menu';
import type { MenuItemSoldOutPayload } from '@tableserve/contract/realtime';
import { isMenuItem, withListDefaults } from '@/menu/display-menu-shape';

export type SoldOutChange =
  | { menu_id: number; sold_out: true }
  | { menu_id: number; sold_out: false; item: MenuItem };

/** A menu_item_sold_out message, checked; undefined for anything else (never thrown at the page). */
export function parseSoldOutChange(message: string): SoldOutChange | undefined {
  let payload: Partial<MenuItemSoldOutPayload>;
  try {
    payload = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(payload?.menu_id)) return undefined;
  const menuId = payload.menu_id as number;
  if (payload.sold_out === true) return { menu_id: menuId, sold_out: true };
  if (payload.sold_out !== false || !isMenuItem(payload.item) || payload.item.menu_id !== menuId)
    return undefined;
  return { menu_id: menuId, sold_out: false, item: withListDefaults(payload.item) };
}

/**
 * The diner's menu after a dish sold out (it leaves) or came back (it returns where the server
 * lists it: newest first, and ids grow as dishes are added). Unchanged menus keep their identity.
 */
export function applySoldOutChange(menu: DisplayMenuResponse, change: SoldOutChange): DisplayMenuResponse {
  const others = menu.menu.filter((item) => item.menu_id !== change.menu_id);
  if (change.sold_out) return others.length === menu.menu.length ? menu : { ...menu, menu: others };
  if (change.item.restaurant_id !== menu.restaurant.restaurant_id) return menu;
  const before = others.findIndex((item) => item.menu_id < change.menu_id);
  const at = before === -1 ? others.length : before;
  return { ...menu, menu: [...others.slice(0, at), change.item, ...others.slice(at)] };
}
