import {
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderServerMessages,
  type PlaceOrderResponse,
} from '@tableserve/contract/order';
import {
  type OrderFilter,
  type OrderSort,
  type OwnerPlaceOrder,
  ownerOrderServerMessages as text,
} from '@tableserve/contract/owner-orders';
import { pagination } from '@tableserve/contract/pagination';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { businessDayAt } from '../../lib/business-day';
import type { DomainEventBus } from '../../lib/domain-events';
import { type Outcome, once } from '../../lib/idempotency';
import { centsToDollars } from '../../lib/money';
import { type RestaurantRow, restaurantsRepository } from '../restaurants/restaurants.repository';
import { priceLines } from './order-lines';
import { type OrderRow, ordersRepository as repo } from './orders.repository';
import { staffOrdersOf, toStaffOrder } from './staff-order';

export type StaffOrdersService = ReturnType<typeof createStaffOrdersService>;

const orderNotFound = () => notFound(orderServerMessages.notFound, 'ORDER_NOT_FOUND');

/**
 * The restaurant's side of orders (owner-side §2, §4; DESIGN.md §4): Order Summary, Order
 * Management, the kitchen, Mark as Paid and the owner's own walk-in orders. Every call names a
 * restaurant and checks it is the caller's: another owner's restaurant or order answers 404 and
 * changes nothing.
 */
