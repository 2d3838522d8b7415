import { orderMoneyMessages } from '@tableserve/contract/ledger';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import {
  clearOwnerSession,
  hasActiveRestaurant,
  isForbiddenByRole,
  isRefusedToken,
  parseRestaurantId,
  readOwnerSession,
  readRestaurantId,
  saveOwnerLogin,
  saveRestaurantId,
  saveSubscriptionId,
} from './owner-session';

describe("the owner's session", () => {
  it('stores a login: user and restaurant ids in the tab, the token as RestaurantToken', () => {
    saveOwnerLogin({ user_id: 42, token: 'owner-token', resturant: { restaurant_id: 9 } });
    expect(sessionStorage.getItem('user_id')).toBe('42');
    expect(sessionStorage.getItem('restaurant_id')).toBe('9');
    expect(localStorage.getItem('RestaurantToken')).toBe('owner-token');
    expect(readOwnerSession()).toEqual({ userId: 42, token: 'owner-token', role: 'owner' });
    expect(readRestaurantId()).toBe(9);
    expect(hasActiveRestaurant()).toBe(true);
  });

  it("stores a staff member's role, and forgets it when the owner signs in next in the tab", () => {
    saveOwnerLogin({ user_id: 42, token: 'staff-token', role: 'kitchen' });
    expect(readOwnerSession()).toEqual({ userId: 42, token: 'staff-token', role: 'kitchen' });
    saveOwnerLogin({ user_id: 42, token: 'owner-token' });
    expect(readOwnerSession()).toEqual({ userId: 42, token: 'owner-token', role: 'owner' });
  });

  it('drops the restaurant and subscription ids an earlier owner left in the tab', () => {
    sessionStorage.setItem('restaurant_id', '3');
    saveSubscriptionId(5);
    saveOwnerLogin({ user_id: 43, token: 'next-token' });
    expect(sessionStorage.getItem('restaurant_id')).toBeNull();
    expect(sessionStorage.getItem('subscription_id')).toBeNull();
    expect(readRestaurantId()).toBeNull();
    expect(hasActiveRestaurant()).toBe(false);
  });

  it('has no owner without a token or with a user id that is not a positive integer', () => {
    expect(readOwnerSession()).toBeNull();
    sessionStorage.setItem('user_id', '42');
    expect(readOwnerSession()).toBeNull();
    localStorage.setItem('RestaurantToken', 'owner-token');
    for (const userId of ['0', '-1', '4.2', 'abc', '', '99999999999999999999']) {
      sessionStorage.setItem('user_id', userId);
      expect(readOwnerSession()).toBeNull();
    }
  });

  it('stores the subscription id', () => {
    saveSubscriptionId(17);
    expect(sessionStorage.getItem('subscription_id')).toBe('17');
  });

  it('reads the restaurant id as a number, only when it is a valid positive integer', () => {
    expect(readRestaurantId()).toBeNull();
    saveRestaurantId(7);
    expect(sessionStorage.getItem('restaurant_id')).toBe('7');
    expect(readRestaurantId()).toBe(7);
    for (const stored of ['0', '-7', '7.5', '7abc', ' 7', '', '99999999999999999999']) {
      sessionStorage.setItem('restaurant_id', stored);
      expect(readRestaurantId()).toBeNull();
      expect(hasActiveRestaurant()).toBe(false);
    }
  });

  it('parses a restaurant id from navigation state, as a number or its text', () => {
    expect(parseRestaurantId(12)).toBe(12);
    expect(parseRestaurantId('12')).toBe(12);
    expect(parseRestaurantId(0)).toBeNull();
    expect(parseRestaurantId(1.5)).toBeNull();
    expect(parseRestaurantId(null)).toBeNull();
    expect(parseRestaurantId({ restaurant_id: 12 })).toBeNull();
  });

  it('logging out forgets the whole tab session and the token', () => {
    saveOwnerLogin({ user_id: 42, token: 'owner-token', resturant: { restaurant_id: 9 } });
    saveSubscriptionId(5);
    localStorage.setItem('CustomerToken', 'diner-token');
    clearOwnerSession();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('RestaurantToken')).toBeNull();
    expect(localStorage.getItem('CustomerToken')).toBe('diner-token');
    expect(readOwnerSession()).toBeNull();
  });

  it('treats a 401 or 403 as a refused token, and nothing else', () => {
    expect(isRefusedToken(new ApiRequestError('no', 401))).toBe(true);
    expect(isRefusedToken(new ApiRequestError('no', 403))).toBe(true);
    expect(isRefusedToken(new ApiRequestError('no', 404))).toBe(false);
    expect(isRefusedToken(new ApiRequestError('offline', undefined))).toBe(false);
    expect(isRefusedToken(new Error('no'))).toBe(false);
  });

  it("keeps a person signed in on a role's 403 FORBIDDEN, not on a 403 SUBSCRIPTION_REQUIRED (docs/product/staff.md#roles)", () => {
    const forbidden = new ApiRequestError('Your role does not allow this.', 403, {
      message: 'Your role does not allow this.',
      code: 'FORBIDDEN',
    });
    const unsubscribed = new ApiRequestError('Subscription required', 403, {
      message: 'Subscription required',
      code: 'SUBSCRIPTION_REQUIRED',
    });
    expect(isRefusedToken(forbidden)).toBe(false);
    expect(isForbiddenByRole(forbidden)).toBe(true);
    expect(isRefusedToken(unsubscribed)).toBe(true);
    expect(isForbiddenByRole(unsubscribed)).toBe(false);
    expect(isForbiddenByRole(new ApiRequestError('no', 401, { code: 'FORBIDDEN' }))).toBe(false);
  });

  it('keeps a server signed in when a change would give money back (docs/product/payments.md#order-changes)', () => {
    const refused = new ApiRequestError(orderMoneyMessages.refundNotAllowed, 403, {
      message: orderMoneyMessages.refundNotAllowed,
      code: 'REFUND_NOT_ALLOWED',
    });
    expect(isForbiddenByRole(refused)).toBe(true);
    expect(isRefusedToken(refused)).toBe(false);
  });
});
