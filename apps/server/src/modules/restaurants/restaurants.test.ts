import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { seedDemoData } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app.database.db, { publicUrl: 'http://localhost:3000' });
});
afterAll(() => t.close());

const search = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/restaurant/search-restaurants?${query}` });

describe('restaurant search', () => {
  it('matches name or city, case-insensitively, with public fields only', async () => {
    for (const query of ['tratt', 'TRATTORIA', 'san fran']) {
      const response = await search(`query=${encodeURIComponent(query)}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.restaurants).toHaveLength(1);
      expect(Object.keys(body.restaurants[0]).sort()).toEqual([
        'city',
        'restaurant_id',
        'restaurant_name',
        'restaurant_type',
        'state',
        'token',
      ]);
      expect(body.pagination).toEqual({ page: 1, per_page: 10, total: 1, total_pages: 1 });
    }
  });

  it('lists only restaurants whose owner has a valid subscription', async () => {
    await t.app.database.db.update(subscriptions).set({ status: 'expired' });
    expect((await search('query=trattoria')).json().restaurants).toHaveLength(0);
    await t.app.database.db.update(subscriptions).set({ status: 'grace_period' });
    expect((await search('query=trattoria')).json().restaurants).toHaveLength(1);
    await t.app.database.db.update(subscriptions).set({ status: 'active' });
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect((await search('query=%25%25%25')).json().restaurants).toHaveLength(0);
    expect((await search('query=___')).json().restaurants).toHaveLength(0);
  });

  it('needs at least 3 characters and caps the page size', async () => {
    const short = await search('query=tr');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Search needs at least 3 characters');
    expect((await search('query=trattoria&per_page=51')).statusCode).toBe(400);
    expect((await search('query=trattoria&page=0')).statusCode).toBe(400);
    expect((await search('query=trattoria&drop=table')).statusCode).toBe(400);
  });
});
