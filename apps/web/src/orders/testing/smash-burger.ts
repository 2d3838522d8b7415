import type { MenuItem } from '@tableserve/contract/menu';

/**
 * A dish with option groups as the menu API answers it (docs/decisions/017-item-options.md): a doneness to choose
 * (exactly one) and up to three extras, $16.00 before them.
 */
export const smashBurger = (menuId: number, restaurantId = 7): MenuItem => ({
  menu_id: menuId,
  item_name: 'Smash Burger',
  description: 'Two patties, cheese, pickles',
  price: 16,
  category: 'MainCourse',
  image: null,
  available: true,
  restaurant_id: restaurantId,
  allergens: ['gluten', 'milk'],
  dietary_tags: [],
  option_groups: [
    {
      id: 1,
      name: 'Doneness',
      min_choices: 1,
      max_choices: 1,
      options: [
        { id: 101, name: 'Medium rare', price_delta: 0 },
        { id: 102, name: 'Medium', price_delta: 0 },
        { id: 103, name: 'Well done', price_delta: 0 },
      ],
    },
    {
      id: 2,
      name: 'Extras',
      min_choices: 0,
      max_choices: 3,
      options: [
        { id: 201, name: 'Bacon', price_delta: 2 },
        { id: 202, name: 'Fried egg', price_delta: 1.5 },
        { id: 203, name: 'Jalapeños', price_delta: 0.75 },
      ],
    },
  ],
});
