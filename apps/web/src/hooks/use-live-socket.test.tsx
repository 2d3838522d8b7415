import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restartableSocketServer } from '@/test/restartable-socket-server';
import { startSocketServer } from '@/test/socket-server';
import { type LiveHandlers, useLiveSocket } from './use-live-socket';

let server: Awaited<ReturnType<typeof startSocketServer>>;

beforeEach(async () => {
  server = await startSocketServer();
});
afterEach(async () => {
  await server.stop();
});

type Props = { on?: LiveHandlers; onCatchUp?: () => void; catchUpOnFirstConnection?: boolean };

function liveSocket(props: Props = {}) {
  return renderHook((current: Props) => useLiveSocket({ restaurantId: 7, token: 't', on: {}, ...current }), {
    initialProps: props,
  });
}

describe('useLiveSocket', () => {
  it('connects over websocket with the restaurant in the query and the token in auth', async () => {
    const { result } = renderHook(() => useLiveSocket({ restaurantId: 7, token: 'a-token', on: {} }));
    expect(result.current).toBe('connecting');
    await waitFor(() => expect(result.current).toBe('live'));
    expect(server.handshakes).toEqual([{ token: 'a-token', restaurantId: '7', transport: 'websocket' }]);
  });

  it.each([
    ['a token', { restaurantId: 7, token: null }],
    ['a restaurant', { restaurantId: null, token: 't' }],
  ])('does not connect without %s', async (_, caller) => {
    const { result } = renderHook(() => useLiveSocket({ ...caller, on: {} }));
    expect(result.current).toBe('off');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.handshakes).toEqual([]);
  });

  it("hands each listened event's JSON text to the latest handler, without connecting again", async () => {
    const first = vi.fn();
    const { result, rerender } = liveSocket({ on: { order_update: first } });
    await waitFor(() => expect(result.current).toBe('live'));
    const latest = vi.fn();
    rerender({ on: { order_update: latest } });

    server.emitRaw('not json');
    server.emit('order_deleted', { order_id: 3 });
    server.emitRaw('{"order_id":3}');
    await waitFor(() => expect(latest).toHaveBeenCalledTimes(2));
    expect(latest.mock.calls).toEqual([['not json'], ['{"order_id":3}']]);
    expect(first).not.toHaveBeenCalled();
    expect(server.handshakes).toHaveLength(1);
  });

  it('disconnects on unmount', async () => {
    const { result, unmount } = liveSocket();
    await waitFor(() => expect(result.current).toBe('live'));
    expect(server.connectedCount()).toBe(1);
    unmount();
    await waitFor(() => expect(server.connectedCount()).toBe(0));
  });

  it('catches up once the connection comes back after a drop, not after the first connection', async () => {
    const onCatchUp = vi.fn();
    const { result } = liveSocket({ onCatchUp });
    await waitFor(() => expect(result.current).toBe('live'));
    expect(onCatchUp).not.toHaveBeenCalled();

    server.dropConnections();
    await waitFor(() => expect(result.current).toBe('offline'));
    // The 1 s reconnection delay, with Socket.IO's jitter.
    await waitFor(() => expect(onCatchUp).toHaveBeenCalledTimes(1), { timeout: 4000 });
    // The manager reports the reconnection before the socket's own connect arrives.
    await waitFor(() => expect(result.current).toBe('live'));
  });

  it('catches up after the first connection too, when asked to', async () => {
    const onCatchUp = vi.fn();
    const { result } = liveSocket({ onCatchUp, catchUpOnFirstConnection: true });
    await waitFor(() => expect(result.current).toBe('live'));
    expect(onCatchUp).toHaveBeenCalledTimes(1);
  });

  it('catches up at once when the server refuses the connection, so the screen learns the session ended', async () => {
    const onCatchUp = vi.fn();
    const { result } = renderHook(() =>
      useLiveSocket({ restaurantId: 7, token: 'revoked', on: {}, onCatchUp }),
    );
    await waitFor(() => expect(onCatchUp).toHaveBeenCalledTimes(1));
    expect(result.current).toBe('offline');
  });

  it('comes back by itself after the server closed the connection (a restart), and catches up', async () => {
    const restarting = await restartableSocketServer();
    try {
      const onCatchUp = vi.fn();
      const { result } = liveSocket({ onCatchUp });
      await waitFor(() => expect(result.current).toBe('live'));
      restarting.sayGoodbye();
      await waitFor(() => expect(restarting.connections()).toBe(2), { timeout: 4000 });
      await waitFor(() => expect(onCatchUp).toHaveBeenCalledTimes(1));
      expect(result.current).toBe('live');
    } finally {
      await restarting.stop();
    }
  });

  it('keeps trying, 1 s apart, after the 5 attempts while the server is down, and is back within a second of it', async () => {
    const restarting = await restartableSocketServer();
    try {
      const onCatchUp = vi.fn();
      const { result } = liveSocket({ onCatchUp });
      await waitFor(() => expect(result.current).toBe('live'));
      await restarting.down();
      await waitFor(() => expect(result.current).toBe('offline'));
      // 5 attempts at most 1 s apart, and some time after them.
      await new Promise((resolve) => setTimeout(resolve, 6500));
      await restarting.up();
      // Back within about a second of the server, not after a backoff of up to 5 s.
      await waitFor(() => expect(onCatchUp).toHaveBeenCalledTimes(1), { timeout: 1800 });
      expect(restarting.connections()).toBe(2);
    } finally {
      await restarting.stop();
    }
  }, 15_000);
});
