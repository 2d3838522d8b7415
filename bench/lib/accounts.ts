import { clientAddress, expectStatus, inPool, requestJson } from './http';
import { OWNER_PASSWORD, type SeededRestaurant } from './seed';

export type Owner = { restaurantId: number; token: string };
export type Diner = { index: number; customerId: number; token: string; address: string };

/** Each restaurant's owner logs in through the API (an Argon2 check each), from an address of their own. */
export async function loginOwners(baseUrl: string, restaurants: SeededRestaurant[]): Promise<Owner[]> {
  return inPool(restaurants.length, 8, async (index) => {
    const restaurant = restaurants[index]!;
    const response = await requestJson(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': clientAddress('owner', index) },
      body: { email: restaurant.ownerEmail, password: OWNER_PASSWORD },
    });
    expectStatus(response, 200, `owner login ${restaurant.ownerEmail}`);
    return { restaurantId: restaurant.id, token: (response.body as { token: string }).token };
  });
}

/**
 * Guest diners created as a phone does after scanning a table's QR code (POST /customer/create,
 * is_guest), each with an email and an address of their own, so that neither the per-address nor
 * the per-email sign-up limit is what the bench measures.
 */
export async function createDiners(
  baseUrl: string,
  restaurants: SeededRestaurant[],
  count: number,
): Promise<Diner[]> {
  return inPool(count, 32, async (index) => {
    const address = clientAddress('diner', index);
    const response = await requestJson(`${baseUrl}/api/v1/customer/create`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: {
        customer_name: `Diner ${index}`,
        email: `diner${index}@bench.example`,
        phone_number: '4155550100',
        restaurant_id: restaurants[index % restaurants.length]!.id,
        is_guest: true,
      },
    });
    expectStatus(response, 201, `diner ${index} sign-up`);
    const { data } = response.body as { data: { customer_id: number; token: string } };
    return { index, customerId: data.customer_id, token: data.token, address };
  });
}

/** The body of a diner's order of two dishes at a table, as the checkout sends it. */
export function orderBody(restaurant: SeededRestaurant, table: number) {
  return {
    restaurant_id: restaurant.id,
    order_items: [
      { menu_item_id: restaurant.itemIds[0], quantity: 2 },
      { menu_item_id: restaurant.itemIds[1], quantity: 1 },
    ],
    order_type: 'dine-in',
    table_no: 1 + (table % restaurant.numberOfTables),
  };
}
