import type { TestApp } from './test-app';

let diners = 0;

export type Diner = { customer_id: number; token: string; auth: { authorization: string } };

/** A diner account signed up at the restaurant, from an address of its own (sign-up is limited per IP). */
export async function signUpDiner(
  t: TestApp,
  restaurantId: number,
  overrides: Record<string, unknown> = {},
): Promise<Diner> {
  diners += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/create',
    remoteAddress: `10.50.${Math.floor(diners / 250)}.${(diners % 250) + 1}`,
    payload: {
      customer_name: 'Dana',
      email: `diner${diners}-${restaurantId}@example.com`,
      password: 'diner password',
      phone_number: '5125550100',
      restaurant_id: restaurantId,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const data = response.json().data as { customer_id: number; token: string };
  return { ...data, auth: { authorization: `Bearer ${data.token}` } };
}

/** Adds a dish to the owner's menu through the API and answers its menu id. */
export async function addMenuItem(
  t: TestApp,
  place: { owner: { auth: Record<string, string> }; restaurantId: number },
  item: Record<string, unknown>,
): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/menu/add-menu-item',
    headers: place.owner.auth,
    payload: { description: 'Good', category: 'MainCourse', restaurant_id: place.restaurantId, ...item },
  });
  if (response.statusCode !== 201) throw new Error(`add menu item failed: ${response.body}`);
  return response.json().data.menu_id as number;
}

/** A diner's dine-in order at table 1; answers the order id. */
export async function placeDinerOrder(
  t: TestApp,
  diner: Diner,
  restaurantId: number,
  items: { menu_item_id: number; quantity: number }[],
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: diner.auth,
    payload: {
      restaurant_id: restaurantId,
      order_items: items,
      order_type: 'dine-in',
      table_no: 1,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`place order failed: ${response.body}`);
  return response.json().order_id as number;
}
