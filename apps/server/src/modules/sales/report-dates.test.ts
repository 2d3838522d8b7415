import { EARLIEST_DATE, latestDate } from '@tableserve/contract/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every date the API takes (the daily sales' date, the kitchen analytics' from and to) is a real
 * calendar date from 2000-01-01 to a year after today (found in outside testing; SECURITY.md): a date past year
 * 9999's last day answered 500, since its business day ends at no real instant.
 */

let t: TestApp;
let place: Awaited<ReturnType<typeof ownerWithRestaurant>>;
beforeAll(async () => {
  t = await createTestApp();
  place = await ownerWithRestaurant(t);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: place.owner.auth });
const dailySales = (date: string) => get(`/customer/daily-sales/${place.restaurantId}?date=${date}`);
const analytics = (query: string) =>
  get(`/owner/restaurant/${place.restaurantId}/kitchen-analytics?${query}`);

const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const outOfRange = (field: string) => `${field} must be a date from 2000-01-01 to ${latestDate()}`;

describe('dates the reports take', () => {
  it.each([
    ['9999-12-31', outOfRange('Date')],
    ['0001-01-01', outOfRange('Date')],
    ['1999-12-31', outOfRange('Date')],
    [dayAfter(latestDate()), outOfRange('Date')],
    ['2000-02-30', 'Date must be a real calendar date (YYYY-MM-DD)'],
    ['2026-13-01', 'Date must be a real calendar date (YYYY-MM-DD)'],
    ['+10000-01-01', 'Date must be YYYY-MM-DD'],
  ])('daily sales on %s: 400 naming the date', async (date, message) => {
    const response = await dailySales(date);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message,
      code: 'VALIDATION_ERROR',
      errors: [{ path: 'date', message }],
    });
  });

  it.each([
    ['from=9999-12-31', 'from', outOfRange('From')],
    ['from=0001-01-01', 'from', outOfRange('From')],
    [`from=${dayAfter(latestDate())}`, 'from', outOfRange('From')],
    ['from=2000-02-30', 'from', 'From must be a real calendar date (YYYY-MM-DD)'],
    ['from=2026-03-01&to=9999-12-31', 'to', outOfRange('To')],
    ['from=2026-03-01&to=2026-02-30', 'to', 'To must be a real calendar date (YYYY-MM-DD)'],
  ])('kitchen analytics with %s: 400 naming %s', async (query, field, message) => {
    const response = await analytics(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message,
      code: 'VALIDATION_ERROR',
      errors: [{ path: field, message }],
    });
  });

  it('takes the first and the last date of the range, and the longest range at either end', async () => {
    expect((await dailySales(EARLIEST_DATE)).statusCode).toBe(200);
    expect((await dailySales(latestDate())).statusCode).toBe(200);
    expect((await analytics(`from=${EARLIEST_DATE}&to=2000-01-31`)).statusCode).toBe(200);
    const last = latestDate();
    const monthBefore = new Date(Date.parse(`${last}T00:00:00Z`) - 30 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect((await analytics(`from=${monthBefore}&to=${last}`)).statusCode).toBe(200);
    // The range rule is still the range rule: 32 days is one too many.
    const tooLong = await analytics('from=2026-01-01&to=2026-02-01');
    expect(tooLong.json()).toMatchObject({ message: 'A range is at most 31 days', errors: [{ path: 'to' }] });
  });
});
