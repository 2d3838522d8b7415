import { MENU_CATEGORIES, type MenuCategory, type MenuItem } from '@tableserve/contract/menu';

/** The filter's value: one category, or every item. */
export type CategoryFilter = MenuCategory | 'all';

/** The categories that have items, in the menu's usual order (starters first, specials last). */
export function categoriesPresent(menu: readonly MenuItem[]): MenuCategory[] {
  const present = new Set(menu.map((item) => item.category));
  return MENU_CATEGORIES.filter((category) => present.has(category));
}

/** The items to show, grouped by category in the same order; empty groups are left out. */
export function groupMenu(
  menu: readonly MenuItem[],
  filter: CategoryFilter,
): Array<{ category: MenuCategory; items: MenuItem[] }> {
  return categoriesPresent(menu)
    .filter((category) => filter === 'all' || category === filter)
    .map((category) => ({ category, items: menu.filter((item) => item.category === category) }));
}

export const SPECIAL_CATEGORY: MenuCategory = 'TodaysSpecial';

export function todaysSpecials(menu: readonly MenuItem[]): MenuItem[] {
  return menu.filter((item) => item.category === SPECIAL_CATEGORY);
}
