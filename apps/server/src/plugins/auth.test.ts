import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('authentication comes before validation', () => {
  it.each([
    ['POST', '/restaurant/create-restaurant'],
    ['PUT', '/restaurant/update-restaurant/1'],
    ['POST', '/menu/generate-signed-url'],
    ['POST', '/menu/add-menu-item'],
    ['PUT', '/auth/user/1'],
    ['POST', '/kitchen/restaurant/1/update-order-status/1'],
    ['GET', '/customer/1/orders?page=-4'],
  ] as const)('%s %s answers 401 to a caller without a token, whatever the body', async (method, url) => {
    const response = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(method === 'GET' ? {} : { payload: { restaurant_name: 42, unexpected: true } }),
    });
    // A stranger learns nothing about the body's rules, nor spends the server's validation work.
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('errors');
  });
});
