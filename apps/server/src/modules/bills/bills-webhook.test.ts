import {
  AUTHENTICATION_TIMEOUT_MINUTES,
  type BillView,
  billMessages,
  type PayBillResponse,
} from '@tableserve/contract/bills';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayments, processedWebhookEvents, restaurants } from '../../db/schema';
import {
  EVENT_ID_MAX_LENGTH,
  EVENT_TYPE_MAX_LENGTH,
  webhookSignatureMessages,
} from '../../lib/stripe-signature';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { addMenuItem, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createStripeClient, createStripePaymentProvider } from '../subscriptions/payments/stripe-provider';
import { createBillsService } from './bills.service';

// Stripe's provider against a local fake of Stripe's API, with the webhook route: a payment stays
// pending until a signed event posted to /payments/webhook says otherwise.
const WEBHOOK_SECRET = 'whsec_bills';
let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { price_s: 5000 } });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_bills',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICES: 'starter=price_s,professional=price_s,enterprise=price_s',
    },
    build: { stripeApi: stripe.api },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let events = 0;
const nextEventId = () => {
  events += 1;
  return `evt_bills_${events}`;
};
function deliver(type: string, object: object, secret = WEBHOOK_SECRET) {
  return deliverSigned(
    JSON.stringify({ id: nextEventId(), object: 'event', type, data: { object } }),
    secret,
  );
}

