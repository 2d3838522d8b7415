import { subscriptionMessages } from '@tableserve/contract/subscription';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, payments, subscriptions } from '../../../db/schema';
import { DAY_MS } from '../../../lib/time';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe';
import { freshLogin, registerVerifiedOwner } from '../../../test/owners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { PaymentProvider, StartSubscriptionInput } from './payment-provider';
import { createStripeClient, createStripePaymentProvider } from './stripe-provider';

// The fake answers for Stripe's servers only; the SDK, our provider and the whole app are real.
let stripe: FakeStripe;
let t: TestApp;
let planIds: Record<string, number>;

beforeAll(async () => {
  stripe = await startFakeStripe({
    prices: { price_s: 5000, price_p: 10000, price_e: 20000 },
    coupons: { WELCOME20: 20, FREEMONTH: 100 },
  });
  // No STRIPE_WEBHOOK_SECRET here: the webhook route must then not exist (stripe-webhook.test.ts
  // covers it with the secret).
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PRICES: 'starter=price_s,professional=price_p,enterprise=price_e',
    },
    build: { stripeApi: stripe.api },
  });
  const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json()
    .plans as Array<{
    plan_id: number;
    name: string;
  }>;
  planIds = Object.fromEntries(plans.map((plan) => [plan.name, plan.plan_id]));
  await t.app.database.db.insert(coupons).values([
    { code: 'WELCOME20', name: 'Welcome 20%', percentOff: 20 },
    { code: 'FREEMONTH', name: 'First month free', percentOff: 100 },
  ]);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('the stripe provider, through the SDK', () => {
  let provider: PaymentProvider;
  beforeAll(() => {
    provider = createStripePaymentProvider({
      stripe: createStripeClient('sk_test_unit', stripe.api),
      prices: { starter: 'price_s', professional: 'price_p' },
    });
  });
  let unit = 0;
  const input = (overrides: Partial<StartSubscriptionInput> = {}): StartSubscriptionInput => {
    unit += 1;
    return {
      userId: 900 + unit,
      email: `unit${unit}@example.com`,
      name: 'Ada Lovelace',
      paymentMethodId: 'pm_card_visa',
      plan: { id: 1, code: 'starter', name: 'Starter', priceCents: 5000 },
      coupon: null,
      amountCents: 5000,
      idempotencyKey: `key-${unit}-abcdefgh`,
      ...overrides,
    };
  };

  it('creates a customer paying by the card, then a subscription to the plan’s price, and returns the payment', async () => {
    const before = stripe.requests.length;
    const request = input();
    const result = await provider.startSubscription(request);

    const [customer, subscription, ...others] = stripe.requests.slice(before);
    expect(others).toEqual([]);
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      authorization: 'Bearer sk_test_unit',
      params: {
        email: request.email,
        name: 'Ada Lovelace',
        payment_method: 'pm_card_visa',
        'invoice_settings[default_payment_method]': 'pm_card_visa',
        'metadata[user_id]': String(request.userId),
      },
    });
    expect(subscription).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions',
      params: {
        'items[0][price]': 'price_s',
        payment_behavior: 'error_if_incomplete',
        'expand[0]': 'latest_invoice.payments',
        'metadata[user_id]': String(request.userId),
        'metadata[plan_id]': '1',
      },
    });
    expect(subscription!.params).not.toHaveProperty('discounts[0][coupon]');
    expect(result).toEqual({
      ok: true,
      customerId: expect.stringMatching(/^cus_fake_/),
      subscriptionId: expect.stringMatching(/^sub_fake_/),
      paymentId: expect.stringMatching(/^pi_fake_/),
    });
    expect(subscription!.params.customer).toBe((result as { customerId: string }).customerId);
  });

  it('derives one idempotency key per Stripe call, so a retry gets Stripe’s first answers back', async () => {
    const request = input();
    const before = stripe.requests.length;
    const first = await provider.startSubscription(request);
    const again = await provider.startSubscription({ ...request });
    const sent = stripe.requests.slice(before);

    expect(again).toEqual(first);
    const [customerKey, subscriptionKey, customerKeyAgain, subscriptionKeyAgain] = sent.map(
      (entry) => entry.idempotencyKey,
    );
    expect(customerKey).toMatch(/^tableserve-[0-9a-f]{40}-customer$/);
    expect(subscriptionKey).toMatch(/^tableserve-[0-9a-f]{40}-subscription$/);
    expect([customerKeyAgain, subscriptionKeyAgain]).toEqual([customerKey, subscriptionKey]);

    // The same client key from another owner is another request at Stripe.
    await provider.startSubscription({ ...input(), idempotencyKey: request.idempotencyKey });
    expect(stripe.requests.at(-1)!.idempotencyKey).not.toBe(subscriptionKey);
  });

  it('applies the coupon as a Stripe discount', async () => {
    const result = await provider.startSubscription(
      input({ coupon: { code: 'WELCOME20', percentOff: 20, amountOffCents: null }, amountCents: 4000 }),
    );
    expect(result.ok).toBe(true);
    expect(stripe.requests.at(-1)!.params['discounts[0][coupon]']).toBe('WELCOME20');
  });

  it('answers a declined card with Stripe’s message instead of throwing', async () => {
    const result = await provider.startSubscription(input({ paymentMethodId: 'pm_card_chargeDeclined' }));
    expect(result).toEqual({ ok: false, message: 'Your card was declined.' });
  });

  it('refuses a plan without a configured price before calling Stripe', async () => {
    const before = stripe.requests.length;
    await expect(
      provider.startSubscription(
        input({ plan: { id: 3, code: 'enterprise', name: 'Enterprise', priceCents: 20000 } }),
      ),
    ).rejects.toThrow(
      'No Stripe price is configured for the plan "enterprise": add enterprise=price_… to STRIPE_PRICES',
    );
    expect(stripe.requests.length).toBe(before);
  });

  it('throws Stripe errors other than a card decline', async () => {
    await expect(
      provider.startSubscription(
        input({ coupon: { code: 'NOT_AT_STRIPE', percentOff: 10, amountOffCents: null } }),
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('never charges renewals itself: Stripe does', async () => {
    expect(provider.renewsItself).toBe(true);
    await expect(
      provider.chargeRenewal({
        customerId: 'cus_x',
        paymentMethodId: 'pm_card_visa',
        amountCents: 5000,
        idempotencyKey: 'k',
      }),
    ).rejects.toThrow(/Stripe bills renewals itself/);
  });

  it('cancels at period end by flagging the subscription, and immediately by deleting it', async () => {
    const started = await provider.startSubscription(input());
    const subscriptionId = (started as { subscriptionId: string }).subscriptionId;

    await provider.cancelSubscription({ providerSubscriptionId: subscriptionId, atPeriodEnd: true });
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscriptionId}`,
      params: { cancel_at_period_end: 'true' },
    });
    expect(stripe.subscription(subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });

    await provider.cancelSubscription({ providerSubscriptionId: subscriptionId, atPeriodEnd: false });
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v1/subscriptions/${subscriptionId}`,
    });
    expect(stripe.subscription(subscriptionId)).toMatchObject({ status: 'canceled' });
  });

  it('refunds part of a payment intent or a charge, with the caller’s idempotency key', async () => {
    expect(
      await provider.refund({ providerPaymentId: 'pi_123', amountCents: 1234, idempotencyKey: 'refund:7' }),
    ).toEqual({
      refundId: expect.stringMatching(/^re_fake_/),
    });
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      params: { payment_intent: 'pi_123', amount: '1234' },
      idempotencyKey: 'refund:7',
    });

    await provider.refund({ providerPaymentId: 'ch_456', amountCents: 99, idempotencyKey: 'refund:8' });
    expect(stripe.requests.at(-1)!.params).toEqual({ charge: 'ch_456', amount: '99' });
  });

  it('cannot refund without the payment to refund', async () => {
    const before = stripe.requests.length;
    await expect(
      provider.refund({ providerPaymentId: null, amountCents: 100, idempotencyKey: 'refund:9' }),
    ).rejects.toThrow(/needs the id of the payment to refund/);
    expect(stripe.requests.length).toBe(before);
  });

  let billPayments = 0;
  // Each its own payment: Stripe answers a repeated idempotency key with its first answer.
  const billPayment = (paymentMethodId: string, connectedAccountId: string | null) => {
    billPayments += 1;
    return {
      billId: 41,
      paymentId: billPayments,
      amountCents: 2998,
      paymentMethodId,
      connectedAccountId,
      description: 'Bella, bill 41',
      idempotencyKey: `tableserve-bill-payment-${billPayments}`,
    };
  };

  it('charges a bill payment with a confirmed PaymentIntent to the restaurant’s account, and reads the card', async () => {
    const payment = billPayment('pm_card_visa', 'acct_bella');
    const result = await provider.chargeBillPayment(payment);
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: payment.idempotencyKey,
      params: {
        amount: '2998',
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: 'true',
        'automatic_payment_methods[enabled]': 'true',
        'automatic_payment_methods[allow_redirects]': 'never',
        'transfer_data[destination]': 'acct_bella',
        'metadata[bill_id]': '41',
        'metadata[payment_id]': String(payment.paymentId),
        'expand[0]': 'latest_charge',
      },
    });
    expect(result).toEqual({
      ok: true,
      providerPaymentId: expect.stringMatching(/^pi_fake_/),
      cardBrand: 'visa',
      cardLast4: '4242',
    });
  });

  it('keeps a bill payment on the platform’s account when the restaurant has none', async () => {
    await provider.chargeBillPayment(billPayment('pm_card_visa', null));
    expect(stripe.requests.at(-1)!.params).not.toHaveProperty('transfer_data[destination]');
  });

  it('keeps a bill payment whose bank asks for 3-D Secure, and answers its client secret', async () => {
    const result = await provider.chargeBillPayment(billPayment('pm_card_threeDSecure2Required', null));
    expect(result).toEqual({
      ok: 'needs_authentication',
      providerPaymentId: expect.stringMatching(/^pi_fake_/),
      clientSecret: expect.stringMatching(/^pi_fake_.+_secret_/),
    });
    // Kept for the diner's challenge: nothing cancels it.
    expect(stripe.requestsTo('POST', /^\/v1\/payment_intents\/.+\/cancel$/)).toEqual([]);
    const intentId = (result as { providerPaymentId: string }).providerPaymentId;
    expect(stripe.paymentIntent(intentId)).toMatchObject({ status: 'requires_action' });
  });

  it('cancels a payment waiting for authentication, and leaves one that succeeded to its webhook', async () => {
    const waiting = (await provider.chargeBillPayment(
      billPayment('pm_card_threeDSecure2Required', null),
    )) as {
      providerPaymentId: string;
    };
    expect(await provider.cancelBillPayment({ providerPaymentId: waiting.providerPaymentId })).toEqual({
      cancelled: true,
    });
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${waiting.providerPaymentId}/cancel`,
      params: { cancellation_reason: 'abandoned' },
    });
    // Cancelled already: still cancelled, so a repeated cancel (the sweep after the diner) agrees.
    expect(await provider.cancelBillPayment({ providerPaymentId: waiting.providerPaymentId })).toEqual({
      cancelled: true,
    });

    const authenticated = (await provider.chargeBillPayment(
      billPayment('pm_card_threeDSecure2Required', null),
    )) as { providerPaymentId: string };
    stripe.authenticate(authenticated.providerPaymentId);
    expect(await provider.cancelBillPayment({ providerPaymentId: authenticated.providerPaymentId })).toEqual({
      cancelled: false,
    });
    expect(stripe.paymentIntent(authenticated.providerPaymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('answers a declined bill payment with Stripe’s message', async () => {
    expect(await provider.chargeBillPayment(billPayment('pm_card_chargeDeclined', null))).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
  });
});

describe('subscriptions through the API, paid with Stripe', () => {
  type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;
  const api = (
    method: 'GET' | 'POST',
    url: string,
    owner: Owner,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...owner.auth, ...headers },
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
  const rowsOf = (owner: Owner) =>
    t.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.userId));
  const paymentsOf = (owner: Owner) =>
    t.app.database.db.select().from(payments).where(eq(payments.userId, owner.userId));

  it('starts a Stripe subscription and keeps Stripe’s ids and payment', async () => {
    const owner = await registerVerifiedOwner(t);
    const before = stripe.requests.length;
    const response = await subscribe(owner, {}, { 'idempotency-key': 'checkout-0001-stripe' });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      amount_paid: 50,
      subscription: { status: 'active', plan_name: 'Starter', cancel_at_period_end: false },
    });
    const sent = stripe.requests.slice(before);
    expect(sent.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/subscriptions',
    ]);
    expect(sent.every((entry) => entry.authorization === 'Bearer sk_test_x')).toBe(true);
    expect(sent[0]!.params).toMatchObject({
      email: owner.email,
      name: 'Ada Lovelace',
      payment_method: 'pm_card_visa',
    });
    expect(sent[1]!.params['items[0][price]']).toBe('price_s');
    expect(sent.every((entry) => entry.idempotencyKey?.startsWith('tableserve-'))).toBe(true);

    const [row] = await rowsOf(owner);
    expect(row).toMatchObject({
      status: 'active',
      provider: 'stripe',
      providerCustomerId: sent[1]!.params.customer,
      providerSubscriptionId: expect.stringMatching(/^sub_fake_/),
      lastPaymentCents: 5000,
    });
    expect(stripe.subscription(row!.providerSubscriptionId!)).toMatchObject({
      status: 'active',
      customer: row!.providerCustomerId,
    });
    expect(await paymentsOf(owner)).toEqual([
      expect.objectContaining({
        kind: 'initial',
        status: 'succeeded',
        amountCents: 5000,
        provider: 'stripe',
        providerPaymentId: expect.stringMatching(/^pi_fake_/),
      }),
    ]);

    // A double click with the same key is answered from our side: Stripe is not called again.
    const again = await subscribe(owner, {}, { 'idempotency-key': 'checkout-0001-stripe' });
    expect(again.statusCode).toBe(201);
    expect(again.json().subscription_id).toBe(response.json().subscription_id);
    expect(stripe.requests.length).toBe(before + 2);
  });

  it('sends the coupon to Stripe and charges the discounted price', async () => {
    const owner = await registerVerifiedOwner(t);
    const response = await subscribe(owner, { coupon_id: 'welcome20' });
    expect(response.statusCode).toBe(201);
    expect(response.json().amount_paid).toBe(40);
    expect(stripe.requests.at(-1)!.params['discounts[0][coupon]']).toBe('WELCOME20');
  });

  it('answers a declined card with 402 and leaves no subscription', async () => {
    const owner = await registerVerifiedOwner(t);
    const response = await subscribe(owner, { payment_method_id: 'pm_card_chargeDeclined' });

    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(subscriptionMessages.paymentFailed);
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/subscriptions' });
    expect(await rowsOf(owner)).toEqual([]);
    expect((await api('GET', `/subscription/subscription-status/${owner.userId}`, owner)).statusCode).toBe(
      404,
    );
    expect(await paymentsOf(owner)).toEqual([
      expect.objectContaining({
        kind: 'initial',
        status: 'failed',
        failureMessage: 'Your card was declined.',
      }),
    ]);

    // The owner can pay with another card straight away.
    expect((await subscribe(owner)).statusCode).toBe(201);
  });

  it('cancels at period end at Stripe too, and stays active until then', async () => {
    let owner = await registerVerifiedOwner(t);
    expect((await subscribe(owner)).statusCode).toBe(201);
    const [row] = await rowsOf(owner);
    t.clock.advance(5 * DAY_MS);
    owner = await freshLogin(t, owner);

    const response = await api('POST', `/subscription/cancel-subscription/${owner.userId}`, owner, {
      mode: 'at_period_end',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      refund_amount: 0,
      subscription: { status: 'active', cancel_at_period_end: true },
    });
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${row!.providerSubscriptionId}`,
      params: { cancel_at_period_end: 'true' },
    });
    expect(stripe.subscription(row!.providerSubscriptionId!)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
  });

  it('cancels immediately at Stripe too (nothing to refund after a free first month)', async () => {
    let owner = await registerVerifiedOwner(t);
    const created = await subscribe(owner, { coupon_id: 'FREEMONTH' });
    expect(created.json().amount_paid).toBe(0);
    const [row] = await rowsOf(owner);
    t.clock.advance(5 * DAY_MS);
    owner = await freshLogin(t, owner);
    const before = stripe.requests.length;

    const response = await api('POST', `/subscription/cancel-subscription/${owner.userId}`, owner, {
      mode: 'immediate',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ refund_amount: 0, subscription: { status: 'canceled' } });
    expect(stripe.requests.slice(before).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      `DELETE /v1/subscriptions/${row!.providerSubscriptionId}`,
    ]);
    expect(stripe.subscription(row!.providerSubscriptionId!)).toMatchObject({ status: 'canceled' });
    const [after] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, row!.id), eq(subscriptions.status, 'canceled')));
    expect(after).toBeDefined();
  });

  it('refunds an immediate cancel against the last Stripe payment, then ends the Stripe subscription', async () => {
    let owner = await registerVerifiedOwner(t);
    await subscribe(owner);
    const [row] = await rowsOf(owner);
    const [charge] = await t.app.database.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, row!.id));
    t.clock.advance(10 * DAY_MS);
    owner = await freshLogin(t, owner);
    const before = stripe.requests.length;

    const response = await api('POST', `/subscription/cancel-subscription/${owner.userId}`, owner, {
      mode: 'immediate',
    });
    expect(response.statusCode).toBe(200);
    // $50 / 30 a day for the 20 days left.
    expect(response.json()).toMatchObject({ refund_amount: 33.33, remaining_days: 20 });
    const calls = stripe.requests.slice(before);
    expect(calls.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'POST /v1/refunds',
      `DELETE /v1/subscriptions/${row!.providerSubscriptionId}`,
    ]);
    expect(calls[0]!.params).toMatchObject({ amount: '3333' });
    expect(Object.values(calls[0]!.params)).toContain(charge!.providerPaymentId);
  });

  it('has no webhook route while STRIPE_WEBHOOK_SECRET is unset', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});
