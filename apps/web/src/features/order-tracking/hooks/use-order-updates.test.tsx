import type { OrderUpdatePayload } from '@tableserve/contract/realtime';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSocketServer } from '@/test/socket-server';
import { useOrderUpdates } from './use-order-updates';

let server: Awaited<ReturnType<typeof startSocketServer>>;

beforeEach(async () => {
  server = await startSocketServer();
});
afterEach(async () => {
  await server.stop();
});

describe('useOrderUpdates', () => {
  it('hands over each order_update parsed from its JSON text, and ignores malformed ones', async () => {
    const onUpdate = vi.fn();
    const { result } = renderHook(() => useOrderUpdates({ restaurantId: 7, token: 't', onUpdate }));
    await waitFor(() => expect(result.current).toBe('live'));

    server.emitRaw('not json');
    server.emitRaw(JSON.stringify({ order_id: 3, status: 'Eaten', total_amount: 1 }));
    const update: OrderUpdatePayload = { order_id: 3, status: 'Ready', total_amount: 24.5 };
    server.emitUpdate(update);

    await waitFor(() => expect(onUpdate).toHaveBeenCalledWith(update));
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('calls onReconnect once the connection comes back after a drop, not on the first connection', async () => {
    const onReconnect = vi.fn();
    const { result } = renderHook(() =>
      useOrderUpdates({ restaurantId: 7, token: 't', onUpdate: () => {}, onReconnect }),
    );
    await waitFor(() => expect(result.current).toBe('live'));
    expect(onReconnect).not.toHaveBeenCalled();

    server.dropConnections();
    // The 1 s reconnection delay, with Socket.IO's jitter.
    await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1), { timeout: 4000 });
  });
});
