import type { BillView } from '@tableserve/contract/bills';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayments, restaurants } from '../../db/schema';
import { webhookSignatureMessages } from '../../lib/stripe-signature';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { addMenuItem, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

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
function deliver(type: string, object: object, secret = WEBHOOK_SECRET) {
  events += 1;
  const payload = JSON.stringify({ id: `evt_bills_${events}`, object: 'event', type, data: { object } });
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
  const pay = async (amount: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bills/${billId}/payments`,
      headers: { ...diner.auth, 'idempotency-key': `stripe-pay-${billId}-${amount}` },
      payload: {
        version: (await read()).version,
        split: { kind: 'amount', amount },
        tip: { kind: 'none' },
        payment_method_id: 'pm_card_visa',
      },
    });
    expect(response.statusCode).toBe(202);
    const [row] = await t.app.database.db
      .select()
      .from(billPayments)
      .where(eq(billPayments.id, response.json().payment.payment_id));
    return row!;
  };
  return { billId, read, pay };
}

const intentOf = (payment: typeof billPayments.$inferSelect, extra: object = {}) => ({
  id: payment.providerPaymentId,
  object: 'payment_intent',
  amount: payment.amountCents,
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
});
