/** Menu categories, stored values and their display names (owner-side spec §3 Menu item). */
export const MENU_CATEGORIES = ['Starter', 'MainCourse', 'Dessert', 'Beverage', 'TodaysSpecial'] as const;
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

export const menuCategoryLabels: Record<MenuCategory, string> = {
  Starter: 'Starter',
  MainCourse: 'Main Course',
  Dessert: 'Dessert',
  Beverage: 'Beverage',
  TodaysSpecial: "Today's Special",
};
