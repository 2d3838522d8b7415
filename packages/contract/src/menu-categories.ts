/**
 * Menu categories, stored values and their display names (docs/product/menu.md#menu-items). No zod
 * here: the diner's menu page shows them without downloading the schemas (docs/performance.md).
 */
export const MENU_CATEGORIES = ['Starter', 'MainCourse', 'Dessert', 'Beverage', 'TodaysSpecial'] as const;
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

export const menuCategoryLabels: Record<MenuCategory, string> = {
  Starter: 'Starter',
  MainCourse: 'Main Course',
  Dessert: 'Dessert',
  Beverage: 'Beverage',
  TodaysSpecial: "Today's Special",
};
