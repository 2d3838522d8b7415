import type { AuditEntry } from '@tableserve/contract/audit';
import { paymentSettingsMessages as text } from '@tableserve/contract/payment-settings';
import { staffRoleMessages } from '@tableserve/contract/staff-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithRestaurant } from '../../test/restaurants';
import { deviceTokenFor, staffTokenFor } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

/** docs/decisions/020-money-model.md: the owner's payment settings and tax rates. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Place = Awaited<ReturnType<typeof ownerWithRestaurant>>;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

const getSettings = (p: Place, auth: Headers = p.owner.auth) =>
  api('GET', `/restaurant/payment-settings/${p.restaurantId}`, auth);
const putSettings = (p: Place, body: object, auth: Headers = p.owner.auth) =>
  api('PUT', `/restaurant/payment-settings/${p.restaurantId}`, auth, body);
const addRate = (p: Place, body: object, auth: Headers = p.owner.auth) =>
  api('POST', `/restaurant/tax-rates/${p.restaurantId}`, auth, body);
const editRate = (p: Place, id: number, body: object, auth: Headers = p.owner.auth) =>
  api('PUT', `/restaurant/tax-rates/${p.restaurantId}/${id}`, auth, body);
const deleteRate = (p: Place, id: number, auth: Headers = p.owner.auth) =>
  api('DELETE', `/restaurant/tax-rates/${p.restaurantId}/${id}`, auth);

type Rate = { tax_rate_id: number; name: string; rate_percent: number; is_default: boolean };
const ratesOf = async (p: Place) => (await getSettings(p)).json().data.tax_rates as Rate[];
async function added(p: Place, body: object) {
  const response = await addRate(p, body);
  expect(response.statusCode).toBe(201);
  const rates = response.json().data.tax_rates as Rate[];
  return rates.find((rate) => rate.name === (body as { name: string }).name)!;
}

const lastAudit = async (p: Place) => {
  const response = await api('GET', `/owner/restaurant/${p.restaurantId}/audit?per_page=1`, p.owner.auth);
  return (response.json().entries as AuditEntry[])[0]!;
};

describe('payment settings', () => {
  it('start as today: at the counter, no tax, no service, no Stripe account', async () => {
    const p = await ownerWithRestaurant(t);
    const response = await getSettings(p);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        payment_timing: 'counter',
        prices_include_tax: false,
        service_charge_percent: 0,
        service_charge_min_party: null,
        stripe_account_id: null,
        tax_registration_number: null,
        tax_rates: [],
      },
    });
  });

  it('change only the fields sent, are audited, and reach the diners’ menu at once', async () => {
    const p = await ownerWithRestaurant(t);
    expect((await t.app.publishedMenus.byId(p.restaurantId))?.restaurant.paymentTiming).toBe('counter');
    const response = await putSettings(p, {
      payment_timing: 'end_of_meal',
      service_charge_percent: 12.5,
      service_charge_min_party: 6,
      stripe_account_id: ' acct_1AbC2dEf ',
      tax_registration_number: ' GB 123 4567 89 ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: text.saved,
      data: {
        payment_timing: 'end_of_meal',
        prices_include_tax: false,
        service_charge_percent: 12.5,
        service_charge_min_party: 6,
        stripe_account_id: 'acct_1AbC2dEf',
        tax_registration_number: 'GB 123 4567 89',
        tax_rates: [],
      },
    });
    const menu = await t.app.publishedMenus.byId(p.restaurantId);
    expect(menu?.restaurant).toMatchObject({
      paymentTiming: 'end_of_meal',
      serviceChargeRate: 12_500,
      serviceChargeMinParty: 6,
    });
    expect(await lastAudit(p)).toMatchObject({
      action: 'restaurant.payment_settings_changed',
      object_type: 'restaurant',
      object_id: p.restaurantId,
      before: {
        payment_timing: 'counter',
        service_charge_percent: 0,
        service_charge_min_party: null,
        stripe_account_id: null,
      },
      after: {
        payment_timing: 'end_of_meal',
        service_charge_percent: 12.5,
        service_charge_min_party: 6,
        stripe_account_id: 'acct_1AbC2dEf',
        tax_registration_number: 'GB 123 4567 89',
      },
    });

    const cleared = await putSettings(p, {
      service_charge_min_party: null,
      stripe_account_id: null,
      tax_registration_number: null,
    });
    expect(cleared.json().data).toMatchObject({
      payment_timing: 'end_of_meal',
      service_charge_percent: 12.5,
      service_charge_min_party: null,
      stripe_account_id: null,
      tax_registration_number: null,
    });
  });

  it('keeps a rate of 3 decimals exact', async () => {
    const p = await ownerWithRestaurant(t);
    const response = await putSettings(p, { service_charge_percent: 8.875 });
    expect(response.json().data.service_charge_percent).toBe(8.875);
    expect((await t.app.publishedMenus.byId(p.restaurantId))?.restaurant.serviceChargeRate).toBe(8875);
  });

  it.each([
    [{ payment_timing: 'later' }, 'Payment timing must be one of counter, order, end_of_meal'],
    [{ prices_include_tax: 'yes' }, 'Prices include tax must be true or false'],
    [{ service_charge_percent: -1 }, 'Service charge must be 0 or more'],
    [{ service_charge_percent: 30.001 }, 'Service charge must be at most 30 %'],
    [{ service_charge_percent: 10.0005 }, 'Service charge can have at most 3 decimals'],
    [{ service_charge_percent: '10' }, 'Service charge must be a number'],
    [{ service_charge_min_party: 1 }, text.minParty],
    [{ service_charge_min_party: 51 }, text.minParty],
    [{ service_charge_min_party: 2.5 }, text.minParty],
    [{ stripe_account_id: 'sk_live_123' }, text.stripeAccount],
    [{ tax_registration_number: '=HYPERLINK("x")' }, text.taxRegistration],
    [{ tax_registration_number: 'x'.repeat(41) }, text.taxRegistration],
    [{ stripe_account_id: 'acct_' }, text.stripeAccount],
    [{ stripe_account_id: `acct_${'x'.repeat(60)}` }, text.stripeAccount],
    [{ tax_rates: [] }, undefined],
  ])('refuses %j with a 400 naming the field, changing nothing', async (body, message) => {
    const p = await ownerWithRestaurant(t);
    const before = (await getSettings(p)).json();
    const response = await putSettings(p, { payment_timing: 'order', ...body });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toContain(message);
    expect((await getSettings(p)).json()).toEqual(before);
  });
});

describe('tax rates', () => {
  it('are added, edited and deleted, percents exact, the default first', async () => {
    const p = await ownerWithRestaurant(t);
    const food = await added(p, { name: 'Food', rate_percent: 8.875 });
    expect(food).toEqual({
      tax_rate_id: food.tax_rate_id,
      name: 'Food',
      rate_percent: 8.875,
      is_default: false,
    });
    const drinks = await added(p, { name: 'Alcohol', rate_percent: 20, is_default: true });
    expect((await ratesOf(p)).map((rate) => rate.name)).toEqual(['Alcohol', 'Food']);

    const edited = await editRate(p, food.tax_rate_id, { name: 'Food to go', rate_percent: 7 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe(text.taxRateUpdated);
    // Absent is_default keeps the stored one.
    expect(edited.json().data.tax_rates).toEqual([
      { ...drinks },
      { tax_rate_id: food.tax_rate_id, name: 'Food to go', rate_percent: 7, is_default: false },
    ]);
    expect(await lastAudit(p)).toMatchObject({
      action: 'tax_rate.changed',
      object_type: 'tax_rate',
      object_id: food.tax_rate_id,
      before: { name: 'Food', rate_percent: 8.875 },
      after: { name: 'Food to go', rate_percent: 7 },
    });

    const deleted = await deleteRate(p, drinks.tax_rate_id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(text.taxRateDeleted);
    expect(deleted.json().data.tax_rates.map((rate: Rate) => rate.name)).toEqual(['Food to go']);
    expect(await lastAudit(p)).toMatchObject({
      action: 'tax_rate.deleted',
      before: { name: 'Alcohol', rate_percent: 20, is_default: true },
    });
  });

  it('have one default: setting one clears the previous', async () => {
    const p = await ownerWithRestaurant(t);
    const food = await added(p, { name: 'Food', rate_percent: 7, is_default: true });
    const drinks = await added(p, { name: 'Drinks', rate_percent: 20, is_default: true });
    expect((await ratesOf(p)).map((rate) => [rate.name, rate.is_default])).toEqual([
      ['Drinks', true],
      ['Food', false],
    ]);
    await editRate(p, food.tax_rate_id, { name: 'Food', rate_percent: 7, is_default: true });
    expect((await ratesOf(p)).map((rate) => [rate.tax_rate_id, rate.is_default])).toEqual([
      [food.tax_rate_id, true],
      [drinks.tax_rate_id, false],
    ]);
  });

  it('are at most 10 per restaurant', async () => {
    const p = await ownerWithRestaurant(t);
    for (let i = 1; i <= 10; i += 1) await added(p, { name: `Rate ${i}`, rate_percent: i });
    const eleventh = await addRate(p, { name: 'Rate 11', rate_percent: 11 });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toBe(text.tooManyTaxRates);
    expect(await ratesOf(p)).toHaveLength(10);
  });

  it('have names unique per restaurant, whatever the case (409)', async () => {
    const p = await ownerWithRestaurant(t);
    const other = await ownerWithRestaurant(t);
    const food = await added(p, { name: 'Food', rate_percent: 7 });
    const wine = await added(p, { name: 'Wine', rate_percent: 20 });
    const again = await addRate(p, { name: 'food', rate_percent: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(text.duplicateName);
    const renamed = await editRate(p, wine.tax_rate_id, { name: 'FOOD', rate_percent: 20 });
    expect(renamed.statusCode).toBe(409);
    // Its own name, and another restaurant's, are free.
    expect((await editRate(p, food.tax_rate_id, { name: 'Food', rate_percent: 8 })).statusCode).toBe(200);
    expect((await addRate(other, { name: 'Food', rate_percent: 7 })).statusCode).toBe(201);
    expect((await ratesOf(p)).map((rate) => [rate.name, rate.rate_percent])).toEqual([
      ['Food', 8],
      ['Wine', 20],
    ]);
  });

  it.each([
    [{ name: '', rate_percent: 7 }, 'Tax rate name is required'],
    [{ name: 'x'.repeat(51), rate_percent: 7 }, 'Tax rate name must be at most 50 characters'],
    [{ name: 'Food', rate_percent: -0.5 }, 'Tax rate must be 0 or more'],
    [{ name: 'Food', rate_percent: 100.001 }, 'Tax rate must be at most 100 %'],
    [{ name: 'Food', rate_percent: 7.1234 }, 'Tax rate can have at most 3 decimals'],
    [{ name: 'Food', rate_percent: null }, 'Tax rate must be a number'],
    [{ name: 'Food', rate_percent: 7, is_default: 'yes' }, text.isDefault],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const p = await ownerWithRestaurant(t);
    const response = await addRate(p, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await ratesOf(p)).toEqual([]);
  });

  it('of another restaurant, or none, are a 404 that changes nothing', async () => {
    const p = await ownerWithRestaurant(t);
    const other = await ownerWithRestaurant(t);
    const theirs = await added(other, { name: 'Food', rate_percent: 7 });
    for (const response of [
      await editRate(p, theirs.tax_rate_id, { name: 'Mine', rate_percent: 1 }),
      await deleteRate(p, theirs.tax_rate_id),
      await deleteRate(p, 2_000_000_000),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(text.taxRateNotFound);
    }
    expect(await ratesOf(other)).toEqual([theirs]);
  });
});

describe('who may change them', () => {
  it('another owner’s restaurant is a 404', async () => {
    const p = await ownerWithRestaurant(t);
    const other = await ownerWithRestaurant(t);
    expect((await getSettings(p, other.owner.auth)).statusCode).toBe(404);
    expect((await putSettings(p, { payment_timing: 'order' }, other.owner.auth)).statusCode).toBe(404);
    expect((await addRate(p, { name: 'Food', rate_percent: 7 }, other.owner.auth)).statusCode).toBe(404);
    expect((await getSettings(p)).json().data).toMatchObject({ payment_timing: 'counter', tax_rates: [] });
  });

  it('a manager may; a server or the kitchen may not (403)', async () => {
    const p = await ownerWithRestaurant(t);
    const manager = await staffTokenFor(t, p.restaurantId, 'manager');
    const server = await staffTokenFor(t, p.restaurantId, 'server');
    const kitchen = await deviceTokenFor(t, p.restaurantId, 'kitchen');
    expect((await putSettings(p, { prices_include_tax: true }, manager.auth)).statusCode).toBe(200);
    expect((await addRate(p, { name: 'VAT', rate_percent: 20 }, manager.auth)).statusCode).toBe(201);
    for (const caller of [server, kitchen]) {
      const refused = await putSettings(p, { prices_include_tax: false }, caller.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(staffRoleMessages.forbidden);
      expect((await getSettings(p, caller.auth)).statusCode).toBe(403);
      expect((await addRate(p, { name: 'Food', rate_percent: 7 }, caller.auth)).statusCode).toBe(403);
    }
    expect((await getSettings(p)).json().data).toMatchObject({
      prices_include_tax: true,
      tax_rates: [{ name: 'VAT', rate_percent: 20, is_default: false }],
    });
  });
});
