import type { CartLine } from './cart';

/**
 * What the menu hands to /cart, and /cart to /customer_details (docs/product/ordering.md#cart: checkout
 * "carrying the cart and the restaurant id"). The stored cart stays the source of truth.
 */
export type CartNavigationState = { cart: CartLine[]; restaurant_id: number };

export function cartNavigationState(lines: CartLine[], restaurantId: number): CartNavigationState {
  return { cart: lines, restaurant_id: restaurantId };
}

/** The restaurant id carried in navigation state, if any (state is whatever history holds). */
export function restaurantIdFromState(state: unknown): number | null {
  const id = (state as Partial<CartNavigationState> | null)?.restaurant_id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}
