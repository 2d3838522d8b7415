/**
 * A process of Socket.IO clients for the event-delivery scenario: one Node process cannot hold
 * 10,000 sockets and read their events in time on 2 cores, so the bench starts several of these.
 * Each socket is a staff screen or a diner's phone (websocket transport, auth.token and query
 * restaurant_id, as apps/web/src/lib/socket.ts connects) and records every event it hears with
 * the monotonic clock, which all processes of the machine share.
 */
import { io, type Socket } from 'socket.io-client';
import {
  EVENT_CODES,
  type FromWorker,
  ORDER_STATUSES,
  RECEIPT_FIELDS,
  type SocketSpec,
  type ToWorker,
} from './socket-protocol';

const sockets: Socket[] = [];
let receipts: number[] = [];
let base = 0n;
let closing = false;
let disconnects = 0;

const send = (message: FromWorker) => process.send!(message);

function record(socket: Socket, id: number) {
  for (const [event, code] of Object.entries(EVENT_CODES)) {
    socket.on(event, (payload: unknown) => {
      // The clock first: parsing is the client's time, not the delivery's.
      const at = Number(process.hrtime.bigint() - base);
      let orderId = -1;
      let status = -1;
      try {
        const parsed = JSON.parse(String(payload)) as { order_id?: number; status?: string };
        orderId = parsed.order_id ?? -1;
        status = ORDER_STATUSES.indexOf(parsed.status as (typeof ORDER_STATUSES)[number]);
      } catch {}
      receipts.push(id, code, orderId, status, at);
    });
  }
}

/** Resolves with the refusal's message, or undefined once connected. */
function connect(url: string, spec: SocketSpec): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      // A dropped socket must show as missed events, not be hidden by a reconnection.
      reconnection: false,
      timeout: 60_000,
      query: { restaurant_id: String(spec.restaurantId) },
      auth: { token: spec.token },
    });
    record(socket, spec.id);
    socket.once('connect', () => {
      sockets.push(socket);
      socket.on('disconnect', () => {
        if (!closing) disconnects++;
      });
      resolve(undefined);
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

process.on('message', async (message: ToWorker) => {
  switch (message.type) {
    case 'connect': {
      base = BigInt(message.baseNs);
      const failed: number[] = [];
      let firstError: string | undefined;
      let next = 0;
      // A few handshakes at a time per process: a real crowd does not arrive in one burst either.
      await Promise.all(
        Array.from({ length: message.concurrency }, async () => {
          while (next < message.sockets.length) {
            const spec = message.sockets[next++]!;
            const error = await connect(message.url, spec);
            if (error !== undefined) {
              failed.push(spec.id);
              firstError ??= error;
            }
          }
        }),
      );
      send({ type: 'connected', failed, firstError });
      break;
    }
    case 'count':
      send({ type: 'count', received: receipts.length / RECEIPT_FIELDS, disconnects });
      break;
    case 'collect':
      send({ type: 'receipts', receipts });
      receipts = [];
      break;
    case 'close':
      closing = true;
      for (const socket of sockets) socket.close();
      // Let the close frames go out before the process ends.
      setTimeout(() => process.exit(0), 200);
      break;
  }
});

// The bench went away (killed, crashed): so do its sockets.
process.on('disconnect', () => process.exit(0));
