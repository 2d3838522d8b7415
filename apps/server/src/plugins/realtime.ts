import { createAdapter } from '@socket.io/redis-adapter';
import { TableCode } from '@tableserve/contract/bills';
import { id } from '@tableserve/contract/fields';
import {
  type BillUpdatedPayload,
  type MenuItemSoldOutPayload,
  type NewOrderPayload,
  type OrderDeletedPayload,
  type OrderUpdatePayload,
  type ServerToClientEvents,
  SOCKET_UNAUTHORIZED,
} from '@tableserve/contract/realtime';
import { can } from '@tableserve/contract/staff-roles';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Gauge } from 'prom-client';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client';
import type { DomainEventBus } from '../lib/domain-events';
import type { Audience } from '../lib/jwt';
import type { SessionTokens } from '../lib/session-tokens';
import type { OpenBillsService } from '../modules/bills/open-bills.service';
import type { PublishedMenus } from '../modules/customer-menu/published-menus';
import { findRestaurantOfCaller } from '../modules/restaurants/restaurant-of-caller';
import { tableKeyMatches } from '../modules/restaurants/table-keys';
import type { StaffActors } from '../modules/staff/staff-actors';
import { actorOfToken } from './auth';
import type { SocketKind } from './metrics';

const staffRoom = (restaurantId: number) => `staff:${restaurantId}`;
const customerRoom = (customerId: number) => `customer:${customerId}`;
/** Every open menu of a restaurant: public, as the menu is, and told only what left it or came back. */
const menuRoom = (restaurantId: number) => `menu:${restaurantId}`;
/** The staff who follow orders (orders.view): they see the bills; a kitchen tablet does not. */
const billsRoom = (restaurantId: number) => `bills:${restaurantId}`;
/** The diners at one table, by its code: they follow that table's bill. */
const tableRoom = (restaurantId: number, table: number) => `table:${restaurantId}:${table}`;
/** Every socket of one login account, whatever it listens to: closed when its sessions end. */
const accountRoom = (audience: Audience, accountId: number) => `account:${audience}:${accountId}`;

/**
 * Socket.IO on the API's own port. A connection names its restaurant (query restaurant_id) and
 * carries a token (auth.token): the restaurant's owner, staff members and paired devices (every
 * role: the staff screens all follow the orders) join its staff room, a diner joins their own
 * room. A menu open without a login names its restaurant in query menu and joins that menu's
 * room, when the restaurant publishes a menu; a diner (signed in or not) who gives the table's
 * code with its key (auth.table_code) joins that table's room too; anyone else is refused. This module alone maps domain events to rooms, so a diner
 * hears only their own orders. With Redis, every instance's sockets hear every instance's events.
 */
