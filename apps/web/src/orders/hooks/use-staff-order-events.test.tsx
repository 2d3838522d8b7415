import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSocketServer } from '@/test/socket-server';
import { staffMenuKey } from '../api/menu-items';
import { staffOrderKeys } from '../api/staff-order-keys';
import { staffOrder } from '../testing/staff-order';
import { useStaffOrderEvents } from './use-staff-order-events';

let server: Awaited<ReturnType<typeof startSocketServer>>;
let queryClient: QueryClient;

beforeEach(async () => {
  server = await startSocketServer();
  // Lists that are never refetched here: what the socket events do to the cache is what counts.
  queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, staleTime: Infinity } } });
});
afterEach(async () => {
  await server.stop();
  queryClient.clear();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

const summaryKey = (query: object) =>
  staffOrderKeys.summary(7, { page: 1, filter: 'all', sort: 'newest', search: '', ...query });
const idsIn = (key: readonly unknown[]) =>
  (queryClient.getQueryData(key) as { orders: { order_id: number }[] }).orders.map((order) => order.order_id);

async function live(onNewOrder?: () => void) {
  const { result } = renderHook(
    () => useStaffOrderEvents({ restaurantId: 7, token: 'owner-token', onNewOrder }),
    {
      wrapper,
    },
  );
  await waitFor(() => expect(result.current).toBe('live'));
}

describe('useStaffOrderEvents', () => {
  it("joins the restaurant's staff room with the owner's token, over websocket", async () => {
    await live();
    expect(server.handshakes).toEqual([{ token: 'owner-token', restaurantId: '7', transport: 'websocket' }]);
  });

  it('prepends a new order where the list would show it, once, and appends it to the kitchen', async () => {
    const first = { orders: [staffOrder({ order_id: 1 })] };
    queryClient.setQueryData(summaryKey({}), first);
    queryClient.setQueryData(summaryKey({ filter: 'completed' }), first);
    queryClient.setQueryData(summaryKey({ page: 2 }), first);
    queryClient.setQueryData(staffOrderKeys.management(7, 1), first);
    queryClient.setQueryData(staffOrderKeys.kitchen(7), first);
    const onNewOrder = vi.fn();
    await live(onNewOrder);

    const order = staffOrder({ order_id: 2, customer_name: 'Grace' });
    server.emit('new_order', order);
    server.emit('new_order', order);
    await waitFor(() => expect(onNewOrder).toHaveBeenCalledTimes(2));
    expect(onNewOrder).toHaveBeenCalledWith(order);
    expect(idsIn(summaryKey({}))).toEqual([2, 1]);
    expect(idsIn(staffOrderKeys.management(7, 1))).toEqual([2, 1]);
    expect(idsIn(staffOrderKeys.kitchen(7))).toEqual([1, 2]);
    // A completed-only list and a later page do not show a brand-new order.
    expect(idsIn(summaryKey({ filter: 'completed' }))).toEqual([1]);
    expect(idsIn(summaryKey({ page: 2 }))).toEqual([1]);
  });

  it('applies order_update (status, total, updated_at) and order_deleted to every list; ignores malformed events', async () => {
    queryClient.setQueryData(summaryKey({}), {
      orders: [staffOrder({ order_id: 1 }), staffOrder({ order_id: 2 })],
    });
    queryClient.setQueryData(staffOrderKeys.kitchen(7), { orders: [staffOrder({ order_id: 1 })] });
    await live();

    server.emit('order_update', { order_id: 1, status: 'Eaten', total_amount: 1 });
    server.emit('order_update', {
      order_id: 1,
      status: 'Ready',
      total_amount: 30,
      updated_at: '2026-11-23T19:30:00.000Z',
    });
    await waitFor(() =>
      expect(
        (queryClient.getQueryData(staffOrderKeys.kitchen(7)) as { orders: unknown[] }).orders[0],
      ).toMatchObject({
        status: 'Ready',
        total_amount: 30,
        updated_at: '2026-11-23T19:30:00.000Z',
      }),
    );
    expect((queryClient.getQueryData(summaryKey({})) as { orders: unknown[] }).orders[0]).toMatchObject({
      status: 'Ready',
    });

    server.emit('order_deleted', { order_id: 2 });
    await waitFor(() => expect(idsIn(summaryKey({}))).toEqual([1]));
  });

  it('refetches the menus the staff pick from when a dish sells out or comes back', async () => {
    await live();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    server.emit('menu_item_sold_out', { menu_id: 4, sold_out: true });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: staffMenuKey(7) }));
  });

  it('refetches every order list after the connection comes back', async () => {
    await live();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    server.dropConnections();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: staffOrderKeys.all(7) }), {
      timeout: 5000,
    });
  });

  it('refetches on its first connection too, since an order may come between the fetch and the join', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await live();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: staffOrderKeys.all(7) });
  });
});
