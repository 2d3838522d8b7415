import { subscriptionMessages, subscriptionServerMessages } from '@tableserve/contract/subscription';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, payments, subscriptions } from '../../db/schema';
import { DAY_MS } from '../../lib/time';
import { freshLogin, registerVerifiedOwner } from '../../test/owners';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let planIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json()
    .plans as Array<{ plan_id: number; name: string }>;
  planIds = Object.fromEntries(plans.map((plan) => [plan.name, plan.plan_id]));
  const future = new Date(t.clock.now().getTime() + 365 * DAY_MS);
  await t.app.database.db.insert(coupons).values([
    { code: 'WELCOME20', name: 'Welcome 20%', percentOff: 20, expiresAt: future },
    { code: 'SAVE5', name: '$5 off', amountOffCents: 500 },
    { code: 'HUGE', name: 'More than the price', amountOffCents: 999_999 },
    { code: 'OLD10', name: 'Expired', percentOff: 10, expiresAt: new Date(t.clock.now().getTime() - DAY_MS) },
    { code: 'PROONLY', name: 'Professional only', percentOff: 50, applicablePlanId: null },
  ]);
  await t.app.database.db
    .update(coupons)
    .set({ applicablePlanId: planIds.Professional! })
    .where(eq(coupons.code, 'PROONLY'));
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;
const api = (
  method: 'GET' | 'POST',
  url: string,
  owner?: Owner,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...owner?.auth, ...headers },
    ...(payload ? { payload } : {}),
  });
const subscribe = (owner: Owner, extra: object = {}, headers: Record<string, string> = {}) =>
  api(
    'POST',
    '/subscription/create-subscription',
    owner,
    { user_id: owner.userId, plan_id: planIds.Starter, payment_method_id: 'pm_card_visa', ...extra },
    headers,
  );
const status = (owner: Owner) => api('GET', `/subscription/subscription-status/${owner.userId}`, owner);
const sweep = () => t.app.subscriptions.sweep();

describe('plans', () => {
  it('lists Starter $50, Professional $100 and Enterprise $200 a month, publicly', async () => {
    const response = await api('GET', '/subscription/plans');
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .plans.map((plan: { name: string; price: number; plan_duration_days: number }) => [
          plan.name,
          plan.price,
          plan.plan_duration_days,
        ]),
    ).toEqual([
      ['Starter', 50, 30],
      ['Professional', 100, 30],
      ['Enterprise', 200, 30],
    ]);
  });
});

