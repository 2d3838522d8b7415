import { MENU_CATEGORIES } from '@tableserve/contract/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo seed', () => {
  it('creates a verified owner with a restaurant and a menu in every category, once', async () => {
    const first = await seedDemoData(t.app.database.db, { publicUrl: 'http://localhost:3000' });
    expect(first).toMatchObject({ created: true, email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(first!.menuUrl).toMatch(/^http:\/\/localhost:3000\/menu-display\?token=[A-Za-z0-9_-]{32}$/);

    const items = await t.app.database.db.select().from(menuItems);
    expect(new Set(items.map((item) => item.category))).toEqual(new Set(MENU_CATEGORIES));

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().resturant).toEqual({ restaurant_id: expect.any(Number) });

    const owner = login.json();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscription/subscription-status/${owner.user_id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(status.json()).toMatchObject({
      status: 'active',
      plan_name: 'Professional',
      restaurant_id: owner.resturant.restaurant_id,
    });
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/validate-coupon',
      payload: { coupon_id: 'WELCOME20', plan_id: status.json().plan_id },
    });
    expect(coupon.json().valid).toBe(true);

    const second = await seedDemoData(t.app.database.db, { publicUrl: 'http://localhost:3000' });
    expect(second).toEqual({ ...first, created: false });
    expect(await t.app.database.db.select().from(menuItems)).toHaveLength(items.length);
  });
});
