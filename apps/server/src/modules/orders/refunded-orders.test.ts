import { UNPAID_ORDER_TIMEOUT_MINUTES } from '@tableserve/contract/bills';
import type { StaffOrder } from '@tableserve/contract/owner-orders';
import { SOCKET_OPTIONS } from '@tableserve/contract/realtime';
import type { OrderUpdatePayload } from '@tableserve/contract/realtime-payloads';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../../db/schema';
import { billOf } from '../../test/bills';
import { addMenuItem, type Diner, placeDinerOrder, signUpDiner } from '../../test/orders';
import { ownerWithRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * What went back to a diner's card, on their order (docs/product/payments.md#order-changes): the
 * order's `refunded` (confirmed refunds, in dollars; absent when none), in its summary and in the
 * live order_update its status page follows, whether the staff cancelled it, the unpaid-order
 * sweep did, or the provider confirmed the refund after the change was announced.
 */
let t: TestApp;
let address: string;
const sockets: Socket[] = [];
/** Every order.updated announced, with its order. */
const announced: { order: StaffOrder; dinerOnly?: boolean | undefined }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  t.app.domainEvents.on('order.updated', ({ order, dinerOnly }) => announced.push({ order, dinerOnly }));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const lastAnnounced = (orderId: number) => announced.filter(({ order }) => order.order_id === orderId).at(-1);

async function world() {
  const place = await ownerWithRestaurant(t, { number_of_tables: 5 });
  const pizza = await addMenuItem(t, place, { item_name: 'Pizza', price: 10 });
  const diner = await signUpDiner(t, place.restaurantId);
  return { ...place, pizza, diner };
}

/** A diner's order of two $10 pizzas, on a bill that holds `paidCents` of it. */
async function paidOrder(w: Awaited<ReturnType<typeof world>>, paidCents = 2000) {
  const orderId = await placeDinerOrder(t, w.diner, w.restaurantId, [{ menu_item_id: w.pizza, quantity: 2 }]);
  await billOf(t, {
    restaurantId: w.restaurantId,
    tableNumber: 1,
    orderIds: [orderId],
    payments: [{ amountCents: paidCents }],
    ...(paidCents === 2000 && { paidAt: t.clock.now() }),
  });
  return orderId;
}

const summaryOf = (w: Awaited<ReturnType<typeof world>>, diner: Diner, orderId: number) =>
  t.app.inject({ url: `/api/v1/customer/order-summary/${w.restaurantId}/${orderId}`, headers: diner.auth });

describe("a paid order's refunds, to its diner", () => {
  it('a staff cancellation: the summary and the live update say what went back', async () => {
    const w = await world();
    const orderId = await paidOrder(w);
    const before = (await summaryOf(w, w.diner, orderId)).json();
    expect(before).not.toHaveProperty('refunded');

    const socket = connect(address, {
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      query: { restaurant_id: w.restaurantId },
      auth: { token: w.diner.token },
    });
    sockets.push(socket);
    const heard: OrderUpdatePayload[] = [];
    socket.on('order_update', (payload: string) => heard.push(JSON.parse(payload)));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/kitchen/restaurant/${w.restaurantId}/update-order-status/${orderId}`,
      headers: w.owner.auth,
      payload: { status: 'Cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: 'Cancelled', refunded: 20 });
    await t.app.paymentEvents.drained();

    expect((await summaryOf(w, w.diner, orderId)).json()).toMatchObject({
      status: 'Cancelled',
      payment_state: 'refunded',
      refunded: 20,
    });
    // The last word the page hears carries the refund, whichever announcement comes last.
    await vi.waitFor(() =>
      expect(heard.at(-1)).toMatchObject({ order_id: orderId, status: 'Cancelled', refunded: 20 }),
    );
  });

  it('the unpaid-order sweep: its diner hears what of the half it paid went back', async () => {
    const w = await world();
    const orderId = await paidOrder(w, 1000);
    await t.app.database.db.update(orders).set({ awaitingPayment: true }).where(eq(orders.id, orderId));
    t.clock.advance((UNPAID_ORDER_TIMEOUT_MINUTES + 1) * 60_000);
    expect(await t.app.unpaidOrdersSweep()).toEqual({ cancelled: 1 });
    await t.app.paymentEvents.drained();

    expect(lastAnnounced(orderId)).toMatchObject({
      order: { status: 'Cancelled', payment_state: 'refunded', refunded: 10 },
      dinerOnly: true,
    });
    expect((await summaryOf(w, w.diner, orderId)).json()).toMatchObject({ refunded: 10 });
  });

  it('a refund the provider confirms later: the order is announced again with it', async () => {
    const w = await world();
    const orderId = await paidOrder(w);
    await t.app.database.db.update(orders).set({ refundedCents: 500 }).where(eq(orders.id, orderId));
    t.app.domainEvents.emit('refund.succeeded', { restaurantId: w.restaurantId, orderId, refundId: 1 });
    await vi.waitFor(() =>
      expect(lastAnnounced(orderId)).toMatchObject({
        order: { order_id: orderId, refunded: 5 },
        dinerOnly: false,
      }),
    );
  });
});
