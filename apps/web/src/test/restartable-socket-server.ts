import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

/**
 * A Socket.IO server that can close every connection itself, as a server does when it shuts
 * down, and go away and come back on the same port, as a restarted one does. Like
 * `@/test/socket-server`, it moves jsdom's page to its origin; that helper's stop() moves it back.
 */
export async function restartableSocketServer() {
  let connections = 0;
  const listen = async (port: number) => {
    const io = new Server(createServer(), { transports: ['websocket'] });
    io.on('connection', () => (connections += 1));
    const http = io.httpServer;
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    return { io, port: (http.address() as AddressInfo).port };
  };
  let { io, port } = await listen(0);
  (globalThis as unknown as { jsdom: { reconfigure(settings: { url: string }): void } }).jsdom.reconfigure({
    url: `http://127.0.0.1:${port}/`,
  });
  return {
    connections: () => connections,
    sayGoodbye: () => io.disconnectSockets(true),
    down: () => io.close(),
    up: async () => {
      ({ io, port } = await listen(port));
    },
    stop: () => io.close(),
  };
}
