import { describe, expect, it } from 'vitest';
import { orderStatusLink, readCustomerOrdersTarget, readOrderStatusTarget } from './order-status-params';

describe('readOrderStatusTarget', () => {
  it('reads orderId, restaurant_id and token from the query', () => {
    const search = new URLSearchParams('orderId=42&restaurant_id=7&token=abc');
    expect(readOrderStatusTarget(search, null, null)).toEqual({ orderId: 42, restaurantId: 7, token: 'abc' });
  });

  it('prefers the navigation state, and falls back to the stored customer token', () => {
    const search = new URLSearchParams('orderId=1&restaurant_id=1');
    expect(readOrderStatusTarget(search, { orderId: 42, restaurant_id: '7' }, 'stored')).toEqual({
      orderId: 42,
      restaurantId: 7,
      token: 'stored',
    });
  });

  it('treats malformed ids and a blank token as missing', () => {
    const search = new URLSearchParams('orderId=abc&restaurant_id=0&token=%20');
    expect(readOrderStatusTarget(search, undefined, null)).toEqual({
      orderId: null,
      restaurantId: null,
      token: null,
    });
  });
});

describe('orderStatusLink', () => {
  it('puts the ids in the query and the token only in the state', () => {
    expect(orderStatusLink({ order_id: 42, restaurant_id: 7 }, 'secret')).toEqual({
      to: '/customer/order-status?orderId=42&restaurant_id=7',
      state: { orderId: 42, restaurant_id: 7, token: 'secret' },
    });
  });
});

describe('readCustomerOrdersTarget', () => {
  it('uses customer_id from the state, else the signed-in diner', () => {
    expect(readCustomerOrdersTarget({ customer_id: 5 }, 9)).toBe(5);
    expect(readCustomerOrdersTarget(null, 9)).toBe(9);
    expect(readCustomerOrdersTarget({}, null)).toBeNull();
  });
});
