import { UPLOAD_MAX_BYTES, uploadMessages } from '@tableserve/contract/menu';
import { PNG } from 'pngjs';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe';
import { addMenuItem } from '../test/orders';
import { ownerWithRestaurant, restaurantBody } from '../test/restaurants';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app';
import { inspectInput, MAX_INPUT_DEPTH, MAX_INPUT_VALUES } from './input-rules';

const WEBHOOK_SECRET = 'whsec_input_rules';

let stripe: FakeStripe;
let t: TestApp;
let place: Awaited<ReturnType<typeof ownerWithRestaurant>>;
let menuId: number;
beforeAll(async () => {
  // Stripe (a local fake) as the payment provider, so the raw-body webhook route exists too.
  stripe = await startFakeStripe({ prices: { price_s: 5000, price_p: 10000, price_e: 20000 } });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_input_rules',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICES: 'starter=price_s,professional=price_p,enterprise=price_e',
    },
    build: { stripeApi: stripe.api },
  });
  place = await ownerWithRestaurant(t);
  menuId = await addMenuItem(t, place, { item_name: 'Pizza', price: 10 });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

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

/** `levels` arrays, one inside the other, around `inner`. */
function nested(levels: number, inner: unknown): unknown {
  let value = inner;
  for (let level = 0; level < levels; level++) value = [value];
  return value;
}

describe('the walk', () => {
  it('finds a bad string or key anywhere in a request, with its path', () => {
    expect(inspectInput({ order_items: [{ id: 1 }, { note: `a${NUL}b` }] })).toEqual({
      kind: 'control-character',
      path: 'order_items.1.note',
    });
    expect(inspectInput({ details: { [`k${ESC}`]: 'v' } })).toEqual({
      kind: 'control-character',
      path: `details.k${ESC}`,
    });
    expect(inspectInput({ name: 'a\uD800b' })).toEqual({ kind: 'lone-surrogate', path: 'name' });
    expect(inspectInput({ name: 'Caf\u00e9 \uD83C\uDF55', note: 'line\nbreak\ttab' })).toBeUndefined();
  });

  it('does not walk binary bodies: their bytes are no text, and walking a Buffer cost seconds', () => {
    // Each carries a string property with a NUL: found only if the walk went into the binary value.
    const withText = <T extends object>(value: T) => Object.assign(value, { note: `a${NUL}b` });
    for (const binary of [
      withText(Buffer.from('{"name":"x"}')),
      withText(new Uint16Array(8)),
      withText(new DataView(new ArrayBuffer(8))),
      withText(new ArrayBuffer(8)),
    ]) {
      expect(inspectInput(binary)).toBeUndefined();
      expect(inspectInput({ image: binary })).toBeUndefined();
    }

    // A 5 MB image: the old walk made five million [key, value] pairs of it (seconds, ~1 GB).
    const image = Buffer.alloc(UPLOAD_MAX_BYTES, 0);
    const started = performance.now();
    expect(inspectInput(image)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('walks a bounded number of values, and refuses a request past the bound', () => {
    const full = Array.from({ length: MAX_INPUT_VALUES }, () => 'a');
    expect(inspectInput(full)).toBeUndefined();
    // Up to the bound, every string is still checked, the last one too.
    full[MAX_INPUT_VALUES - 1] = NUL;
    expect(inspectInput(full)).toEqual({
      kind: 'control-character',
      path: String(MAX_INPUT_VALUES - 1),
    });
    // One element more, or one key more, is too many.
    expect(inspectInput(Array(MAX_INPUT_VALUES + 1).fill('a'))).toEqual({
      kind: 'too-many-values',
      path: '',
    });
    const keys = Object.fromEntries(Array.from({ length: MAX_INPUT_VALUES + 1 }, (_, i) => [`k${i}`, 1]));
    expect(inspectInput({ details: keys })).toEqual({ kind: 'too-many-values', path: 'details' });
  });

  it(`walks ${MAX_INPUT_DEPTH} levels deep, and refuses a deeper nesting`, () => {
    expect(inspectInput(nested(MAX_INPUT_DEPTH, NUL))).toEqual({
      kind: 'control-character',
      path: Array(MAX_INPUT_DEPTH).fill('0').join('.'),
    });
    expect(inspectInput(nested(MAX_INPUT_DEPTH + 1, 'x'))).toEqual({
      kind: 'too-deep',
      path: Array(MAX_INPUT_DEPTH).fill('0').join('.'),
    });
  });
});

describe('bounds of the walk, over HTTP', () => {
  const login = (extra: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      remoteAddress: '10.77.0.2',
      payload: { email: 'dana@example.com', password: 'x', extra },
    });

  it('refuses a body with too many values with a 400 saying so', async () => {
    const response = await login(Array(MAX_INPUT_VALUES).fill(0));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'body has too many values',
      code: 'TOO_MANY_VALUES',
      errors: [{ path: 'extra', message: 'body has too many values' }],
    });
  });

  it('refuses a body nested too deeply with a 400 saying so', async () => {
    const response = await login(nested(MAX_INPUT_DEPTH, 'x'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'body is nested too deeply',
      code: 'TOO_DEEP',
      errors: [
        {
          path: ['extra', ...Array(MAX_INPUT_DEPTH - 1).fill('0')].join('.'),
          message: 'body is nested too deeply',
        },
      ],
    });
  });
});

describe('binary bodies pass the rule without a walk', () => {
  it('accepts a 5 MB image through the local signed upload URL', async () => {
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/menu/generate-signed-url',
      headers: place.owner.auth,
      payload: { file_name: 'dish.png' },
    });
    expect(signed.statusCode).toBe(200);
    const { signed_url, image_url } = signed.json() as { signed_url: string; image_url: string };
    const png = new PNG({ width: 2, height: 2 });
    png.data.fill(90);
    const header = PNG.sync.write(png);
    // Exactly the 5 MB cap, mostly NUL bytes: bytes, which the text rule must leave alone.
    const image = Buffer.concat([header, Buffer.alloc(UPLOAD_MAX_BYTES - header.length)]);

    const upload = await t.app.inject({
      method: 'PUT',
      url: signed_url.replace(TEST_PUBLIC_URL, ''),
      headers: { 'content-type': 'image/png', 'x-amz-acl': 'public-read' },
      payload: image,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toEqual({ message: uploadMessages.uploaded, image_url });
    const stored = await t.app.inject({ method: 'GET', url: image_url.replace(TEST_PUBLIC_URL, '') });
    expect(stored.rawPayload.equals(image)).toBe(true);
  });

  it("accepts Stripe's signed webhook with a large raw body", async () => {
    const payload = JSON.stringify({
      id: 'evt_input_rules_large',
      object: 'event',
      type: 'customer.created',
      // Close to the 1 MiB body limit; the old walk took about 2 s over such a Buffer.
      data: { object: { id: 'cus_large', object: 'customer', description: 'x'.repeat(1_000_000) } },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(t.clock.now().getTime() / 1000),
        }),
      },
      payload: Buffer.from(payload),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });
});
