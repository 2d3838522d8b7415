import { serverMessages } from '@tableserve/contract/messages';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimits, ownerLimits } from '../plugins/rate-limits';
import { type Diner, signUpDiner } from './orders';
import { registerVerifiedOwner, registrationBody } from './owners';
import { type Owner, ownerWithRestaurant } from './restaurants';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every credential and order endpoint with a limit (issue 11 §8): past its limit it answers 429
 * with a Retry-After of at most its window, and a text that says as long a wait (built from that
 * Retry-After, so a 15-minute lock never says "a minute"). Each case calls from an address of its
 * own, so the limits of one never count towards another's.
 */

const MISSING = 2_000_000_000;
const RESET_TOKEN = 'x'.repeat(43);

let t: TestApp;
let place: Awaited<ReturnType<typeof ownerWithRestaurant>>;
let diner: Diner;
beforeAll(async () => {
  t = await createTestApp();
  place = await ownerWithRestaurant(t);
  diner = await signUpDiner(t, place.restaurantId);
});
afterAll(() => t.close());

let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `10.55.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

type Call = Omit<InjectOptions, 'remoteAddress'> & { url: string };
const send = (call: Call, remoteAddress: string) =>
  t.app.inject({ ...call, url: `/api/v1${call.url}`, remoteAddress } as InjectOptions);

/**
 * Sends `max` calls, none refused for their number, then one more: answers that one, after
 * checking it is the 429 with Retry-After and its text. `together` calls go at once, so that a
 * large limit is reached well within its window even on a slow machine.
 */
async function expectLimitedAfter(
  max: number,
  windowMs: number,
  text: string,
  call: (index: number) => Promise<LightMyRequestResponse>,
  together = 1,
) {
  for (let first = 0; first < max; first += together) {
    const indexes = Array.from({ length: Math.min(together, max - first) }, (_, i) => first + i);
    const responses = await Promise.all(indexes.map(call));
    responses.forEach((response, i) => {
      const index = indexes[i];
      expect({ index, status: response.statusCode }, response.body).not.toEqual({ index, status: 429 });
    });
  }
  const limited = await call(max);
  expect(limited.statusCode, limited.body).toBe(429);
  const retryAfter = Number(limited.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(limited.json()).toEqual({
    message: serverMessages.tooManyRequests(retryAfter),
    code: 'RATE_LIMITED',
  });
  // And in words, for the window this route has (the calls above took well under a minute).
  expect(limited.json().message).toBe(text);
  return limited;
}

const MINUTE_TEXT = 'Too many attempts. Please wait a minute and try again.';
const QUARTER_TEXT = 'Too many attempts. Please wait 15 minutes and try again.';
const HOUR_TEXT = 'Too many attempts. Please wait 60 minutes and try again.';

describe('credential endpoints', () => {
  it.each([
    ['/auth/login', accountLimits.login.perIpAndEmail, QUARTER_TEXT],
    ['/customer/login', accountLimits.login.perIpAndEmail, QUARTER_TEXT],
  ] as const)('POST %s: wrong passwords for one email from one address', async (url, limit, text) => {
    const address = newAddress();
    const email = url === '/auth/login' ? place.owner.email : 'nobody-here@example.com';
    await expectLimitedAfter(limit.max, limit.windowMs, text, () =>
      send({ method: 'POST', url, payload: { email, password: 'not the password' } }, address),
    );
  });

  it.each([
    ['/auth/forgot_password', accountLimits.forgotPassword.perIp, MINUTE_TEXT],
    ['/customer/forgot-password', accountLimits.forgotPassword.perIp, MINUTE_TEXT],
  ] as const)('POST %s: reset mails asked from one address', async (url, limit, text) => {
    const address = newAddress();
    await expectLimitedAfter(limit.max, limit.windowMs, text, (index) =>
      send({ method: 'POST', url, payload: { email: `forgot${addresses}-${index}@example.com` } }, address),
    );
  });

  it.each([
    ['/auth/reset_password', accountLimits.resetPassword.perIp, QUARTER_TEXT],
    ['/customer/reset_password', accountLimits.resetPassword.perIp, QUARTER_TEXT],
  ] as const)('POST %s: reset tokens tried from one address', async (url, limit, text) => {
    const address = newAddress();
    await expectLimitedAfter(limit.max, limit.windowMs, text, () =>
      send(
        { method: 'POST', url, payload: { token: RESET_TOKEN, new_password: 'another long password' } },
        address,
      ),
    );
  });

  it('POST /auth/register: sign-ups for one email', async () => {
    const address = newAddress();
    const body = registrationBody();
    const limit = accountLimits.register.perEmail;
    await expectLimitedAfter(limit.max, limit.windowMs, HOUR_TEXT, () =>
      send({ method: 'POST', url: '/auth/register', payload: body }, address),
    );
  });

  it('POST /customer/create: guest check-ins for one email', async () => {
    const address = newAddress();
    const limit = accountLimits.customerCreate.perEmail;
    await expectLimitedAfter(limit.max, limit.windowMs, HOUR_TEXT, () =>
      send(
        {
          method: 'POST',
          url: '/customer/create',
          payload: {
            customer_name: 'Gus',
            email: 'checks-in-often@example.com',
            phone_number: '5125550111',
            restaurant_id: place.restaurantId,
            is_guest: true,
          },
        },
        address,
      ),
    );
  });

  it('POST /subscription/validate-coupon: coupon guesses from one address', async () => {
    const address = newAddress();
    await expectLimitedAfter(30, 60_000, MINUTE_TEXT, (index) =>
      send(
        {
          method: 'POST',
          url: '/subscription/validate-coupon',
          payload: { coupon_id: `GUESS${index}`, plan_id: 1 },
        },
        address,
      ),
    );
  });
});

describe('order endpoints', () => {
  // Bodies that pass the limiter and are then refused by the handler: nothing is ordered.
  it("POST /customer/place-order: a diner's orders at one restaurant", async () => {
    await expectLimitedAfter(10, 60_000, MINUTE_TEXT, () =>
      send(
        {
          method: 'POST',
          url: '/customer/place-order',
          headers: diner.auth,
          payload: { restaurant_id: place.restaurantId, order_items: [], order_type: 'dine-in' },
        },
        newAddress(),
      ),
    );
  });

  it("POST /customer/place-order: the owner's walk-in orders, generous for a busy counter", async () => {
    await expectLimitedAfter(60, 60_000, MINUTE_TEXT, () =>
      send(
        {
          method: 'POST',
          url: '/customer/place-order',
          headers: place.owner.auth,
          payload: { restaurant_id: place.restaurantId, user_id: place.owner.userId, items: [] },
        },
        newAddress(),
      ),
    );
  });

  it("the staff's changes to orders share one generous bucket per owner: 600 a minute, then 429 on each", async () => {
    const rid = place.restaurantId;
    const changes: Call[] = [
      { method: 'POST', url: `/owner/restaurant/${rid}/approve-order/${MISSING}` },
      {
        method: 'PUT',
        url: `/customer/update-order/${MISSING}`,
        payload: { order_items: [{ menu_item_id: MISSING, quantity: 1 }] },
      },
      { method: 'DELETE', url: `/owner/restaurant/${rid}/delete-order/${MISSING}` },
      { method: 'POST', url: `/owner/restaurant/${rid}/mark-paid/${MISSING}` },
      { method: 'POST', url: `/owner/restaurant/${rid}/mark-paid`, payload: { order_ids: [MISSING] } },
      {
        method: 'POST',
        url: `/kitchen/restaurant/${rid}/update-order-status/${MISSING}`,
        payload: { status: 'Ready' },
      },
    ].map((call) => ({ ...call, headers: place.owner.auth }) as Call);
    const limit = ownerLimits.staffOrderActions.perOwner;
    expect(limit.max).toBeGreaterThanOrEqual(600);
    // From every screen of the restaurant (addresses change), round the six kinds of change.
    const limited = await expectLimitedAfter(
      limit.max,
      limit.windowMs,
      MINUTE_TEXT,
      (index) => send(changes[index % changes.length]!, newAddress()),
      20,
    );
    expect(limited.statusCode).toBe(429);
    for (const change of changes) {
      const response = await send(change, newAddress());
      expect({ url: change.url, status: response.statusCode }).toEqual({ url: change.url, status: 429 });
      expect(response.json().message).toBe(MINUTE_TEXT);
    }
    // Reads are not limited: the screens still load.
    const kitchen = await send(
      { method: 'GET', url: `/kitchen/restaurant/${rid}/orders`, headers: place.owner.auth },
      newAddress(),
    );
    expect(kitchen.statusCode).toBe(200);
  });
});

describe("a restaurant's table sheets (issue 18: one owner kept every sheet waiting)", () => {
  it.each([
    ['table-codes', ownerLimits.tableCodes.perOwner],
    ['table-cards', ownerLimits.tableCardsPdf.perOwner],
  ] as const)('GET /menu/%s: one owner, from any address', async (path, limit) => {
    const sheets = await ownerWithRestaurant(t);
    const call: Call = {
      method: 'GET',
      url: `/menu/${path}/${sheets.restaurantId}`,
      headers: sheets.owner.auth,
    };
    // Each made until the limit: one at a time, the server's own line never fills.
    await expectLimitedAfter(limit.max, limit.windowMs, MINUTE_TEXT, async (index) => {
      const response = await send(call, newAddress());
      if (index < limit.max) expect(response.statusCode, response.body).toBe(200);
      return response;
    });
  });
});

describe('subscription purchases (each may charge a card)', () => {
  const purchase = (
    owner: Owner,
    remoteAddress: string,
    payment_method_id = 'pm_card_visa',
    plan_id = MISSING,
  ) =>
    send(
      {
        method: 'POST',
        url: '/subscription/create-subscription',
        headers: owner.auth,
        payload: { user_id: owner.userId, plan_id, payment_method_id },
      },
      remoteAddress,
    );

  it('are limited per owner, from any address', async () => {
    const owner = await registerVerifiedOwner(t);
    const limit = ownerLimits.createSubscription.perOwner;
    // A plan that does not exist: counted, then refused by the handler, nothing charged.
    await expectLimitedAfter(limit.max, limit.windowMs, HOUR_TEXT, () => purchase(owner, newAddress()));
  });

  it('refuse an address after its declined cards, whichever owner asks next; elsewhere they still pay', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json()
      .plans as Array<{ plan_id: number }>;
    const planId = plans[0]!.plan_id;
    const tester = await registerVerifiedOwner(t);
    const next = await registerVerifiedOwner(t);
    const address = newAddress();
    const limit = ownerLimits.createSubscription.declinedPerIp;
    expect(limit.max).toBeLessThanOrEqual(ownerLimits.createSubscription.perOwner.max);

    // Card testing: declines from one address. The answer is the card's, until the limit.
    await expectLimitedAfter(limit.max, limit.windowMs, HOUR_TEXT, (index) =>
      index < limit.max
        ? purchase(tester, address, 'pm_card_chargeDeclined', planId).then((response) => {
            expect(response.statusCode, response.body).toBe(402);
            return response;
          })
        : // Then another owner's good card from the same address: refused before any charge.
          purchase(next, address, 'pm_card_visa', planId),
    );
    expect(
      (
        await t.app.inject({
          url: `/api/v1/subscription/subscription-status/${next.userId}`,
          headers: next.auth,
        })
      ).statusCode,
    ).toBe(404);
    // From their own address the same owner subscribes.
    const paid = await purchase(next, newAddress(), 'pm_card_visa', planId);
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('do not count paid purchases against the address, only declines', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json()
      .plans as Array<{ plan_id: number }>;
    const address = newAddress();
    // More owners than the decline limit subscribe from one address (an office), each once.
    for (let index = 0; index <= ownerLimits.createSubscription.declinedPerIp.max; index++) {
      const owner = await registerVerifiedOwner(t);
      const paid = await purchase(owner, address, 'pm_card_visa', plans[0]!.plan_id);
      expect({ index, status: paid.statusCode }, paid.body).toEqual({ index, status: 201 });
    }
  });
});
