import { randomUUID } from 'node:crypto';
import { serverMessages } from '@tableserve/contract/messages';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimits, billLimits, dinerChargeLimits, ownerLimits } from '../plugins/rate-limits';
import { applicationTables, type Snapshot, snapshot } from './fuzz-state';
import { addMenuItem, type Diner, signUpDiner } from './orders';
import { registerVerifiedOwner, registrationBody } from './owners';
import { type Owner, ownerWithRestaurant, setPaymentTiming } from './restaurants';
import { emailSpellings, idSpellings, jsonText, NumberLiteral } from './spellings';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every credential and order endpoint with a limit (docs/product/api-conventions.md#rate-limits): past its limit it answers 429
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
    ['/auth/login', 'staff'],
    ['/customer/login', 'diner'],
  ] as const)(
    "POST %s: a restaurant's %ss sign in from its one address, then a script is refused",
    async (url, who) => {
      const address = newAddress();
      const limit = accountLimits.login.perIp;
      // A shift starting, or a rush of diners on the restaurant's Wi-Fi: each a person of their own.
      expect(limit.max).toBeGreaterThanOrEqual(40);
      await expectLimitedAfter(
        limit.max,
        limit.windowMs,
        MINUTE_TEXT,
        (index) =>
          send(
            {
              method: 'POST',
              url,
              payload: { email: `${who}-${addresses}-${index}@example.com`, password: 'their password' },
            },
            address,
          ),
        10,
      );
    },
  );

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
  // Bodies the schema takes, refused by the service (a dish that does not exist): counted, nothing
  // ordered. A body the schema refuses is not counted (see 'one bucket whatever the spelling').
  it("POST /customer/place-order: a diner's orders at one restaurant", async () => {
    await expectLimitedAfter(10, 60_000, MINUTE_TEXT, () =>
      send(
        {
          method: 'POST',
          url: '/customer/place-order',
          headers: diner.auth,
          payload: {
            restaurant_id: place.restaurantId,
            order_items: [{ menu_item_id: MISSING, quantity: 1 }],
            order_type: 'dine-in',
            table_no: 1,
          },
        },
        newAddress(),
      ),
    );
  });

  it('POST /bills/:bill_id/payments: card payments from one address', async () => {
    const address = newAddress();
    // A bill that does not exist: counted, then refused by the handler, nothing charged.
    await expectLimitedAfter(30, 60_000, MINUTE_TEXT, (index) =>
      send(
        {
          method: 'POST',
          url: `/bills/${MISSING}/payments`,
          headers: { 'idempotency-key': `rate-limited-pay-${index}` },
          payload: {
            version: 1,
            split: { kind: 'all' },
            tip: { kind: 'none' },
            payment_method_id: 'pm_card_visa',
          },
        },
        address,
      ),
    );
  });

  it('GET /bills/:bill_id/payments/:payment_id/receipt.pdf: receipts made for one address', async () => {
    const address = newAddress();
    // A receipt that does not exist: counted, then a 404 that made no PDF.
    await expectLimitedAfter(billLimits.receipts.max, billLimits.receipts.windowMs, MINUTE_TEXT, () =>
      send(
        {
          method: 'GET',
          url: `/bills/${MISSING}/payments/${MISSING}/receipt.pdf?receipt_token=${'x'.repeat(43)}`,
        },
        address,
      ),
    );
  });

  it.each([
    ['/table-bill', `/table-bill?token=${'x'.repeat(32)}&table=1`],
    ['/bills/:bill_id', `/bills/${MISSING}?token=${'x'.repeat(32)}&table=1`],
  ])("GET %s: a bill's reads from one address (docs/decisions/024-bounded-work.md)", async (_, url) => {
    const address = newAddress();
    expect(billLimits.reads.max).toBeGreaterThanOrEqual(240);
    // A table that has no bill: counted, then a 404 that read no lines.
    await expectLimitedAfter(
      billLimits.reads.max,
      billLimits.reads.windowMs,
      MINUTE_TEXT,
      () => send({ method: 'GET', url }, address),
      20,
    );
  });

  it("POST /customer/place-order: the owner's walk-in orders, generous for a busy counter", async () => {
    await expectLimitedAfter(60, 60_000, MINUTE_TEXT, () =>
      send(
        {
          method: 'POST',
          url: '/customer/place-order',
          headers: place.owner.auth,
          payload: {
            restaurant_id: place.restaurantId,
            user_id: place.owner.userId,
            customer_name: 'Walk-in',
            phone_number: '5035550100',
            total_amount: 1,
            items: [{ menu_id: MISSING, quantity: 1 }],
          },
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

describe("a restaurant's table sheets (outside testing, SECURITY.md: one owner kept every sheet waiting)", () => {
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

/**
 * Card testing at the table (SECURITY.md): a script tries stolen cards a cent at a time on a
 * table's bill. Declines count per address, on every bill, and per bill, from every address;
 * past either limit a good card is refused too, before any charge.
 */
describe('card payments at the table (each may charge a card)', () => {
  const limits = dinerChargeLimits.payBill;
  const TEN_MINUTES_TEXT = 'Too many attempts. Please wait 10 minutes and try again.';
  let table = 0;

  /** A diner's open bill at a table of its own, in a restaurant paid at the end of the meal. */
  async function openBill() {
    table += 1;
    const where = await ownerWithRestaurant(t, { number_of_tables: 20 });
    await setPaymentTiming(t, where.restaurantId, 'end_of_meal');
    const soup = await addMenuItem(t, where, { item_name: 'Soup', price: 6 });
    const guest = await signUpDiner(t, where.restaurantId);
    const placed = await send(
      {
        method: 'POST',
        url: '/customer/place-order',
        headers: guest.auth,
        payload: {
          restaurant_id: where.restaurantId,
          order_items: [{ menu_item_id: soup, quantity: 1 }],
          order_type: 'dine-in',
          table_no: (table % 20) + 1,
        },
      },
      newAddress(),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    return { billId: placed.json().bill_id as number, guest };
  }

  /** The whole bill, by card, as the diner who ordered on it, from `address`. */
  async function payAll(bill: { billId: number; guest: Diner }, address: string, card: string) {
    const view = await send(
      { method: 'GET', url: `/bills/${bill.billId}`, headers: bill.guest.auth },
      address,
    );
    expect(view.statusCode, view.body).toBe(200);
    return send(
      {
        method: 'POST',
        url: `/bills/${bill.billId}/payments`,
        headers: { ...bill.guest.auth, 'idempotency-key': `card-testing-${randomUUID()}` },
        payload: {
          version: view.json().version,
          split: { kind: 'all' },
          tip: { kind: 'none' },
          payment_method_id: card,
        },
      },
      address,
    );
  }
  const declined = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(402);
    return response;
  };

  it('refuse an address after its declined cards on any bills, even a good card; elsewhere it pays', async () => {
    const address = newAddress();
    const first = await openBill();
    const second = await openBill();
    const third = await openBill();
    // Declines spread over two bills, each below its own bill's limit.
    await expectLimitedAfter(
      limits.declinedPerIp.max,
      limits.declinedPerIp.windowMs,
      TEN_MINUTES_TEXT,
      (index) =>
        index < limits.declinedPerIp.max
          ? payAll(index % 2 === 0 ? first : second, address, 'pm_card_chargeDeclined').then(declined)
          : payAll(third, address, 'pm_card_visa'),
    );
    expect((await payAll(third, newAddress(), 'pm_card_visa')).statusCode).toBe(202);
  });

  it('refuse a bill after its declined cards from many addresses; another bill still pays', async () => {
    const tested = await openBill();
    const other = await openBill();
    await expectLimitedAfter(
      limits.declinedPerBill.max,
      limits.declinedPerBill.windowMs,
      TEN_MINUTES_TEXT,
      (index) =>
        index < limits.declinedPerBill.max
          ? payAll(tested, newAddress(), 'pm_card_chargeDeclined').then(declined)
          : payAll(tested, newAddress(), 'pm_card_visa'),
    );
    expect((await payAll(other, newAddress(), 'pm_card_visa')).statusCode).toBe(202);
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

/**
 * Outside testing (SECURITY.md): a limit counts what the schema makes of a request, never its spelling. Each case
 * spends its limit in every spelling of one restaurant id or one email the schema makes the same
 * (or, where the key holds nothing from the body, in spellings of the body anyway), then one more:
 * a 429, whatever its spelling, that stores nothing. A body the schema refuses is its 400 before
 * any limit and does not count: it reached no database.
 */
describe('one bucket whatever the spelling', () => {
  let tables: string[];
  beforeAll(async () => {
    tables = await applicationTables(t);
  });

  /**
   * `max` calls of one bucket (each spelled as the case likes), then one more: a 429 that stores
   * nothing. Every call before it got past the schema, to the route's own answer (`accepted`
   * when given): a refusal of the schema would not have been counted.
   */
  async function expectOneBucket(
    limit: { max: number; windowMs: number },
    text: string,
    call: (index: number) => Promise<LightMyRequestResponse>,
    accepted?: number,
  ) {
    const answers: { status: number; code?: string }[] = [];
    let before: Snapshot | undefined;
    await expectLimitedAfter(limit.max, limit.windowMs, text, async (index) => {
      if (index === limit.max) before = await snapshot(t, tables);
      const response = await call(index);
      answers.push({ status: response.statusCode, code: response.json().code });
      return response;
    });
    expect(await snapshot(t, tables)).toEqual(before);
    const counted = answers.slice(0, limit.max);
    if (accepted) expect(counted.map((answer) => answer.status)).toEqual(Array(limit.max).fill(accepted));
    expect(counted.map((answer) => answer.code)).not.toContain('VALIDATION_ERROR');
  }

  const spelled = <T>(spellings: T[], index: number) => spellings[index % spellings.length]!;

  /** A POST of a body that may hold NumberLiterals (2.0, 2e0), sent as JSON text. */
  const postJson = (url: string, headers: Record<string, string>, body: object, remoteAddress: string) =>
    send(
      {
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: jsonText(body),
      },
      remoteAddress,
    );

  it("POST /customer/place-order: a diner's orders at one restaurant, its id in every spelling", async () => {
    const menuItem = await addMenuItem(t, place, { item_name: 'Spelled soup', price: 4 });
    const guest = await signUpDiner(t, place.restaurantId);
    await expectOneBucket(
      { max: 10, windowMs: 60_000 },
      MINUTE_TEXT,
      (index) =>
        postJson(
          '/customer/place-order',
          guest.auth,
          {
            restaurant_id: spelled(idSpellings(place.restaurantId), index),
            order_items: [{ menu_item_id: menuItem, quantity: 1 }],
            order_type: 'dine-in',
            table_no: 1,
          },
          newAddress(),
        ),
      201,
    );
  });

  it('POST /customer/place-order: a body the schema refuses is a 400 that stores nothing and is not counted', async () => {
    const menuItem = await addMenuItem(t, place, { item_name: 'Refused roll', price: 3 });
    const guest = await signUpDiner(t, place.restaurantId);
    const order = (restaurant_id: unknown, order_items: unknown[]) =>
      postJson(
        '/customer/place-order',
        guest.auth,
        { restaurant_id, order_items, order_type: 'dine-in', table_no: 1 },
        newAddress(),
      );
    const before = await snapshot(t, tables);
    for (const restaurantId of [...idSpellings(place.restaurantId), 'two', '-2', 0]) {
      const refused = await order(restaurantId, []);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const emptyCart = await order(place.restaurantId, []);
    expect(emptyCart.json().errors).toContainEqual({ path: 'order_items', message: 'Your cart is empty.' });
    expect(await snapshot(t, tables)).toEqual(before);
    // After every refusal the diner still has ten orders this minute.
    for (let index = 0; index < 10; index++)
      expect((await order(place.restaurantId, [{ menu_item_id: menuItem, quantity: 1 }])).statusCode).toBe(
        201,
      );
    expect((await order(place.restaurantId, [{ menu_item_id: menuItem, quantity: 1 }])).statusCode).toBe(429);
  });

  it("POST /customer/place-order: the owner's walk-ins, the restaurant's id in every spelling", async () => {
    const owned = await ownerWithRestaurant(t);
    const menuItem = await addMenuItem(t, owned, { item_name: 'Spelled stew', price: 6 });
    await expectOneBucket(
      { max: 60, windowMs: 60_000 },
      MINUTE_TEXT,
      (index) =>
        postJson(
          '/customer/place-order',
          owned.owner.auth,
          {
            restaurant_id: spelled(idSpellings(owned.restaurantId), index),
            user_id: spelled(idSpellings(owned.owner.userId), index + 1),
            customer_name: 'Walk-in',
            phone_number: '5035550100',
            total_amount: 6,
            items: [{ menu_id: menuItem, quantity: 1 }],
          },
          newAddress(),
        ),
      201,
    );
  });

  it.each([
    ['/auth/login', accountLimits.login.perIpAndEmail, QUARTER_TEXT],
    ['/customer/login', accountLimits.login.perIpAndEmail, QUARTER_TEXT],
  ] as const)(
    'POST %s: wrong passwords for one email in every spelling, from one address',
    async (url, limit, text) => {
      const address = newAddress();
      const email = url === '/auth/login' ? place.owner.email : `kim-login-${addresses}@example.com`;
      await expectOneBucket(limit, text, (index) =>
        send(
          {
            method: 'POST',
            url,
            payload: { email: spelled(emailSpellings(email), index), password: 'not it' },
          },
          address,
        ),
      );
    },
  );

  it.each([
    ['/auth/forgot_password', accountLimits.forgotPassword.perEmail],
    ['/customer/forgot-password', accountLimits.forgotPassword.perEmail],
  ] as const)(
    'POST %s: reset mails for one email in every spelling, from many addresses',
    async (url, limit) => {
      const owner = await registerVerifiedOwner(t, { email: `kai-forgot-${addresses}@example.com` });
      await expectOneBucket(limit, QUARTER_TEXT, (index) =>
        send(
          { method: 'POST', url, payload: { email: spelled(emailSpellings(owner.email), index) } },
          newAddress(),
        ),
      );
    },
  );

  it('POST /auth/register: sign-ups for one email in every spelling, from many addresses', async () => {
    const email = `kit-register-${addresses}@example.com`;
    await expectOneBucket(accountLimits.register.perEmail, HOUR_TEXT, (index) =>
      send(
        {
          method: 'POST',
          url: '/auth/register',
          payload: registrationBody({ email: spelled(emailSpellings(email), index) }),
        },
        newAddress(),
      ),
    );
  });

  it('POST /customer/create: guest check-ins for one email and restaurant in every spelling', async () => {
    const email = `kip-guest-${addresses}@example.com`;
    await expectOneBucket(
      accountLimits.customerCreate.perEmail,
      HOUR_TEXT,
      (index) =>
        postJson(
          '/customer/create',
          {},
          {
            customer_name: 'Gus',
            email: spelled(emailSpellings(email), index),
            phone_number: '5125550111',
            restaurant_id: spelled(idSpellings(place.restaurantId), index),
            is_guest: true,
          },
          newAddress(),
        ),
      201,
    );
  });

  // Keyed on the address alone: nothing of the body can split these buckets, in any spelling.
  it.each([
    ['/auth/reset_password', accountLimits.resetPassword.perIp],
    ['/customer/reset_password', accountLimits.resetPassword.perIp],
  ] as const)('POST %s: reset tokens in every spelling, from one address', async (url, limit) => {
    const address = newAddress();
    await expectOneBucket(limit, QUARTER_TEXT, (index) =>
      send(
        {
          method: 'POST',
          url,
          payload: { token: ` ${RESET_TOKEN.slice(index % 3)}\t`, new_password: 'another long password' },
        },
        address,
      ),
    );
  });

  it('POST /subscription/validate-coupon: coupon and plan in every spelling, from one address', async () => {
    const address = newAddress();
    await expectOneBucket({ max: 30, windowMs: 60_000 }, MINUTE_TEXT, (index) =>
      postJson(
        '/subscription/validate-coupon',
        {},
        {
          coupon_id: spelled([' save5', 'SAVE5 ', 'Save5'], index),
          plan_id: spelled([1, new NumberLiteral('1.0'), new NumberLiteral('1e0')], index),
        },
        address,
      ),
    );
  });

  it('POST /subscription/create-subscription: per owner, its ids in every spelling the body takes', async () => {
    const owner = await registerVerifiedOwner(t);
    const numbers = (id: number) => [id, new NumberLiteral(`${id}.0`), new NumberLiteral(`${id}e0`)];
    await expectOneBucket(ownerLimits.createSubscription.perOwner, HOUR_TEXT, (index) =>
      postJson(
        '/subscription/create-subscription',
        owner.auth,
        {
          user_id: spelled(numbers(owner.userId), index),
          plan_id: spelled(numbers(MISSING), index + 1),
          payment_method_id: 'pm_card_visa',
        },
        newAddress(),
      ),
    );
  });
});
