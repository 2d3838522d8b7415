import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenuItem } from '../test/orders';
import { ownerWithRestaurant, restaurantBody } from '../test/restaurants';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let place: Awaited<ReturnType<typeof ownerWithRestaurant>>;
let menuId: number;
beforeAll(async () => {
  t = await createTestApp();
  place = await ownerWithRestaurant(t);
  menuId = await addMenuItem(t, place, { item_name: 'Pizza', price: 10 });
});
afterAll(() => t.close());

const NUL = '\u0000';
const ESC = '\u001b';

type Call = {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  owner?: boolean;
  payload?: (bad: string) => object;
};

/** The endpoints outside testing found answering 500 to a NUL (five of them without a login). */
const calls: Record<string, Call> = {
  'restaurant search': {
    method: 'GET',
    url: `/restaurant/search-restaurants?query=ab${encodeURIComponent(NUL)}c`,
  },
  'owner login': {
    method: 'POST',
    url: '/auth/login',
    payload: (bad) => ({ email: `a${bad}b@x.com`, password: 'x' }),
  },
  'owner register': {
    method: 'POST',
    url: '/auth/register',
    payload: (bad) => ({
      email: 'nul@example.com',
      password: 'long enough password',
      first_name: `Ada${bad}`,
      last_name: 'L',
      phone: '4155550100',
      address: '1 Main St',
      city: 'SF',
      state: 'CA',
      zip_code: '94105',
      country: 'US',
    }),
  },
  'diner login': {
    method: 'POST',
    url: '/customer/login',
    payload: (bad) => ({ email: `d${bad}@x.com`, password: 'x' }),
  },
  'diner sign-up': {
    method: 'POST',
    url: '/customer/create',
    payload: (bad) => ({
      customer_name: `Dana${bad}`,
      email: 'dana@x.com',
      phone_number: '5125550100',
      is_guest: true,
    }),
  },
  'coupon check': {
    method: 'POST',
    url: '/subscription/validate-coupon',
    payload: (bad) => ({ code: `SAVE${bad}`, plan_id: 1 }),
  },
  'profile update': {
    method: 'PUT',
    url: '/auth/user/:user',
    owner: true,
    payload: (bad) => ({ city: `Oak${bad}land` }),
  },
  'restaurant update': {
    method: 'PUT',
    url: '/restaurant/update-restaurant/:restaurant',
    owner: true,
    payload: (bad) => ({ ...restaurantBody(), restaurant_name: `Bistro${bad}` }),
  },
  'menu item add': {
    method: 'POST',
    url: '/menu/add-menu-item',
    owner: true,
    payload: (bad) => ({
      item_name: `Soup${bad}`,
      description: 'Hot',
      price: 5,
      category: 'Starter',
      restaurant_id: place.restaurantId,
    }),
  },
  'menu item update': {
    method: 'POST',
    url: '/menu/update-menu-item/:menu',
    owner: true,
    payload: (bad) => ({
      item_name: 'Pizza',
      description: `Good${bad}`,
      price: 10,
      category: 'MainCourse',
      restaurant_id: place.restaurantId,
    }),
  },
};

function send(call: Call, bad: string) {
  const url = call.url
    .replace(':user', String(place.owner.userId))
    .replace(':restaurant', String(place.restaurantId))
    .replace(':menu', String(menuId));
  return t.app.inject({
    method: call.method,
    url: `/api/v1${url}`,
    headers: call.owner ? place.owner.auth : {},
    ...(call.payload && { payload: call.payload(bad) }),
    remoteAddress: '10.77.0.1',
  });
}

describe('control characters', () => {
  it.each(Object.entries(calls))('are a 400 naming the field, never a 500: %s', async (_name, call) => {
    for (const bad of [NUL, ESC, '\u0001', '\u007f']) {
      const response = await send(call, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/must not contain control characters$/);
    }
  });

  it('change nothing', async () => {
    const profile = await t.app.inject({
      url: `/api/v1/auth/user/${place.owner.userId}`,
      headers: place.owner.auth,
    });
    expect(profile.json().city).not.toContain('Oak');
    const menu = await t.app.inject({
      url: `/api/v1/menu/get-menu-items/${place.restaurantId}`,
      headers: place.owner.auth,
    });
    expect(JSON.stringify(menu.json())).not.toMatch(/Soup|\\u0000/);
  });

  it('keep names on one line, and allow line breaks in a description', async () => {
    const name = await send(calls['menu item add']!, '\r\nX-Injected: 1');
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe('Item name must be on one line');

    const description = await t.app.inject({
      method: 'POST',
      url: `/api/v1/menu/update-menu-item/${menuId}`,
      headers: place.owner.auth,
      payload: {
        item_name: 'Pizza',
        description: 'Thin crust.\nWood fired.',
        price: 10,
        category: 'MainCourse',
        restaurant_id: place.restaurantId,
      },
    });
    expect(description.statusCode).toBe(200);
  });

  it('normalise Unicode, so one name is stored one way', async () => {
    const decomposed = 'Cafe\u0301 Latte';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/menu/add-menu-item',
      headers: place.owner.auth,
      payload: {
        item_name: decomposed,
        description: 'Hot',
        price: 4,
        category: 'Beverage',
        restaurant_id: place.restaurantId,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.item_name).toBe('Caf\u00e9 Latte');
  });
});
