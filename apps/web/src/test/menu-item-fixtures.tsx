import type { MenuItem } from '@tableserve/contract/menu';
import { render } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import { sessionKeys } from '@/lib/storage';
import { signInOwner } from '@/test/subscription-fixtures';

export const RESTAURANT_ID = 7;

/** An owner whose tab holds the token, user id and restaurant id, as after logging in. */
export function signInRestaurantOwner(restaurantId: number = RESTAURANT_ID) {
  signInOwner();
  sessionStorage.setItem(sessionKeys.restaurantId, String(restaurantId));
}

export function menuItem(overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    menu_id: 1,
    item_name: 'Margherita',
    description: 'Tomato, mozzarella and basil on a thin crust',
    price: 12.5,
    category: 'MainCourse',
    image: null,
    available: true,
    restaurant_id: RESTAURANT_ID,
    allergens: [],
    dietary_tags: [],
    option_groups: [],
    ...overrides,
  };
}

/** The app's toast outlet, which main.tsx mounts beside the router. */
export function renderToasts() {
  return render(<ToastContainer autoClose={false} />);
}

/**
 * jsdom cannot turn files into blob: URLs; a stand-in that hands out distinct fake ones and
 * records which were revoked.
 */
export function stubObjectUrls() {
  let next = 0;
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${++next}`);
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  return { create, revoke };
}
