import type { DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import type { MenuItem } from '@tableserve/contract/menu';
import type { RestaurantPublic } from '@tableserve/contract/restaurant';

const day = { open: '11:00', close: '22:00', closing_day: 'monday', pickup: true } as const;

export function restaurantFixture(overrides: Partial<RestaurantPublic> = {}): RestaurantPublic {
  return {
    restaurant_id: 7,
    restaurant_name: 'Trattoria Roma',
    name: 'Trattoria Roma',
    description: 'Wood-fired pizza and fresh pasta.',
    address: '500 Columbus Ave',
    city: 'San Francisco',
    state: 'CA',
    phone: '4155550123',
    restaurant_type: 'Italian',
    number_of_tables: 12,
    opening_hours: {
      monday: day,
      tuesday: { ...day, closing_day: 'tuesday' },
      wednesday: { ...day, closing_day: 'wednesday' },
      thursday: { ...day, closing_day: 'thursday' },
      friday: { ...day, closing_day: 'friday' },
      saturday: { ...day, closing_day: 'saturday' },
      sunday: { ...day, closing_day: 'sunday' },
    },
    timezone: 'America/Los_Angeles',
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

let nextId = 100;
export function menuItemFixture(overrides: Partial<MenuItem> = {}): MenuItem {
  nextId += 1;
  return {
    menu_id: nextId,
    item_name: `Dish ${nextId}`,
    description: 'Tasty.',
    price: 10,
    category: 'MainCourse',
    image: null,
    available: true,
    restaurant_id: 7,
    allergens: [],
    dietary_tags: [],
    option_groups: [],
    ...overrides,
  };
}

export const demoMenu: MenuItem[] = [
  menuItemFixture({ menu_id: 1, item_name: 'Garlic Knots', price: 7.5, category: 'Starter' }),
  menuItemFixture({
    menu_id: 2,
    item_name: 'Margherita Pizza',
    description: 'Tomato, fior di latte, basil.',
    price: 16,
    category: 'MainCourse',
    image: 'https://images.example.com/pizza.jpg',
  }),
  menuItemFixture({ menu_id: 3, item_name: 'Tiramisu', price: 9.5, category: 'Dessert' }),
  menuItemFixture({ menu_id: 4, item_name: 'Truffle Fries', price: 9.5, category: 'TodaysSpecial' }),
];

export function displayMenuFixture(
  overrides: { restaurant?: Partial<RestaurantPublic>; token?: string; menu?: MenuItem[] } = {},
): DisplayMenuResponse {
  return {
    restaurant: { ...restaurantFixture(overrides.restaurant), token: overrides.token ?? 'tok_roma' },
    menu: overrides.menu ?? demoMenu,
  };
}
