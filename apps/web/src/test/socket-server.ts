import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OrderUpdatePayload, ServerToClientEvents } from '@tableserve/contract/realtime';
import { Server, type Socket } from 'socket.io';
import { afterEach, beforeEach, vi } from 'vitest';

export type Handshake = {
  token: unknown;
  restaurantId: unknown;
  menu: unknown;
  /** A diner's table code (ADR 020), instead of a token. */
  tableCode?: unknown;
  transport: string;
};

/**
 * A real Socket.IO server for the web tests, refusing a handshake without auth.token, a table's
 * code (auth.table_code) or an open menu's query menu, as the API does
 * (apps/server/src/plugins/realtime.ts). It moves jsdom's page to its own origin, because the app
 * connects to window.location.origin.
 */
export async function startSocketServer() {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  const handshakes: Handshake[] = [];
  const sockets = new Set<Socket>();
  io.use((socket, next) => {
    const { auth, query } = socket.handshake;
    handshakes.push({
      token: auth.token,
      restaurantId: query.restaurant_id,
      menu: query.menu,
      tableCode: auth.table_code,
      transport: socket.conn.transport.name,
    });
    // 'revoked' stands for a session that ended: the real server refuses it the same way.
    if ((!auth.token && !query.menu && !auth.table_code) || auth.token === 'revoked')
      return next(new Error('unauthorized'));
    next();
  });
  io.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('disconnect', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const previousUrl = window.location.href;
  jsdomWindow().reconfigure({ url: `http://127.0.0.1:${port}/` });

  return {
    handshakes,
    connectedCount: () => sockets.size,
    emitUpdate: (update: OrderUpdatePayload) => io.emit('order_update', JSON.stringify(update)),
    emitRaw: (message: string) => io.emit('order_update', message),
    /** Any server event with its payload as JSON text, as the API sends them. */
    emit: (event: keyof ServerToClientEvents, payload: unknown) => io.emit(event, JSON.stringify(payload)),
    /** Drops every client's transport, as a network blip does, so clients reconnect by themselves. */
    dropConnections: () => {
      for (const socket of sockets) socket.conn.close();
    },
    async stop() {
      io.disconnectSockets(true);
      await io.close().catch(() => {});
      jsdomWindow().reconfigure({ url: previousUrl });
    },
  };
}

export type SocketServer = Awaited<ReturnType<typeof startSocketServer>>;

/**
 * The setup the live pages' tests share: a fresh socket server for each test, stopped after it,
 * and the test's fetch stub and spies undone. Returns a getter, as each test has its own server.
 */
export function socketServerForEachTest(): () => SocketServer {
  let server: SocketServer | undefined;
  beforeEach(async () => {
    server = await startSocketServer();
  });
  afterEach(async () => {
    await server?.stop();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return () => {
    if (!server) throw new Error('The socket server only runs inside a test.');
    return server;
  };
}

// Vitest's jsdom environment exposes its JSDOM instance as the global `jsdom`.
function jsdomWindow(): { reconfigure(settings: { url: string }): void } {
  return (globalThis as unknown as { jsdom: { reconfigure(settings: { url: string }): void } }).jsdom;
}
