import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { insertPaidOrder } from '../../test/paid-orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { staffTokenFor } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// The test clock reads 2026-03-02 12:00 UTC: that business day in a UTC restaurant.
const DAY = '2026-03-02';
const paymentsOf = (auth: Record<string, string>, date = DAY) =>
  t.app.inject({ method: 'GET', url: `/api/v1/sales/payments?date=${date}`, headers: auth });

describe("a business day's money", () => {
  it('adds up to the cent: gross, taxes by rate, service, tips, refunds and net, per order and in all', async () => {
    const place = await ownerWithRestaurant(t, { timezone: 'UTC' });
    // $12.00 pizza (7 %: $0.84) and $8.00 wine (20 %: $1.60), 10 % service: $24.44; tips $3.00 + $0.55.
    const dinner = await insertPaidOrder(t, place.restaurantId, {
      lines: [
        {
          name: 'Pizza',
          unitPriceCents: 1200,
          tax: { name: 'Food', rate: 7000, cents: 84 },
          serviceCents: 120,
        },
        {
          name: 'Wine',
          unitPriceCents: 800,
          tax: { name: 'Alcohol', rate: 20_000, cents: 160 },
          serviceCents: 80,
        },
      ],
      payments: [
        { amountCents: 1444, tipCents: 300, last4: '4242' },
        { tipCents: 55, last4: '1881' },
      ],
    });
    // A second order taxed at the same food rate: $5.50 soup, $0.39 tax, no service.
    const soup = await insertPaidOrder(t, place.restaurantId, {
      lines: [{ name: 'Soup', unitPriceCents: 550, tax: { name: 'Food', rate: 7000, cents: 39 } }],
    });
    // An order paid at the counter, as today: no tax, no card.
    const counter = await insertPaidOrder(t, place.restaurantId, {
      lines: [{ name: 'Tea', unitPriceCents: 300 }],
      online: false,
    });
    // Placed before orders kept their subtotal: its gross is read from its total.
    await t.app.database.db.update(orders).set({ subtotalCents: 0 }).where(eq(orders.id, counter.orderId));
    const wine = dinner.lineIds[1]!;
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${dinner.orderId}/refunds`,
      headers: place.owner.auth,
      payload: { lines: [{ order_item_id: wine }], reason: 'Corked, "sorry"' },
    });
    expect(refunded.statusCode).toBe(202);

    const response = await paymentsOf(place.owner.auth);
    expect(response.statusCode).toBe(200);
    const day = response.json();
    expect(day.summary).toEqual({
      gross: 28.5,
      added_tax: 2.83,
      service: 2,
      tips: 3.55,
      refunds: 10.4,
      // 28.50 + 2.83 + 2.00 + 3.55 − 10.40
      net: 26.48,
      taxes: [
        { name: 'Food', rate_percent: 7, amount: 1.23 },
        { name: 'Alcohol', rate_percent: 20, amount: 1.6 },
      ],
    });
    expect(day.orders).toEqual([
      {
        order_id: dinner.orderId,
        gross: 20,
        tax: 2.44,
        added_tax: 2.44,
        service: 2,
        tips: 3.55,
        refunds: 10.4,
        net: 17.59,
      },
      {
        order_id: soup.orderId,
        gross: 5.5,
        tax: 0.39,
        added_tax: 0.39,
        service: 0,
        tips: 0,
        refunds: 0,
        net: 5.89,
      },
      { order_id: counter.orderId, gross: 3, tax: 0, added_tax: 0, service: 0, tips: 0, refunds: 0, net: 3 },
    ]);
    const cents = (value: number) => Math.round(value * 100);
    const sum = (key: string) =>
      day.orders.reduce((total: number, order: Record<string, number>) => total + cents(order[key]!), 0);
    for (const key of ['gross', 'added_tax', 'service', 'tips', 'refunds', 'net'])
      expect(sum(key), key).toBe(cents(day.summary[key]));

    expect(day.entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        bill_id: dinner.billId,
        order_id: dinner.orderId,
        amount: 14.44,
        tip: 3,
        card_last4: '4242',
        status: 'succeeded',
        reason: null,
      }),
      expect.objectContaining({
        kind: 'payment',
        bill_id: dinner.billId,
        amount: 10,
        tip: 0.55,
        card_last4: '1881',
      }),
      expect.objectContaining({
        kind: 'payment',
        bill_id: soup.billId,
        order_id: soup.orderId,
        amount: 5.89,
        tip: 0,
      }),
      // Drawn from the payment with most left ($17.44 with its tip).
      expect.objectContaining({
        kind: 'refund',
        order_id: dinner.orderId,
        amount: -10.4,
        tip: 0,
        card_last4: '4242',
        status: 'succeeded',
        reason: 'Corked, "sorry"',
      }),
    ]);
  });

  it('reads a day without online payments or taxes as its revenue, with zeros', async () => {
    const place = await ownerWithRestaurant(t, { timezone: 'UTC' });
    const day = (await paymentsOf(place.owner.auth, '2026-03-01')).json();
    expect(day).toEqual({
      date: '2026-03-01',
      timezone: 'UTC',
      tax_included: false,
      summary: { gross: 0, added_tax: 0, service: 0, tips: 0, refunds: 0, net: 0, taxes: [] },
      orders: [],
      entries: [],
    });
  });

  it('is for sales.view: a kitchen member is refused (403), a bad date is a 400 naming it', async () => {
    const place = await ownerWithRestaurant(t, { timezone: 'UTC' });
    const kitchen = await staffTokenFor(t, place.restaurantId, 'kitchen');
    expect((await paymentsOf(kitchen.auth)).statusCode).toBe(403);
    const manager = await staffTokenFor(t, place.restaurantId, 'manager');
    expect((await paymentsOf(manager.auth)).statusCode).toBe(200);
    const bad = await paymentsOf(place.owner.auth, '2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Date');
  });
});
