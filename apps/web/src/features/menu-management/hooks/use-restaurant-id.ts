import { useLocation } from 'react-router';
import { parseRestaurantId, readRestaurantId } from '@/session/owner/owner-session';

/**
 * The restaurant being set up: the session's restaurant_id, else the one Create Restaurant
 * passed in navigation state (docs/product/restaurant-setup.md#create-restaurant).
 */
export function useRestaurantId(): number | null {
  const { state } = useLocation();
  const fromState = parseRestaurantId((state as { restaurant_id?: unknown } | null)?.restaurant_id);
  return readRestaurantId() ?? fromState;
}
