import type { OrderUpdatePayload } from '@tableserve/contract/realtime';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restartableSocketServer } from '@/test/restartable-socket-server';
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
  it('connects over websocket with the restaurant in the query and the token in auth', async () => {
    const { result } = renderHook(() =>
      useOrderUpdates({ restaurantId: 7, token: 'diner-token', onUpdate: () => {} }),
    );
    await waitFor(() => expect(result.current).toBe('live'));
    expect(server.handshakes).toEqual([{ token: 'diner-token', restaurantId: '7', transport: 'websocket' }]);
  });

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

  it('does not connect without a token', async () => {
    const { result } = renderHook(() =>
      useOrderUpdates({ restaurantId: 7, token: null, onUpdate: () => {} }),
    );
    expect(result.current).toBe('off');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.handshakes).toEqual([]);
  });

  it('disconnects on unmount', async () => {
    const { result, unmount } = renderHook(() =>
      useOrderUpdates({ restaurantId: 7, token: 't', onUpdate: () => {} }),
    );
    await waitFor(() => expect(result.current).toBe('live'));
    expect(server.connectedCount()).toBe(1);
    unmount();
    await waitFor(() => expect(server.connectedCount()).toBe(0));
  });

  it('calls onReconnect once the connection comes back after a drop', async () => {
    const onReconnect = vi.fn();
    const { result } = renderHook(() =>
      useOrderUpdates({ restaurantId: 7, token: 't', onUpdate: () => {}, onReconnect }),
    );
    await waitFor(() => expect(result.current).toBe('live'));
    expect(onReconnect).not.toHaveBeenCalled();

    server.dropConnections();
    // The spec's 1 s reconnection delay, with Socket.IO's jitter.
    await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1), { timeout: 4000 });
    // The manager reports the reconnection before the socket's own connect arrives.
    await waitFor(() => expect(result.current).toBe('live'));
  });

  it('comes back by itself after the server closed the connection (a restart), and says so', async () => {
    const restarting = await restartableSocketServer();
    try {
      const onReconnect = vi.fn();
      const { result } = renderHook(() =>
        useOrderUpdates({ restaurantId: 7, token: 't', onUpdate: () => {}, onReconnect }),
      );
      await waitFor(() => expect(result.current).toBe('live'));
      restarting.sayGoodbye();
      await waitFor(() => expect(restarting.connections()).toBe(2), { timeout: 4000 });
      await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1));
      expect(result.current).toBe('live');
    } finally {
      await restarting.stop();
    }
  });

  it('keeps trying after the 5 attempts while the server is down, and is back within a second of it', async () => {
    const restarting = await restartableSocketServer();
    try {
      const onReconnect = vi.fn();
      const { result } = renderHook(() =>
        useOrderUpdates({ restaurantId: 7, token: 't', onUpdate: () => {}, onReconnect }),
      );
      await waitFor(() => expect(result.current).toBe('live'));
      await restarting.down();
      await waitFor(() => expect(result.current).toBe('offline'));
      await new Promise((resolve) => setTimeout(resolve, 6500));
      await restarting.up();
      await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1), { timeout: 1800 });
    } finally {
      await restarting.stop();
    }
  }, 15_000);
});