export function registerRealtime(
  app: FastifyInstance,
  deps: {
    db: Db;
    tokens: SessionTokens;
    staffActors: StaffActors;
    events: DomainEventBus;
    publishedMenus: PublishedMenus;
    redis: Redis | undefined;
    /** The deployment's REDIS_PREFIX: its rooms are its own on a shared Redis. */
    redisPrefix: string;
    openBills: OpenBillsService;
    /** Open sockets by kind (plugins/metrics.ts). */
    sockets: Gauge<'kind'>;
  },
) {
  const io = new Server<Record<string, never>, ServerToClientEvents>(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    // Browsers offer permessage-deflate; accepted, every event would be compressed once per
    // socket it reaches (thousands of diners' phones), and each socket would keep its own zlib
    // state. The events are a few hundred bytes: off, as engine.io's default has it, and stays so.
    perMessageDeflate: false,
  });
  // The adapter's own pub/sub connections: it never closes them, so onClose below does.
  const pubSub = deps.redis ? [deps.redis.duplicate(), deps.redis.duplicate()] : [];
  const [pub, sub] = pubSub;
  if (pub && sub) io.adapter(createAdapter(pub, sub, { key: `${deps.redisPrefix}socket.io` }));

  /**
   * The room of the table a diner's socket names (auth.table_code), checked like the table's QR
   * code: the restaurant's current menu token, a table it has, a menu it publishes, and the
   * table's key, which only its card carries (docs/decisions/025-table-keys.md), since the room
   * hears the bill's figures. Null when none is named; undefined when the code is wrong.
   */
  async function tableRoomOf(code: unknown): Promise<string | null | undefined> {
    if (code === undefined) return null;
    const parsed = TableCode.safeParse(code);
    if (!parsed.success) return undefined;
    const menu = await deps.publishedMenus.byToken(parsed.data.token);
    const { table, key } = parsed.data;
    if (!menu?.subscriptionValid || table < 1 || table > menu.restaurant.numberOfTables) return undefined;
    if (!tableKeyMatches(menu.restaurant, table, key)) return undefined;
    return tableRoom(menu.restaurant.id, table);
  }

  /** Counts an admitted socket as open until it disconnects. */
  function opened(socket: Socket, kind: SocketKind) {
    deps.sockets.inc({ kind });
    socket.once('disconnect', () => deps.sockets.dec({ kind }));
  }

  io.use(async (socket, next) => {
    const { auth, query } = socket.handshake;
    const token = String(auth?.token ?? query.token ?? '');
    const restaurantId = id.safeParse(query.restaurant_id);
    const menuOf = id.safeParse(query.menu);
    try {
      const table = await tableRoomOf(auth?.table_code);
      if (table === undefined) return next(new Error(SOCKET_UNAUTHORIZED));
      if (!token && table) {
        await socket.join(table);
        opened(socket, 'table');
        return next();
      }
      if (!token && menuOf.success) {
        // The cached published menu: an open menu's socket costs no query.
        const menu = await deps.publishedMenus.byId(menuOf.data);
        if (menu?.subscriptionValid) {
          await socket.join(menuRoom(menu.restaurant.id));
          opened(socket, 'menu');
          return next();
        }
        return next(new Error(SOCKET_UNAUTHORIZED));
      }
      const audience = token ? deps.tokens.claimedAudience(token) : undefined;
      const actor = audience && audience !== 'customer' ? await actorOfToken(deps, token) : undefined;
      if (actor && restaurantId.success) {
        const restaurant = await findRestaurantOfCaller(deps.db, actor.ownerId, restaurantId.data);
        if (restaurant) {
          const bills = can(actor.role, 'orders.view') ? [billsRoom(restaurant.id)] : [];
          await socket.join([staffRoom(restaurant.id), ...bills, accountRoom(actor.kind, actor.id)]);
          opened(socket, 'staff');
          return next();
        }
      }
      const customerId = audience === 'customer' ? await deps.tokens.verify('customer', token) : undefined;
      if (customerId) {
        await socket.join([
          customerRoom(customerId),
          accountRoom('customer', customerId),
          ...(table ? [table] : []),
        ]);
        opened(socket, 'diner');
        return next();
      }
      next(new Error(SOCKET_UNAUTHORIZED));
    } catch (error) {
      // The client learns only that it was refused; the reason stays in the log.
      app.log.error({ err: error }, 'socket handshake failed');
      next(new Error(SOCKET_UNAUTHORIZED));
    }
  });

  deps.events.on('order.created', ({ restaurantId, order }) => {
    const payload: NewOrderPayload = order;
    io.to(staffRoom(restaurantId)).emit('new_order', JSON.stringify(payload));
  });
  deps.events.on('order.updated', ({ restaurantId, customerId, order, dinerOnly }) => {
    const update: OrderUpdatePayload = {
      order_id: order.order_id,
      status: order.status,
      total_amount: order.total_amount,
      updated_at: order.updated_at,
      // The figures too (docs/decisions/020-money-model.md): an edit re-prices, a payment pays.
      subtotal: order.subtotal,
      tax: order.tax,
      tax_included: order.tax_included,
      taxes: order.taxes,
      service: order.service,
      payment_timing: order.payment_timing,
      payment_state: order.payment_state,
      refunded: order.refunded,
    };
    const rooms = [
      ...(dinerOnly ? [] : [staffRoom(restaurantId)]),
      ...(customerId ? [customerRoom(customerId)] : []),
    ];
    if (rooms.length > 0) io.to(rooms).emit('order_update', JSON.stringify(update));
  });

  deps.events.on('order.deleted', ({ restaurantId, orderId }) => {
    const payload: OrderDeletedPayload = { order_id: orderId };
    io.to(staffRoom(restaurantId)).emit('order_deleted', JSON.stringify(payload));
  });

  deps.events.on('menu.sold_out', ({ restaurantId, menuId, soldOut, item }) => {
    const payload: MenuItemSoldOutPayload = { menu_id: menuId, sold_out: soldOut, ...(item && { item }) };
    io.to([staffRoom(restaurantId), menuRoom(restaurantId)]).emit(
      'menu_item_sold_out',
      JSON.stringify(payload),
    );
  });

  // Read once per change, after it committed: the staff, the table and the bill's diners hear the
  // same figures. A failed read loses one update; the next change or a refetch brings it back.
  deps.events.on('bill.updated', ({ billId }) => {
    deps.openBills
      .summary(billId)
      .then((bill) => {
        if (!bill) return;
        const payload: BillUpdatedPayload = bill.summary;
        const rooms = [
          billsRoom(bill.restaurantId),
          ...(bill.tableNumber === null ? [] : [tableRoom(bill.restaurantId, bill.tableNumber)]),
          ...bill.customerIds.map(customerRoom),
        ];
        io.to(rooms).emit('bill.updated', JSON.stringify(payload));
      })
      .catch((error) => app.log.error({ err: error, billId }, 'bill update not announced'));
  });

  // A password reset, "log out everywhere", a staff member's removal or role change and a
  // device's revocation end open sockets too, on every instance (the adapter relays it); a
  // reconnect is then checked afresh.
  deps.tokens.onRevoked((audience, accountId) => {
    io.in(accountRoom(audience, accountId)).disconnectSockets(true);
  });

  // This instance's connections only (io.disconnectSockets would reach every instance through
  // the adapter), ended at the transport: the clients see a lost connection, not a refusal, and
  // reconnect by themselves, through the proxy to an instance still running.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    // Fastify has closed the HTTP server already; io.close() finding it closed is expected.
    await io.close().catch(() => {});
    await Promise.all(pubSub.map((client) => client.quit().catch(() => client.disconnect())));
  });
}
