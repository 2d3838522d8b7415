import { PublicConfigResponse } from '@tableserve/contract/public-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let withKey: TestApp;
let withoutKey: TestApp;
beforeAll(async () => {
  [withKey, withoutKey] = await Promise.all([
    createTestApp({ env: { GOOGLE_MAPS_API_KEY: 'AIza-test-browser-key' } }),
    createTestApp({ env: { GOOGLE_MAPS_API_KEY: '' } }),
  ]);
});
afterAll(() => Promise.all([withKey.close(), withoutKey.close()]));

const publicConfig = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/v1/public-config' });

describe('GET /api/v1/public-config (docs/product/platform.md#maps)', () => {
  it('publishes the Google Maps browser key to anyone, without a login', async () => {
    const response = await publicConfig(withKey);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google_maps_api_key: 'AIza-test-browser-key' });
    expect(PublicConfigResponse.parse(response.json())).toEqual(response.json());
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers null without a key, so the web app shows plain address fields', async () => {
    const response = await publicConfig(withoutKey);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google_maps_api_key: null });
  });

  it("lets the browser load Google's maps script only when a key is set", async () => {
    // The pages' policy: the API's own answers allow nothing (plugins/security-headers.ts).
    const pagePolicy = async (t: TestApp) =>
      String(
        (await t.app.inject({ method: 'GET', url: '/restaurant-setup' })).headers['content-security-policy'],
      );
    const allowed = await pagePolicy(withKey);
    expect(allowed).toContain(
      "script-src 'self' https://*.googleapis.com https://*.gstatic.com *.google.com;",
    );
    expect(allowed).toContain("connect-src 'self' ws: wss: https://*.googleapis.com");
    const sameOrigin = await pagePolicy(withoutKey);
    expect(sameOrigin).toContain("script-src 'self';");
    expect(sameOrigin).not.toContain('google');
  });

  it('is listed in the OpenAPI document', async () => {
    const document = (await withoutKey.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/api/v1/public-config']).toHaveProperty('get');
  });
});