export function createStaffOrdersService(deps: { db: Db; events: DomainEventBus; now: () => Date }) {
  const { db, events, now } = deps;

  async function ownedRestaurant(ownerId: number, restaurantId: number): Promise<RestaurantRow> {
    const restaurant = await restaurantsRepository.findById(db, restaurantId);
    if (restaurant?.ownerId !== ownerId)
      throw notFound(orderServerMessages.restaurantNotFound, 'RESTAURANT_NOT_FOUND');
    return restaurant;
  }

  /** The caller's live order of the caller's restaurant. */
  async function ownedOrder(ownerId: number, restaurantId: number, orderId: number) {
    const restaurant = await ownedRestaurant(ownerId, restaurantId);
    const order = await repo.find(db, restaurant.id, orderId);
    if (!order) throw orderNotFound();
    return { restaurant, order };
  }

  /** Tells the staff (and each order's diner) what changed, with the orders as the lists show them. */
  async function announceUpdates(rows: OrderRow[], restaurant: RestaurantRow) {
    const staffOrders = await staffOrdersOf(db, rows, restaurant);
    staffOrders.forEach((order, index) => {
      events.emit('order.updated', {
        restaurantId: restaurant.id,
        customerId: rows[index]!.customerId,
        order,
      });
    });
    return staffOrders;
  }

  /** Moves one order along the status machine; a concurrent change makes it a 409, not a double move. */
  async function moveStatus(ownerId: number, restaurantId: number, orderId: number, to: OrderStatus) {
    const { restaurant, order } = await ownedOrder(ownerId, restaurantId, orderId);
    const illegal = () =>
      conflict(orderServerMessages.illegalTransition(order.status, to), 'ILLEGAL_TRANSITION');
    if (!ORDER_TRANSITIONS[order.status].includes(to)) throw illegal();
    const updated = await repo.setStatus(db, order.id, order.status, to, now());
    if (!updated) throw illegal();
    const [staffOrder] = await announceUpdates([updated], restaurant);
    return staffOrder!;
  }

  async function placeForOwner(ownerId: number, body: OwnerPlaceOrder): Promise<Outcome<PlaceOrderResponse>> {
    if (body.user_id !== ownerId)
      throw notFound(orderServerMessages.restaurantNotFound, 'RESTAURANT_NOT_FOUND');
    const restaurant = await ownedRestaurant(ownerId, body.restaurant_id);
    const table = body.table_number ?? null;
    if (table !== null && table > restaurant.numberOfTables) {
      throw badRequest(orderServerMessages.tableOutOfRange(restaurant.numberOfTables), 'TABLE_OUT_OF_RANGE');
    }
    const { lines, totalCents } = await priceLines(
      db,
      restaurant.id,
      body.items.map((item) => ({ menuItemId: item.menu_id, quantity: item.quantity })),
    );
    const at = now();
    const order = await db.transaction((tx) =>
      repo.insert(
        tx,
        {
          restaurantId: restaurant.id,
          customerId: null,
          customerName: body.customer_name,
          phoneNumber: body.phone_number,
          orderType: table === null ? 'pickup' : 'dine-in',
          tableNumber: table,
          totalCents,
          otherOrderDetails: body.other_order_details || null,
          createdAt: at,
          updatedAt: at,
        },
        lines,
      ),
    );
    events.emit('order.created', {
      restaurantId: restaurant.id,
      customerId: null,
      order: toStaffOrder(order, lines, restaurant),
    });
    return {
      status: 201,
      body: {
        message: orderServerMessages.placed,
        order_id: order.id,
        status: order.status,
        total_amount: centsToDollars(totalCents),
      },
    };
  }

  return {
    /** Order Summary: filtered, searched and sorted in SQL, with today's counters. */
    async summaryList(
      ownerId: number,
      restaurantId: number,
      query: {
        page: number;
        per_page: number;
        filter: OrderFilter;
        sort: OrderSort;
        search?: string | undefined;
      },
    ) {
      const restaurant = await ownedRestaurant(ownerId, restaurantId);
      const today = businessDayAt(now(), restaurant);
      const [{ rows, total }, counters] = await Promise.all([
        repo.listOfRestaurant(db, restaurant.id, {
          filter: query.filter,
          sort: query.sort,
          search: query.search,
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        }),
        repo.countInSpan(db, restaurant.id, today.start, today.end),
      ]);
      return {
        orders: await staffOrdersOf(db, rows, restaurant),
        pagination: {
          ...pagination(query.page, query.per_page, total),
          working_hours_total_orders: counters.total,
          working_hours_paid_orders: counters.paid,
          working_hours_date: today.date,
        },
      };
    },

    /** Order Management: every live order, newest first. */
    async ownerList(ownerId: number, restaurantId: number, page: number, perPage: number) {
      const restaurant = await ownedRestaurant(ownerId, restaurantId);
      const { rows, total } = await repo.listOfRestaurant(db, restaurant.id, {
        filter: 'all',
        sort: 'newest',
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return {
        orders: await staffOrdersOf(db, rows, restaurant),
        pagination: pagination(page, perPage, total),
      };
    },

    /** The kitchen's screen: the current business day's orders, oldest first. */
    async kitchenList(ownerId: number, restaurantId: number) {
      const restaurant = await ownedRestaurant(ownerId, restaurantId);
      const today = businessDayAt(now(), restaurant);
      const rows = await repo.listInSpan(db, restaurant.id, today.start, today.end);
      return { orders: await staffOrdersOf(db, rows, restaurant) };
    },

    /** The kitchen's and the owner's status changes, along the status machine only. */
    async updateStatus(ownerId: number, restaurantId: number, orderId: number, to: OrderStatus) {
      const order = await moveStatus(ownerId, restaurantId, orderId, to);
      return { message: orderServerMessages.statusUpdated(to), order };
    },

    async approve(ownerId: number, restaurantId: number, orderId: number) {
      const { order } = await ownedOrder(ownerId, restaurantId, orderId);
      if (order.status !== 'Pending') throw conflict(text.onlyPendingApprovable, 'NOT_PENDING');
      return { message: text.approved, order: await moveStatus(ownerId, restaurantId, orderId, 'Approved') };
    },

    /** Mark as Paid: Ready → Completed. */
    async markPaid(ownerId: number, restaurantId: number, orderId: number) {
      const { order } = await ownedOrder(ownerId, restaurantId, orderId);
      if (order.status !== 'Ready') throw conflict(text.notReady(order.id), 'NOT_READY');
      return {
        message: text.markedPaid(1),
        order: await moveStatus(ownerId, restaurantId, orderId, 'Completed'),
      };
    },

    /** 'Mark Selected as Paid': all of them Ready and of this restaurant, or none changes. */
    async markManyPaid(ownerId: number, restaurantId: number, orderIds: number[]) {
      const restaurant = await ownedRestaurant(ownerId, restaurantId);
      const moved = await db.transaction(async (tx) => {
        const rows = await repo.lockMany(tx, restaurant.id, orderIds);
        if (rows.length !== orderIds.length) throw orderNotFound();
        const notReady = rows.find((row) => row.status !== 'Ready');
        if (notReady) throw conflict(text.notReady(notReady.id), 'NOT_READY');
        const updated = await repo.setStatusOfMany(tx, orderIds, 'Ready', 'Completed', now());
        // Locked above, so this cannot happen; if it did, nothing must change.
        if (updated.length !== orderIds.length) throw conflict(text.notReady(orderIds[0]!), 'NOT_READY');
        return updated;
      });
      const orders = await announceUpdates(moved, restaurant);
      return { message: text.markedPaid(orders.length), orders };
    },

    /** Order Management's edit of a Pending order: new lines, priced again from the menu. */
    async edit(ownerId: number, orderId: number, items: { menu_item_id: number; quantity: number }[]) {
      const order = await repo.findById(db, orderId);
      const restaurant = order ? await restaurantsRepository.findById(db, order.restaurantId) : undefined;
      if (!order || restaurant?.ownerId !== ownerId) throw orderNotFound();
      if (order.status !== 'Pending') throw conflict(text.onlyPendingEditable, 'NOT_PENDING');
      const { lines, totalCents } = await priceLines(
        db,
        restaurant.id,
        items.map((item) => ({ menuItemId: item.menu_item_id, quantity: item.quantity })),
      );
      const updated = await db.transaction((tx) => repo.replaceLines(tx, order.id, lines, totalCents, now()));
      if (!updated) throw conflict(text.onlyPendingEditable, 'NOT_PENDING');
      const [staffOrder] = await announceUpdates([updated], restaurant);
      return { message: text.updated, order: staffOrder! };
    },

    /** Soft delete: kept for the records, hidden from lists and reports; never a Completed order. */
    async remove(ownerId: number, restaurantId: number, orderId: number) {
      const { restaurant, order } = await ownedOrder(ownerId, restaurantId, orderId);
      if (order.status === 'Completed') throw conflict(text.completedNotDeletable, 'ORDER_COMPLETED');
      const deleted = await repo.softDelete(db, order.id, now());
      if (!deleted) throw conflict(text.completedNotDeletable, 'ORDER_COMPLETED');
      events.emit('order.deleted', {
        restaurantId: restaurant.id,
        customerId: order.customerId,
        orderId: order.id,
      });
      return { message: text.deleted };
    },

    /** The owner's Place Order form: a walk-in or phone order, priced by the server, once per key. */
    place(ownerId: number, body: OwnerPlaceOrder, idempotencyKey: string | undefined) {
      return once(db, { scope: `owner-order:${ownerId}`, key: idempotencyKey, body }, () =>
        placeForOwner(ownerId, body),
      );
    },
  };
}
