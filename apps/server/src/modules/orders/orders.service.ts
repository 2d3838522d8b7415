import { displayMenuServerMessages } from '@tableserve/contract/customer-menu';
import {
  type OrderStatus,
  type OrderSummary,
  type PlaceOrder,
  orderServerMessages as text,
} from '@tableserve/contract/order';
import { pagination } from '@tableserve/contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import type { DomainEventBus } from '../../lib/domain-events';
import { centsToDollars } from '../../lib/money';
import type { PublishedMenu, PublishedMenus } from '../customer-menu/published-menus';
import { customerReads } from '../customers/customer-reads';
import { type RestaurantRow, restaurantReads } from '../restaurants/restaurant-reads';
import { toOrderLine } from './order-lines';
import { priceOrder, toOrderMoney } from './order-money';
import { type OrderItemRow, type OrderRow, ordersRepository as repo } from './orders.repository';
import { createOrderPlacement, type DraftOrder, type OrderBilling, type PreparedOrder } from './place-order';

export type OrdersService = ReturnType<typeof createOrdersService>;

function toSummary(order: OrderRow, lines: OrderItemRow[], restaurant: RestaurantRow): OrderSummary {
  return {
    order_id: order.id,
    status: order.status,
    total_amount: centsToDollars(order.totalCents),
    ...toOrderMoney(order, lines),
    items: lines.map(toOrderLine),
    restaurant_id: restaurant.id,
    restaurant_name: restaurant.name,
    address: restaurant.address,
    city: restaurant.city,
    state: restaurant.state,
    phone: restaurant.phone,
    order_type: order.orderType,
    table_number: order.tableNumber,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

/** The diner's orders: placed with the server's own prices, and read back by the diner. */
export function createOrdersService(deps: {
  db: Db;
  /** The restaurant, its subscription's validity and its prices, read once per change. */
  publishedMenus: PublishedMenus;
  events: DomainEventBus;
  /** The app's clock: order times follow it, so tests (and daily sales) can move it. */
  now?: () => Date;
  /** The bill of an order paid online (the bills module); absent, every order is paid at the counter. */
  billing?: OrderBilling;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const placeOnce = createOrderPlacement({ ...deps, now });

  /**
   * How the order is paid (docs/decisions/020-money-model.md#when-the-restaurant-is-paid): the
   * restaurant's timing, copied; online, its bill too. At the counter, nothing more is written.
   */
  async function paymentOf(
    tx: DbOrTx,
    restaurant: RestaurantRow,
    { tableNumber, totalCents }: { tableNumber: number | null; totalCents: number },
    lineCount: number,
  ) {
    const paymentTiming = restaurant.paymentTiming;
    if (paymentTiming === 'counter' || !deps.billing) return {};
    const bill = await deps.billing(
      tx,
      { restaurantId: restaurant.id, paymentTiming, tableNumber, totalCents, lineCount },
      now(),
    );
    return { paymentTiming, ...bill };
  }

  async function summaryOf(order: OrderRow, restaurant: RestaurantRow) {
    return toSummary(order, await repo.linesOf(db, [order.id]), restaurant);
  }

  /** Everything a diner's order is checked against that the published menu answers. */
  function checked(menu: PublishedMenu | undefined, customerId: number, body: PlaceOrder) {
    if (!menu) throw notFound(text.restaurantNotFound, 'RESTAURANT_NOT_FOUND');
    const { restaurant } = menu;
    if (!menu.subscriptionValid) {
      throw forbidden(displayMenuServerMessages.subscriptionInvalid, 'SUBSCRIPTION_INVALID');
    }
    let tableNumber: number | null = null;
    if (body.order_type === 'dine-in') {
      const table = body.table_no;
      if (restaurant.numberOfTables < 1) throw badRequest(text.noTables, 'NO_TABLES');
      if (table === null || table === undefined) throw badRequest(text.tableRequired, 'TABLE_REQUIRED');
      if (table < 1 || table > restaurant.numberOfTables) {
        throw badRequest(text.tableOutOfRange(restaurant.numberOfTables), 'TABLE_OUT_OF_RANGE');
      }
      tableNumber = table;
    } else if (!body.customer_location) {
      throw badRequest(text.pickupNeedsLocation, 'LOCATION_REQUIRED');
    }
    const { lines, figures } = priceOrder(
      menu,
      body.order_items.map((line) => ({
        menuItemId: line.menu_item_id,
        quantity: line.quantity,
        options: line.options,
      })),
      body.party_size ?? null,
    );
    const order = {
      restaurantId: restaurant.id,
      customerId,
      orderType: body.order_type,
      tableNumber,
      ...figures,
      orderTime: body.order_time ?? null,
      latitude: body.customer_location?.latitude ?? null,
      longitude: body.customer_location?.longitude ?? null,
    };
    return { restaurant, order, lines };
  }

  /** The diner's order, checked and priced, ready for the transaction to write. */
  async function prepare(
    tx: DbOrTx,
    menu: PublishedMenu | undefined,
    customerId: number,
    body: PlaceOrder,
  ): Promise<PreparedOrder> {
    const { restaurant, order, lines } = checked(menu, customerId, body);
    const customer = await customerReads.byId(tx, customerId);
    if (!customer) throw notFound(text.notFound, 'CUSTOMER_NOT_FOUND');
    return {
      restaurant,
      order: {
        ...order,
        customerName: customer.customerName,
        phoneNumber: customer.phoneNumber,
        ...(await paymentOf(tx, restaurant, order, lines.length)),
      },
      lines,
    };
  }

  /**
   * The diner's order for one statement, when it takes one: paid at the counter (no bill to
   * open) and accepted by every check here. A refusal is left to `prepare`, in the transaction
   * that records it with the Idempotency-Key.
   */
  function draft(
    menu: PublishedMenu | undefined,
    customerId: number,
    body: PlaceOrder,
  ): DraftOrder | undefined {
    if (deps.billing && menu && menu.restaurant.paymentTiming !== 'counter') return undefined;
    try {
      return checked(menu, customerId, body);
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  return {
    /** Idempotent per Idempotency-Key: a double-tapped Submit creates one order. */
    place(customerId: number, body: PlaceOrder, idempotencyKey: string | undefined) {
      return placeOnce(
        { scope: `place-order:${customerId}`, key: idempotencyKey, body, restaurantId: body.restaurant_id },
        (tx, menu) => prepare(tx, menu, customerId, body),
        undefined,
        (menu) => draft(menu, customerId, body),
      );
    },

    /** The ordering customer's view; anyone else's order answers like a missing one. */
    async summary(customerId: number, restaurantId: number, orderId: number): Promise<OrderSummary> {
      const order = await repo.find(db, restaurantId, orderId);
      const restaurant =
        order && order.customerId === customerId ? await restaurantReads.byId(db, restaurantId) : undefined;
      if (!order || !restaurant) throw notFound(text.notFound, 'ORDER_NOT_FOUND');
      return summaryOf(order, restaurant);
    },

    /** Public: the status only, no personal data. */
    async status(restaurantId: number, orderId: number): Promise<{ order_id: number; status: OrderStatus }> {
      const order = await repo.find(db, restaurantId, orderId);
      if (!order) throw notFound(text.notFound, 'ORDER_NOT_FOUND');
      return { order_id: order.id, status: order.status };
    },

    async listOfCustomer(callerId: number, customerId: number, page: number, perPage: number) {
      if (callerId !== customerId) throw notFound(text.notFound, 'CUSTOMER_NOT_FOUND');
      const { rows, total } = await repo.listOfCustomer(db, customerId, perPage, (page - 1) * perPage);
      const [lines, restaurantRows] = await Promise.all([
        repo.linesOf(
          db,
          rows.map((row) => row.id),
        ),
        restaurantReads.byIds(db, [...new Set(rows.map((row) => row.restaurantId))]),
      ]);
      const byRestaurant = new Map(restaurantRows.map((row) => [row.id, row]));
      return {
        orders: rows.map((row) =>
          toSummary(
            row,
            lines.filter((line) => line.orderId === row.id),
            byRestaurant.get(row.restaurantId)!,
          ),
        ),
        pagination: pagination(page, perPage, total),
      };
    },
  };
}