/** Any bytes, correctly signed: what only Stripe (or whoever holds the secret) can send. */
function deliverSigned(payload: string, secret = WEBHOOK_SECRET) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** A table's open bill ($12.50) at a restaurant with a Connect account, paid at the end of the meal. */
async function tableBill() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 2 });
  await t.app.database.db
    .update(restaurants)
    .set({ paymentTiming: 'end_of_meal', stripeAccountId: 'acct_table' })
    .where(eq(restaurants.id, place.restaurantId));
  t.app.publishedMenus.invalidate(place.restaurantId);
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 12.5 });
  const diner = await signUpDiner(t, place.restaurantId);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/place-order',
    headers: diner.auth,
    payload: {
      restaurant_id: place.restaurantId,
      order_items: [{ menu_item_id: pizza, quantity: 1 }],
      order_type: 'dine-in',
      table_no: 1,
    },
  });
  const billId = placed.json().bill_id as number;
  const read = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/api/v1/bills/${billId}`, headers: diner.auth })
    ).json() as BillView;
  const pay = async (amount: number, paymentMethodId = 'pm_card_visa', tip = 0) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bills/${billId}/payments`,
      headers: { ...diner.auth, 'idempotency-key': `stripe-pay-${billId}-${amount}-${tip}` },
      payload: {
        version: (await read()).version,
        split: { kind: 'amount', amount },
        tip: tip > 0 ? { kind: 'amount', amount: tip } : { kind: 'none' },
        payment_method_id: paymentMethodId,
      },
    });
    expect(response.statusCode).toBe(202);
    const [row] = await t.app.database.db
      .select()
      .from(billPayments)
      .where(eq(billPayments.id, response.json().payment.payment_id));
    return { ...row!, answer: response.json() as PayBillResponse };
  };
  /** The payer closes the bank's challenge. */
  const cancel = (payment: { id: number; answer: PayBillResponse }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/bills/${billId}/payments/${payment.id}/cancel`,
      headers: diner.auth,
      payload: { receipt_token: payment.answer.payment.receipt_token },
    });
  return { billId, read, pay, cancel };
}

const intentOf = (payment: typeof billPayments.$inferSelect, extra: object = {}) => ({
  id: payment.providerPaymentId,
  object: 'payment_intent',
  amount: payment.amountCents + payment.tipCents,
  metadata: { bill_id: String(payment.billId), payment_id: String(payment.id) },
  latest_charge: 'ch_x',
  ...extra,
});

describe('bill payments with Stripe', () => {
  it('charges the restaurant’s Connect account, and counts the payment only once Stripe’s webhook confirms it', async () => {
    const bill = await tableBill();
    const payment = await bill.pay(12.5);
    expect(stripe.requestsTo('POST', '/v1/payment_intents').at(-1)!.params).toMatchObject({
      amount: '1250',
      'transfer_data[destination]': 'acct_table',
    });
    expect(payment).toMatchObject({
      status: 'pending',
      cardLast4: '4242',
      providerPaymentId: expect.any(String),
    });
    expect(await bill.read()).toMatchObject({ status: 'open', pending: 12.5, paid: 0 });

    const confirmed = await deliver('payment_intent.succeeded', intentOf(payment));
    expect(confirmed.json()).toEqual({ received: true });
    expect(await bill.read()).toMatchObject({ status: 'paid', paid: 12.5, pending: 0 });
  });

  it('applies events out of order once: a failure first frees the amount, the success after it changes nothing', async () => {
    const bill = await tableBill();
    const payment = await bill.pay(5);
    const failed = await deliver(
      'payment_intent.payment_failed',
      intentOf(payment, { last_payment_error: { message: 'Your card has insufficient funds.' } }),
    );
    expect(failed.statusCode).toBe(200);
    const afterFailure = await bill.read();
    expect(afterFailure).toMatchObject({ pending: 0, paid: 0, outstanding: 12.5 });

    expect((await deliver('payment_intent.succeeded', intentOf(payment))).statusCode).toBe(200);
    expect(await bill.read()).toEqual(afterFailure);
    const [row] = await t.app.database.db.select().from(billPayments).where(eq(billPayments.id, payment.id));
    expect(row).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.' });
  });

  it('refuses an event not signed with the webhook secret, and changes nothing', async () => {
    const bill = await tableBill();
    const payment = await bill.pay(5);
    const forged = await deliver('payment_intent.succeeded', intentOf(payment), 'whsec_forged');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(webhookSignatureMessages.invalidSignature);
    expect(await bill.read()).toMatchObject({ pending: 5, paid: 0 });
  });

  it('acknowledges a payment intent that is not a bill payment, and changes nothing', async () => {
    const response = await deliver('payment_intent.succeeded', { id: 'pi_subscription', metadata: {} });
    expect(response.json()).toEqual({ received: true });
  });

  it('leaves a payment pending when a signed confirmation with its metadata charges another amount or is another intent', async () => {
    const bill = await tableBill();
    const payment = await bill.pay(5, 'pm_card_visa', 1);
    expect(payment).toMatchObject({ amountCents: 500, tipCents: 100, providerPaymentId: expect.any(String) });
    const before = await bill.read();
    for (const other of [
      { amount: 500 }, // the amount without its tip
      { amount: 60_000 },
      { amount: '600' },
      { amount: undefined },
      { id: 'pi_another_intent' },
    ]) {
      const response = await deliver('payment_intent.succeeded', intentOf(payment, other));
      expect(response.json(), JSON.stringify(other)).toEqual({ received: true });
    }
    expect(await bill.read()).toEqual(before);
    const [row] = await t.app.database.db.select().from(billPayments).where(eq(billPayments.id, payment.id));
    const { answer: _replied, ...unchanged } = payment;
    expect(row).toEqual(unchanged);

    // The intent recorded for it, charging its amount and tip, confirms it.
    expect((await deliver('payment_intent.succeeded', intentOf(payment))).statusCode).toBe(200);
    expect(await bill.read()).toMatchObject({ paid: 5, pending: 0 });
  });

  it('confirms a payment whose event names a card too long to store, keeping the card it had', async () => {
    const bill = await tableBill();
    const payment = await bill.pay(5);
    const card = { brand: 'b'.repeat(50), last4: '12345' };
    const confirmed = await deliver(
      'payment_intent.succeeded',
      intentOf(payment, { latest_charge: { id: 'ch_x', payment_method_details: { card } } }),
    );
    expect(confirmed.json()).toEqual({ received: true });
    const [row] = await t.app.database.db.select().from(billPayments).where(eq(billPayments.id, payment.id));
    expect(row).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
  });

  it('answers every correctly signed but malformed event 2xx or 4xx, never 5xx, and changes nothing', async () => {
    const bill = await tableBill();
    const payment = await bill.pay(5);
    const before = await bill.read();
    const ours = { bill_id: String(payment.billId), payment_id: String(payment.id) };
    const event = (id: string, type: string, object: unknown) =>
      JSON.stringify({ id, object: 'event', type, data: { object } });
    const succeeded = (metadata: unknown, extra: object = {}) =>
      event(nextEventId(), 'payment_intent.succeeded', {
        ...intentOf(payment),
        metadata,
        ...extra,
      });
    // Not one of ours: metadata that cannot name a row is acknowledged, as a subscription's intent is.
    const acknowledged = [
      succeeded({ ...ours, bill_id: '2147483648' }),
      succeeded({ ...ours, payment_id: '99999999999999999999' }),
      succeeded({ ...ours, bill_id: 'not-a-number' }),
      succeeded({ ...ours, bill_id: '1e3' }),
      succeeded({ ...ours, payment_id: -1 }),
      succeeded('metadata'),
      succeeded(ours, { id: `pi_${'x'.repeat(300)}` }),
      succeeded(ours, { id: 42 }),
      event(nextEventId(), 'payment_intent.payment_failed', {
        ...intentOf(payment),
        metadata: { ...ours, payment_id: '2147483648' },
      }),
      // The refund handlers (refund-webhooks.ts): an id PostgreSQL cannot even compare, U+0000.
      event(nextEventId(), 'refund.updated', { id: 're_\u0000', status: 'succeeded' }),
    ];
    for (const payload of acknowledged) {
      const response = await deliverSigned(payload);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
    // Not an event we can record: refused, so nothing is kept of it.
    const refused: [string, string][] = [
      [
        event('x'.repeat(256), 'payment_intent.succeeded', intentOf(payment)),
        webhookSignatureMessages.idTooLong,
      ],
      [
        event('evt_\u0000', 'payment_intent.succeeded', intentOf(payment)),
        webhookSignatureMessages.malformed,
      ],
      [event('evt_long_type', 'x'.repeat(101), intentOf(payment)), webhookSignatureMessages.malformed],
      [event('evt_no_object', 'payment_intent.succeeded', null), webhookSignatureMessages.malformed],
      [
        JSON.stringify({ id: 'evt_no_data', type: 'payment_intent.succeeded' }),
        webhookSignatureMessages.malformed,
      ],
      [
        JSON.stringify({ id: 7, type: 'payment_intent.succeeded', data: { object: {} } }),
        webhookSignatureMessages.malformed,
      ],
      ['null', webhookSignatureMessages.malformed],
      ['[]', webhookSignatureMessages.malformed],
      ['"evt"', webhookSignatureMessages.malformed],
      ['{', webhookSignatureMessages.malformed],
    ];
    for (const [payload, message] of refused) {
      const response = await deliverSigned(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message, payload).toBe(message);
    }
    expect(await bill.read()).toEqual(before);
    const [row] = await t.app.database.db.select().from(billPayments).where(eq(billPayments.id, payment.id));
    const { answer: _answer, ...stored } = payment;
    expect(row).toEqual(stored);
    // What processed_webhook_events stores is what the refusals are measured by.
    expect(processedWebhookEvents.eventId.getSQLType()).toBe(`varchar(${EVENT_ID_MAX_LENGTH})`);
    expect(processedWebhookEvents.type.getSQLType()).toBe(`varchar(${EVENT_TYPE_MAX_LENGTH})`);
  });

  it('keeps a payment whose bank asks for 3-D Secure pending for the diner’s challenge; Stripe’s webhook confirms it', async () => {
    const bill = await tableBill();
    const payment = await bill.pay(12.5, 'pm_card_threeDSecure2Required');
    const intent = stripe.paymentIntent(payment.providerPaymentId!)!;
    expect(payment.answer.payment.next_action).toEqual({
      type: 'authenticate',
      client_secret: intent.client_secret,
    });
    expect(payment).toMatchObject({ status: 'pending', cardLast4: null });
    expect(await bill.read()).toMatchObject({ status: 'open', pending: 12.5, outstanding: 0 });

    // Stripe.js ran the challenge; it is too late to cancel, and Stripe's event confirms it.
    stripe.authenticate(intent.id as string);
    const late = await bill.cancel(payment);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(billMessages.notAwaitingAuthentication);
    await deliver('payment_intent.succeeded', intentOf(payment));
    expect(await bill.read()).toMatchObject({ status: 'paid', paid: 12.5, pending: 0 });
  });

  it('cancels the intent when the payer closes the challenge, and frees the amount at once', async () => {
    const bill = await tableBill();
    const payment = await bill.pay(5, 'pm_card_threeDSecure2Required');
    const cancelled = await bill.cancel(payment);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'failed',
      failure_message: billMessages.authenticationCancelled,
    });
    expect(stripe.paymentIntent(payment.providerPaymentId!)).toMatchObject({ status: 'canceled' });
    expect(await bill.read()).toMatchObject({ pending: 0, outstanding: 12.5 });
  });

  it(`sweeps payments whose challenge went unanswered for ${AUTHENTICATION_TIMEOUT_MINUTES} minutes, keeping those Stripe took`, async () => {
    const sweep = createBillsService({
      db: t.app.database.db,
      now: t.clock.now,
      events: t.app.domainEvents,
      provider: createStripePaymentProvider({
        stripe: createStripeClient('sk_test_sweep', stripe.api),
        prices: {},
      }),
    });
    const bill = await tableBill();
    const abandoned = await bill.pay(5, 'pm_card_threeDSecure2Required');
    const authenticated = await bill.pay(6, 'pm_card_threeDSecure2Required');
    stripe.authenticate(authenticated.providerPaymentId!);
    // An ordinary payment whose webhook is late: Stripe refuses to cancel it.
    const ordinary = await bill.pay(1);
    t.clock.advance((AUTHENTICATION_TIMEOUT_MINUTES + 1) * 60 * 1000);

    // Kept: these two, and the earlier tests' payments still pending.
    const counts = await sweep.sweepAbandonedAuthentications();
    expect(counts).toMatchObject({ cancelled: 1, failed: 0 });
    expect(counts.kept).toBeGreaterThanOrEqual(2);
    const status = async (id: number) =>
      (await t.app.database.db.select().from(billPayments).where(eq(billPayments.id, id)))[0]!;
    expect(await status(abandoned.id)).toMatchObject({
      status: 'failed',
      failureMessage: billMessages.authenticationExpired,
    });
    expect(stripe.paymentIntent(abandoned.providerPaymentId!)).toMatchObject({ status: 'canceled' });
    expect(await status(authenticated.id)).toMatchObject({ status: 'pending' });
    expect(await status(ordinary.id)).toMatchObject({ status: 'pending' });
    expect(await bill.read()).toMatchObject({ pending: 7, outstanding: 5.5 });
  });
});
