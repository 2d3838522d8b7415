/**
 * Menu categories, stored values and their display names (owner-side spec §3 Menu item). No zod
 * here: the diner's menu page shows them without downloading the schemas (issue 10).
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
