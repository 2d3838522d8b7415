import { apiRequest } from '@/lib/api-client';
import type { OwnerSession } from '@/session/owner/owner-session';

const post = (path: string, { userId, token }: OwnerSession) =>
  apiRequest<unknown>(path, { method: 'POST', body: { user_id: userId }, token });

/**
 * Links the new restaurant to the owner's subscription (docs/product/restaurant-setup.md#create-restaurant, docs/product/api-conventions.md#api-calls):
 * POST /subscription/link-restaurant-subscription, falling back to
 * /subscription/update-subscription-restaurant. The owner is never told: failures are only logged.
 * Resolves true when one of the two calls succeeded.
 */
export async function linkRestaurantToSubscription(session: OwnerSession): Promise<boolean> {
  try {
    await post('/subscription/link-restaurant-subscription', session);
    return true;
  } catch (linkError) {
    try {
      await post('/subscription/update-subscription-restaurant', session);
      return true;
    } catch (fallbackError) {
      console.error('Could not link the restaurant to the subscription', linkError, fallbackError);
      return false;
    }
  }
}
