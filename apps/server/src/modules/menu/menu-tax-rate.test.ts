import { paymentSettingsMessages } from '@tableserve/contract/payment-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/** docs/decisions/020-money-model.md: each dish names one of its restaurant's tax rates, or the default. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, owner: Owner, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: owner.auth, ...(payload ? { payload } : {}) });

const itemBody = (restaurantId: number, overrides: object = {}) => ({
  item_name: 'House red',
  description: 'A glass.',
  price: 9,
  category: 'Beverage',
  restaurant_id: restaurantId,
  ...overrides,
});

async function placeWithRate(name = 'Alcohol') {
  const place = await ownerWithRestaurant(t);
  const response = await api('POST', `/restaurant/tax-rates/${place.restaurantId}`, place.owner, {
    name,
    rate_percent: 20,
  });
  expect(response.statusCode).toBe(201);
  const [rate] = response.json().data.tax_rates as { tax_rate_id: number }[];
  return { ...place, rateId: rate!.tax_rate_id };
}

const add = (owner: Owner, body: object) => api('POST', '/menu/add-menu-item', owner, body);
const update = (owner: Owner, menuId: number, body: object) =>
  api('POST', `/menu/update-menu-item/${menuId}`, owner, body);
const listed = async (owner: Owner, restaurantId: number) =>
  (await api('GET', `/menu/get-menu-items/${restaurantId}`, owner)).json().data as {
    menu_id: number;
    tax_rate_id?: number;
  }[];

describe("a dish's tax rate", () => {
  it('is the default (null) unless named, and the owner sees it', async () => {
    const { owner, restaurantId, rateId } = await placeWithRate();
    const plain = await add(owner, itemBody(restaurantId, { item_name: 'Bread' }));
    // Absent, as from servers before tax rates: the default.
    expect(plain.json().data).not.toHaveProperty('tax_rate_id');
    const wine = await add(owner, itemBody(restaurantId, { tax_rate_id: rateId }));
    expect(wine.statusCode).toBe(201);
    expect(wine.json().data.tax_rate_id).toBe(rateId);
    expect((await listed(owner, restaurantId)).map((item) => item.tax_rate_id ?? null).sort()).toEqual([
      rateId,
      null,
    ]);
  });

  it('is kept when an edit does not send it, changed or cleared when it does', async () => {
    const { owner, restaurantId, rateId } = await placeWithRate();
    const { menu_id } = (await add(owner, itemBody(restaurantId, { tax_rate_id: rateId }))).json().data;
    const kept = await update(owner, menu_id, itemBody(restaurantId, { price: 10 }));
    expect(kept.json().data).toMatchObject({ price: 10, tax_rate_id: rateId });
    const cleared = await update(owner, menu_id, itemBody(restaurantId, { tax_rate_id: null }));
    expect(cleared.json().data).not.toHaveProperty('tax_rate_id');
    const trail = await api('GET', `/owner/restaurant/${restaurantId}/audit?per_page=1`, owner);
    expect(trail.json().entries[0]).toMatchObject({
      action: 'menu_item.updated',
      before: { tax_rate_id: rateId },
      after: { tax_rate_id: null },
    });
  });

  it("must be the restaurant's own (400 Tax rate not found), changing nothing", async () => {
    const { owner, restaurantId, rateId } = await placeWithRate();
    const other = await placeWithRate();
    const refused = await add(owner, itemBody(restaurantId, { tax_rate_id: other.rateId }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(paymentSettingsMessages.taxRateNotFound);
    const { menu_id } = (await add(owner, itemBody(restaurantId, { tax_rate_id: rateId }))).json().data;
    const edit = await update(owner, menu_id, itemBody(restaurantId, { tax_rate_id: 2_000_000_000 }));
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(paymentSettingsMessages.taxRateNotFound);
    expect(await listed(owner, restaurantId)).toEqual([
      expect.objectContaining({ menu_id, tax_rate_id: rateId }),
    ]);
  });

  it('falls back to the default when its rate is deleted', async () => {
    const { owner, restaurantId, rateId } = await placeWithRate();
    const { menu_id } = (await add(owner, itemBody(restaurantId, { tax_rate_id: rateId }))).json().data;
    const deleted = await api('DELETE', `/restaurant/tax-rates/${restaurantId}/${rateId}`, owner);
    expect(deleted.statusCode).toBe(200);
    const [item] = await listed(owner, restaurantId);
    expect(item?.menu_id).toBe(menu_id);
    expect(item).not.toHaveProperty('tax_rate_id');
  });

  it("reaches the diner's menu with the rate it names, so the cart prices it as the order will", async () => {
    const { owner, restaurantId, rateId, token } = await placeWithRate();
    await add(owner, itemBody(restaurantId, { tax_rate_id: rateId }));
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/customer/display-menu/${token}` });
    expect(response.statusCode).toBe(200);
    const { menu, pricing } = response.json();
    expect(menu.find((item: { item_name: string }) => item.item_name === 'House red').tax_rate_id).toBe(
      rateId,
    );
    expect(pricing.tax_rates).toEqual([{ tax_rate_id: rateId, name: 'Alcohol', rate_percent: 20 }]);
  });
});
