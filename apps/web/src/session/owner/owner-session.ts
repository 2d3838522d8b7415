import type { LoginResponse } from '@tableserve/contract/auth';
import { type Role, STAFF_ROLES } from '@tableserve/contract/staff-roles';
import { ApiRequestError } from '@/lib/api-client';
import { localKeys, localStore, sessionKeys, sessionStore } from '@/lib/storage';

/**
 * The owner's session, in one place for every owner feature (docs/product/web-app.md#client-storage,
 * docs/product/accounts.md#owner-session): the user, restaurant and subscription ids in the tab's sessionStorage, the
 * RestaurantToken bearer in localStorage.
 */

/**
 * A signed-in owner, staff member or paired device (docs/product/staff.md#roles): the session's
 * user id (the restaurant owner's), the RestaurantToken bearer and the role it works in.
 */
export type OwnerSession = { userId: number; token: string; role: Role };

const parseRole = (value: string | null): Role => STAFF_ROLES.find((role) => role === value) ?? 'owner';

/** A positive safe integer, from a number or its decimal text; anything else is null. */
function parsePositiveId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Stores a fresh owner login: user id and restaurant id in the tab's session, the bearer token
 * as RestaurantToken in long-lived storage. Ids left by an earlier owner in the same tab are
 * removed so they cannot leak into this session.
 */
export function saveOwnerLogin(login: LoginResponse): void {
  sessionStore.set(sessionKeys.userId, String(login.user_id));
  if (login.role) sessionStore.set(sessionKeys.role, login.role);
  else sessionStore.remove(sessionKeys.role);
  localStore.set(localKeys.restaurantToken, login.token);
  sessionStore.remove(sessionKeys.subscriptionId);
  if (login.resturant) saveRestaurantId(login.resturant.restaurant_id);
  else sessionStore.remove(sessionKeys.restaurantId);
}

/** The owner of this tab, or null when the token is missing or the user id is not a valid number. */
export function readOwnerSession(): OwnerSession | null {
  const token = localStore.get(localKeys.restaurantToken);
  const userId = parsePositiveId(sessionStore.get(sessionKeys.userId));
  return token && userId !== null
    ? { userId, token, role: parseRole(sessionStore.get(sessionKeys.role)) }
    : null;
}

/** Forgets the owner: the tab's session data and the long-lived owner token. */
export function clearOwnerSession(): void {
  sessionStore.clear();
  localStore.remove(localKeys.restaurantToken);
}

/** Remembers the owner's subscription for this tab (after login routing or a payment). */
export function saveSubscriptionId(subscriptionId: number): void {
  sessionStore.set(sessionKeys.subscriptionId, String(subscriptionId));
}

/** Remembers the owner's restaurant for this tab, once it is created or known from the login. */
export function saveRestaurantId(restaurantId: number): void {
  sessionStore.set(sessionKeys.restaurantId, String(restaurantId));
}

/** A restaurant id as the session or navigation state holds it, when it is a valid one. */
export const parseRestaurantId = (value: unknown): number | null => parsePositiveId(value);

/** The owner's restaurant for this tab, or null when there is none or it is not a valid id. */
export function readRestaurantId(): number | null {
  return parseRestaurantId(sessionStore.get(sessionKeys.restaurantId));
}

/** docs/product/restaurant-setup.md#dashboard: a restaurant is active once its id is in the session. */
export function hasActiveRestaurant(): boolean {
  return readRestaurantId() !== null;
}

/**
 * A role's refusals: FORBIDDEN (docs/product/staff.md#roles), and REFUND_NOT_ALLOWED, a change
 * that would give money back asked by a role that may not refund (docs/product/payments.md#order-changes).
 */
const ROLE_REFUSALS: readonly unknown[] = ['FORBIDDEN', 'REFUND_NOT_ALLOWED'];

/**
 * A 403 of a role's refusal: the token is good but the person's role lacks the call
 * (docs/product/staff.md#roles), so they stay signed in and read why.
 */
export function isForbiddenByRole(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 403 &&
    ROLE_REFUSALS.includes((error.body as { code?: unknown } | undefined)?.code)
  );
}

/**
 * A 401, or a 403 other than a role's (SUBSCRIPTION_REQUIRED): the server no longer accepts the
 * token, so the person is logged out.
 */
export function isRefusedToken(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.status === 401 || error.status === 403) &&
    !isForbiddenByRole(error)
  );
}
