/**
 * The events scenario's baseline, as bare-server.ts is the menu's: Fastify and Socket.IO set up as
 * the real server sets them up (plugins/realtime.ts), and nothing else: no database, no token
 * check, no log. The same socket workers connect to it and the same kitchen moves its orders
 * (events.ts), so its delivery latency is what this machine, its scheduler and the load generator
 * beside the server allow at best; the real server's figure is compared to it.
 * Run by the bench as `node --import tsx lib/bare-events-server.ts` with PORT (and BENCH_REPORT_FILE).
 */
import Fastify from 'fastify';
import { decodeJwt, type JWTPayload } from 'jose';
import { Server } from 'socket.io';
import { startBenchReport } from '../../apps/server/src/bench-report';

/** A token's claims, read without checking its signature (jose, as lib/jwt.ts reads them): the baseline trusts its callers. */
function claimsOf(token: string | undefined): JWTPayload {
  try {
    return decodeJwt(token ?? '');
  } catch {
    return {};
  }
}

const app = Fastify();
const io = new Server(app.server, {
  path: '/socket.io',
  transports: ['websocket'],
  serveClient: false,
  perMessageDeflate: false,
});
io.use((socket, next) => {
  const { aud, sub } = claimsOf(socket.handshake.auth?.token);
  if (aud === 'customer') socket.join(`customer:${sub}`);
  else socket.join(`staff:${socket.handshake.query.restaurant_id}`);
  next();
});

type Order = { id: number; restaurantId: number; customerId: string | undefined; status: string };
const orders = new Map<number, Order>();
/** An order's figures with OrderUpdatePayload's fields, so the event is about the real one's size. */
const figures = {
  total_amount: 42.5,
  subtotal: 38.64,
  tax: 3.86,
  tax_included: false,
  taxes: [{ name: 'VAT', rate: 10, amount: 3.86 }],
  service: 0,
  payment_timing: 'counter',
  payment_state: 'unpaid',
};
const lines = Array.from({ length: 2 }, (_, index) => ({
  menu_id: index + 1,
  product_name: `Dish ${index + 1}`,
  quantity: 1,
  price: 19.32,
  options: [],
  allergens: [],
}));

app.post<{ Body: { restaurant_id: number } }>('/api/v1/customer/place-order', async (request, reply) => {
  const order: Order = {
    id: orders.size + 1,
    restaurantId: request.body.restaurant_id,
    customerId: claimsOf(request.headers.authorization?.replace(/^Bearer /, '')).sub,
    status: 'Pending',
  };
  orders.set(order.id, order);
  reply.code(201);
  return { message: 'Order placed', order_id: order.id };
});

app.post<{ Params: { restaurant_id: string; order_id: string }; Body: { status: string } }>(
  '/api/v1/kitchen/restaurant/:restaurant_id/update-order-status/:order_id',
  async (request, reply) => {
    const order = orders.get(Number(request.params.order_id));
    if (!order || String(order.restaurantId) !== request.params.restaurant_id) {
      reply.code(404);
      return { message: 'Order not found' };
    }
    order.status = request.body.status;
    const updatedAt = new Date().toISOString();
    const update = { order_id: order.id, status: order.status, updated_at: updatedAt, ...figures };
    const rooms = [
      `staff:${order.restaurantId}`,
      ...(order.customerId ? [`customer:${order.customerId}`] : []),
    ];
    io.to(rooms).emit('order_update', JSON.stringify(update));
    return { message: 'Order status updated', order: { ...update, lines } };
  },
);

app.get('/api/v1/health', async () => ({ status: 'ok' }));
startBenchReport(process.env.BENCH_REPORT_FILE);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