describe('coupons', () => {
  const validate = (coupon_id: string, plan_id = planIds.Starter) =>
    api('POST', '/subscription/validate-coupon', undefined, { coupon_id, plan_id });

  it('describes a valid percent or amount coupon, case-insensitively', async () => {
    expect((await validate('welcome20')).json()).toEqual({
      valid: true,
      error: null,
      coupon: {
        id: 'WELCOME20',
        name: 'Welcome 20%',
        percent_off: 20,
        amount_off: null,
        valid: true,
        metadata: { applicable_product_id: null },
      },
    });
    expect((await validate('SAVE5')).json().coupon).toMatchObject({ amount_off: 500, percent_off: null });
  });

  it('refuses unknown, expired and other-plan coupons with the spec texts', async () => {
    expect((await validate('NOPE')).json()).toEqual({
      valid: false,
      coupon: null,
      error: subscriptionMessages.invalidCoupon,
    });
    expect((await validate('OLD10')).json()).toEqual({
      valid: false,
      coupon: null,
      error: subscriptionMessages.couponExpired,
    });
    expect((await validate('PROONLY')).json().error).toBe(subscriptionMessages.invalidCoupon);
    expect((await validate('PROONLY', planIds.Professional)).json().valid).toBe(true);
  });

  it('rejects an empty code and an unknown plan', async () => {
    const empty = await validate('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(subscriptionMessages.enterCoupon);
    expect((await validate('SAVE5', 9999)).statusCode).toBe(404);
  });
});

describe('subscribing', () => {
  it('charges the test card and makes the owner active for 30 days', async () => {
    const owner = await registerVerifiedOwner(t);
    expect((await status(owner)).statusCode).toBe(404);

    const response = await subscribe(owner, { coupon_id: 'WELCOME20' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, subscription_id: expect.any(Number), amount_paid: 40 });
    const now = t.clock.now();
    expect(body.subscription).toMatchObject({
      status: 'active',
      plan_name: 'Starter',
      price: 50,
      remaining_days: 30,
      cancel_at_period_end: false,
      is_in_grace_period: false,
      grace_period_end_date: null,
      start_date: now.toISOString(),
      end_date: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      next_billing_date: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
    });
    expect((await status(owner)).json()).toEqual(body.subscription);
  });

  it('never charges below zero with a large fixed coupon', async () => {
    const owner = await registerVerifiedOwner(t);
    expect((await subscribe(owner, { coupon_id: 'HUGE' })).json().amount_paid).toBe(0);
  });

  it('refuses a declined card with 402 and creates nothing', async () => {
    const owner = await registerVerifiedOwner(t);
    const response = await subscribe(owner, { payment_method_id: 'pm_card_chargeDeclined' });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(subscriptionMessages.paymentFailed);
    expect((await status(owner)).statusCode).toBe(404);
    expect(
      await t.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.userId)),
    ).toHaveLength(0);
    // The owner can then pay with a good card.
    expect((await subscribe(owner)).statusCode).toBe(201);
  });

  it('refuses a second subscription while one is active', async () => {
    const owner = await registerVerifiedOwner(t);
    await subscribe(owner);
    const second = await subscribe(owner, { plan_id: planIds.Enterprise });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(subscriptionServerMessages.alreadyActive);
  });

  it('answers a repeated Idempotency-Key with the first answer and charges once', async () => {
    const owner = await registerVerifiedOwner(t);
    const headers = { 'idempotency-key': 'attempt-0001-abcdef' };
    const [first, second] = await Promise.all([subscribe(owner, {}, headers), subscribe(owner, {}, headers)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    // Either the second waited for the first's answer, or it was told the first is in progress.
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const replay = await subscribe(owner, {}, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().subscription_id).toBe(
      first.statusCode === 201 ? first.json().subscription_id : second.json().subscription_id,
    );
    const charges = await t.app.database.db.select().from(payments).where(eq(payments.userId, owner.userId));
    expect(charges.filter((payment) => payment.status === 'succeeded')).toHaveLength(1);

    const different = await subscribe(owner, { plan_id: planIds.Enterprise }, headers);
    expect(different.statusCode).toBe(409);
  });

  it('lets only one of two simultaneous payments with different keys through', async () => {
    const owner = await registerVerifiedOwner(t);
    const results = await Promise.all([
      subscribe(owner, {}, { 'idempotency-key': 'parallel-key-one' }),
      subscribe(owner, {}, { 'idempotency-key': 'parallel-key-two' }),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
    const charges = await t.app.database.db.select().from(payments).where(eq(payments.userId, owner.userId));
    expect(charges.filter((payment) => payment.status === 'succeeded')).toHaveLength(1);
  });

  it.each([
    ['an unknown plan', { plan_id: 9999 }, 404],
    ['an expired coupon', { coupon_id: 'OLD10' }, 400],
    ['an unknown coupon', { coupon_id: 'NOPE' }, 400],
    ['a missing payment method', { payment_method_id: '' }, 400],
    ['an extra field', { admin: true }, 400],
  ])('refuses %s and creates nothing', async (_label, change, code) => {
    const owner = await registerVerifiedOwner(t);
    expect((await subscribe(owner, change)).statusCode).toBe(code);
    expect((await status(owner)).statusCode).toBe(404);
  });

  it('keeps every owner to their own subscription', async () => {
    const owner = await registerVerifiedOwner(t);
    const other = await registerVerifiedOwner(t);
    await subscribe(other);
    expect((await api('GET', `/subscription/subscription-status/${other.userId}`, owner)).statusCode).toBe(
      404,
    );
    expect(
      (await api('POST', `/subscription/cancel-subscription/${other.userId}`, owner, { mode: 'immediate' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await api('POST', '/subscription/create-subscription', owner, {
          user_id: other.userId,
          plan_id: planIds.Starter,
          payment_method_id: 'pm_card_visa',
        })
      ).statusCode,
    ).toBe(404);
    expect((await api('GET', `/subscription/subscription-status/${other.userId}`)).statusCode).toBe(401);
    expect((await status(other)).json().status).toBe('active');
  });
});

describe('the lifecycle', () => {
  it('renews at the period end, then a failed renewal gives 7 days of grace, then expiry; renewing out of grace reactivates', async () => {
    const failing = await createTestApp({ env: { TEST_PAYMENTS_FAIL_RENEWALS: 'true' } });
    try {
      const owner = await registerVerifiedOwner(failing);
      const plans = (await failing.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json()
        .plans;
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        failing.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: owner.auth,
          ...(payload ? { payload } : {}),
        });
      await call('POST', '/subscription/create-subscription', {
        user_id: owner.userId,
        plan_id: plans[0].plan_id,
        payment_method_id: 'pm_card_visa',
      });

      failing.clock.advance(30 * DAY_MS + 60_000);
      expect(await failing.app.subscriptions.sweep()).toMatchObject({ failed: 1 });
      owner.auth = (await freshLogin(failing, owner)).auth;
      const grace = (await call('GET', `/subscription/subscription-status/${owner.userId}`)).json();
      expect(grace).toMatchObject({
        status: 'grace_period',
        is_in_grace_period: true,
        next_billing_date: null,
      });
      expect(new Date(grace.grace_period_end_date).getTime() - new Date(grace.end_date).getTime()).toBe(
        7 * DAY_MS,
      );
      expect(await failing.app.subscriptions.ownerHasValidSubscription(owner.userId)).toBe(true);

      failing.clock.advance(7 * DAY_MS);
      expect(await failing.app.subscriptions.sweep()).toMatchObject({ expired: 1 });
      owner.auth = (await freshLogin(failing, owner)).auth;
      const expired = (await call('GET', `/subscription/subscription-status/${owner.userId}`)).json();
      expect(expired).toMatchObject({ status: 'expired', is_in_grace_period: false, remaining_days: 0 });
      expect(await failing.app.subscriptions.ownerHasValidSubscription(owner.userId)).toBe(false);

      // An expired owner subscribes again.
      const again = await call('POST', '/subscription/create-subscription', {
        user_id: owner.userId,
        plan_id: plans[1].plan_id,
        payment_method_id: 'pm_card_visa',
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().subscription).toMatchObject({ status: 'active', plan_name: 'Professional' });
    } finally {
      await failing.close();
    }
  });

  it('renews a paid period when the card still pays', async () => {
    const owner = await registerVerifiedOwner(t);
    const first = (await subscribe(owner)).json().subscription;
    t.clock.advance(30 * DAY_MS + 1000);
    await sweep();
    const renewed = (await status(await freshLogin(t, owner))).json();
    expect(renewed.status).toBe('active');
    expect(new Date(renewed.end_date).getTime()).toBe(new Date(first.end_date).getTime() + 30 * DAY_MS);
    expect(renewed.start_date).toBe(first.start_date);
  });

  it('pays out of grace with a new card and becomes active again', async () => {
    const failing = await createTestApp({ env: { TEST_PAYMENTS_FAIL_RENEWALS: 'true' } });
    try {
      const owner = await registerVerifiedOwner(failing);
      const body = { user_id: owner.userId, plan_id: 1, payment_method_id: 'pm_card_visa' };
      const create = () =>
        failing.app.inject({
          method: 'POST',
          url: '/api/v1/subscription/create-subscription',
          headers: owner.auth,
          payload: body,
        });
      const first = (await create()).json();
      failing.clock.advance(31 * DAY_MS);
      await failing.app.subscriptions.sweep();
      owner.auth = (await freshLogin(failing, owner)).auth;
      const renewed = await create();
      expect(renewed.statusCode).toBe(201);
      expect(renewed.json().subscription).toMatchObject({
        subscription_id: first.subscription_id,
        status: 'active',
        grace_period_end_date: null,
        remaining_days: 30,
      });
    } finally {
      await failing.close();
    }
  });
});

describe('cancelling', () => {
  // Days pass between subscribing and cancelling, so each call logs in afresh.
  const cancel = async (owner: Owner, mode?: 'immediate' | 'at_period_end') =>
    api(
      'POST',
      `/subscription/cancel-subscription/${owner.userId}`,
      await freshLogin(t, owner),
      mode ? { mode } : undefined,
    );

  it('is refused before day 5, saying how many days are left', async () => {
    const owner = await registerVerifiedOwner(t);
    await subscribe(owner);
    t.clock.advance(3 * DAY_MS);
    const early = await cancel(owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(subscriptionServerMessages.cancelTooEarly(2));
  });

  it('at period end keeps the owner active until the end, then cancels', async () => {
    const owner = await registerVerifiedOwner(t);
    await subscribe(owner);
    t.clock.advance(5 * DAY_MS);
    const response = await cancel(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      refund_amount: 0,
      used_days: 5,
      remaining_days: 25,
      daily_rate: 1.67,
    });
    expect(response.json().subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      next_billing_date: null,
    });
    // Asking twice is harmless.
    expect((await cancel(owner)).statusCode).toBe(200);

    t.clock.advance(25 * DAY_MS + 1000);
    await sweep();
    expect((await status(await freshLogin(t, owner))).json()).toMatchObject({
      status: 'canceled',
      remaining_days: 0,
    });
    expect(await t.app.subscriptions.ownerHasValidSubscription(owner.userId)).toBe(false);
  });

  it('immediately, refunds the pro-rated remainder once (daily rate × remaining days)', async () => {
    const owner = await registerVerifiedOwner(t);
    await subscribe(owner, { plan_id: planIds.Professional });
    t.clock.advance(10 * DAY_MS);
    const [first, second] = await Promise.all([cancel(owner, 'immediate'), cancel(owner, 'immediate')]);
    const done = first.statusCode === 200 ? first : second;
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    // $100 / 30 = $3.33 a day; 20 days left → $66.67.
    expect(done.json()).toMatchObject({
      refund_amount: 66.67,
      used_days: 10,
      remaining_days: 20,
      daily_rate: 3.33,
    });
    expect(done.json().subscription).toMatchObject({ status: 'canceled', remaining_days: 0 });
    const refunds = (
      await t.app.database.db.select().from(payments).where(eq(payments.userId, owner.userId))
    ).filter((p) => p.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountCents).toBe(6667);
  });

  it('never refunds more than was paid for the period', async () => {
    const owner = await registerVerifiedOwner(t);
    await subscribe(owner, { coupon_id: 'SAVE5' }); // paid $45
    t.clock.advance(5 * DAY_MS);
    expect((await cancel(owner, 'immediate')).json().refund_amount).toBeCloseTo(41.67, 2);
    const cheap = await registerVerifiedOwner(t);
    await subscribe(cheap, { coupon_id: 'HUGE' }); // paid $0
    t.clock.advance(5 * DAY_MS);
    expect((await cancel(cheap, 'immediate')).json().refund_amount).toBe(0);
  });

  it('rejects an unknown mode', async () => {
    const owner = await registerVerifiedOwner(t);
    expect((await cancel(owner, 'sometime' as 'immediate')).statusCode).toBe(400);
  });
});
