import type { OrderHistoryResponse } from '@tableserve/contract/audit';
import { orderMoneyMessages } from '@tableserve/contract/ledger';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderServerMessages,
} from '@tableserve/contract/order';
import {
  type MoneyPreviewBody,
  type MoneyPreviewResponse,
  type OrderFilter,
  type OrderSort,
  type OwnerPlaceOrder,
  type StaffOrder,
  ownerOrderServerMessages as text,
} from '@tableserve/contract/owner-orders';
import { pagination } from '@tableserve/contract/pagination';
import { approvalPermission, type Permission, staffRoleMessages } from '@tableserve/contract/staff-roles';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { businessDayAt } from '../../lib/business-day';
import type { DomainEventBus } from '../../lib/domain-events';
import { centsToDollars, formatCents } from '../../lib/money';
import { recordAudit, recordAudits } from '../audit/audit-log';
import { auditReads } from '../audit/audit-reads';
import type { PublishedMenu, PublishedMenus } from '../customer-menu/published-menus';
import { announceStockChanges, refuseShort } from '../menu/stock';
import type { StockChange } from '../menu/stock-counts';
import { ofCaller, restaurantNotFound } from '../restaurants/restaurant-of-caller';
import type { RestaurantRow } from '../restaurants/restaurant-reads';
import { type MoneyEffect, NotChanged, type OrderMoneyGuard, Previewed } from './order-changes';
import { giveBack, rehold } from './order-holds';
import type { PricedLine } from './order-lines';
import { priceOrder } from './order-money';
import { type OrderRow, ordersRepository as repo, type StaffOrderRow } from './orders.repository';
import { createOrderPlacement, type PreparedOrder } from './place-order';
import { staffOrdersOf, toStaffOrder } from './staff-order';

export type StaffOrdersService = ReturnType<typeof createStaffOrdersService>;

const orderNotFound = () => notFound(orderServerMessages.notFound, 'ORDER_NOT_FOUND');

type MoneyPreviewChange = z.output<typeof MoneyPreviewBody>;

/** A change's effect on the money as its confirmation says it (docs/product/payments.md#order-changes). */
function moneyPreviewOf(effect: MoneyEffect): MoneyPreviewResponse {
  const refundTotal = effect.refunds.reduce((sum, refund) => sum + refund.amountCents + refund.tipCents, 0);
  const sentences = [
    ...effect.refunds.map((refund) =>
      orderMoneyMessages.refundsTo(formatCents(refund.amountCents + refund.tipCents), refund.cardLast4),
    ),
    ...(effect.asksMoreCents > 0 ? [orderMoneyMessages.asksMore(formatCents(effect.asksMoreCents))] : []),
  ];
  return {
    refunds: effect.refunds.map((refund) => ({
      amount: centsToDollars(refund.amountCents),
      tip: centsToDollars(refund.tipCents),
      card_last4: refund.cardLast4,
    })),
    refund_total: centsToDollars(refundTotal),
    asks_more: centsToDollars(effect.asksMoreCents),
    message: sentences.length > 0 ? sentences.join(' ') : null,
  };
}

/** What a move is called in the audit trail: Approved from Ready is the kitchen's recall. */
function statusAction(from: OrderStatus, to: OrderStatus): string {
  switch (to) {
    case 'Approved':
      return from === 'Ready' ? 'order.recalled' : 'order.approved';
    case 'Ready':
      return 'order.ready';
    case 'Completed':
      return 'order.paid';
    case 'Cancelled':
      return 'order.cancelled';
    case 'Pending':
      return 'order.pending';
  }
}

/** An order line as the audit trail keeps it: enough to read what changed. */
const auditLine = (line: Pick<PricedLine, 'productName' | 'quantity'> & { menuItemId: number | null }) => ({
  menu_item_id: line.menuItemId,
  name: line.productName,
  quantity: line.quantity,
});

/**
 * The restaurant's side of orders (docs/product/order-statuses.md#status-machine): Order Summary, Order
 * Management, the kitchen, Mark as Paid and the owner's own walk-in orders. Every call names a
 * restaurant and checks it is the caller's: another owner's restaurant or order answers 404 and
 * changes nothing.
 */
export function createStaffOrdersService(deps: {
  db: Db;
  events: DomainEventBus;
  now: () => Date;
  /** The restaurant and its prices, read once per change (published-menus.ts). */
  publishedMenus: PublishedMenus;
  /** Keeps a changed order's money right (docs/product/payments.md#order-changes). */
  money: OrderMoneyGuard;
}) {
  const { db, events, now, publishedMenus, money } = deps;
  const placeOnce = createOrderPlacement(deps);
  const moveOrder = repo.statusMoves(db);

  /** The restaurant's published menu, if it is the caller's (the tenant guard, on the cached restaurant). */
  function owned(menu: PublishedMenu | undefined, ownerId: number): PublishedMenu {
    ofCaller(menu?.restaurant, ownerId);
    return menu!;
  }

  async function ownedMenu(ownerId: number, restaurantId: number): Promise<PublishedMenu> {
    return owned(await publishedMenus.byId(restaurantId), ownerId);
  }

  async function ownedRestaurant(ownerId: number, restaurantId: number): Promise<RestaurantRow> {
    return (await ownedMenu(ownerId, restaurantId)).restaurant;
  }

  /** The caller's live order of the caller's restaurant. */
  async function ownedOrder(ownerId: number, restaurantId: number, orderId: number) {
    const restaurant = await ownedRestaurant(ownerId, restaurantId);
    const order = await repo.findShown(db, restaurant.id, orderId);
    if (!order) throw orderNotFound();
    return { restaurant, order };
  }

  /** Tells the staff (and the order's diner) what changed, with the order as the lists show it. */
  function announceUpdate(restaurant: RestaurantRow, row: StaffOrderRow, order: StaffOrder) {
    events.emit('order.updated', { restaurantId: restaurant.id, customerId: row.customerId, order });
    return order;
  }

  /** announceUpdate for several orders, read with their lines. */
  async function announceUpdates(rows: OrderRow[], restaurant: RestaurantRow) {
    const staffOrders = await staffOrdersOf(db, rows, restaurant);
    return staffOrders.map((order, index) => announceUpdate(restaurant, rows[index]!, order));
  }

  /**
   * Runs a change to an order that may carry money in one transaction, through the bills
   * module's guard (docs/product/payments.md#order-changes). `run` answers undefined when the
   * order was not there to change: the transaction rolls back and the caller explains why. With
   * `preview`, the change is worked out and rolled back, and only its effect on the money is
   * answered (what staff read before confirming). `refundedCents`: what the order's confirmed
   * refunds come to once the change's refunds were sent (the test provider confirms them at once,
   * Stripe later), for its announcement; undefined when nothing went back.
   */
  async function changeWithMoney<T>(
    order: Pick<OrderRow, 'id' | 'billId' | 'paymentState'>,
    change: { actor: Actor | null; reason: 'cancelled' | 'changed'; preview?: boolean },
    run: (tx: DbOrTx) => Promise<T | undefined>,
  ) {
    try {
      const outcome = await db.transaction(async (tx) => {
        const guarded = await money(tx, order, change, async () => {
          const result = await run(tx);
          if (result === undefined) throw new NotChanged();
          return result;
        });
        if (change.preview) throw new Previewed(guarded.effect);
        return guarded;
      });
      await outcome.after();
      const refundedCents =
        outcome.effect.refunds.length > 0 ? await repo.refundedCentsOf(db, order.id) : undefined;
      return { ...outcome, refundedCents };
    } catch (error) {
      if (error instanceof NotChanged) return undefined;
      throw error;
    }
  }

  /**
   * Moves one order along the status machine (only from `from`, only if it is this restaurant's
   * live order), so concurrent changes make a 409, never a double move. One statement moves it,
   * writes its audit entry (docs/product/staff.md#audit-trail) and answers it with its lines, so
   * the answer and the event cost no other query; only a cancellation, which gives its portions
   * back, takes a transaction around it. The order is read only to explain a refusal.
   */
  async function moveStatus(
    actor: Actor,
    restaurantId: number,
    orderId: number,
    to: OrderStatus,
    refusal: { from: readonly OrderStatus[]; error: (order: OrderRow) => AppError },
    preview = false,
  ) {
    const restaurant = await ownedRestaurant(actor.ownerId, restaurantId);
    const move = { restaurantId: restaurant.id, orderId, from: refusal.from, to, at: now() };
    const audit = { actor, actionOf: (from: OrderStatus) => statusAction(from, to) };
    let stockChanged: StockChange[] = [];
    const cancel = async () => {
      const order = await repo.findShown(db, restaurant.id, orderId);
      if (!order) return undefined;
      const outcome = await changeWithMoney(order, { actor, reason: 'cancelled', preview }, async (tx) => {
        const cancelled = await repo.statusMoves(tx)(move, audit);
        if (cancelled) stockChanged = await giveBack(tx, restaurant.id, cancelled.row.id);
        return cancelled;
      });
      return (
        outcome && {
          ...outcome.result,
          row: {
            ...outcome.result.row,
            paymentState: outcome.paymentState,
            refundedCents: outcome.refundedCents ?? outcome.result.row.refundedCents,
          },
        }
      );
    };
    const moved = to === 'Cancelled' ? await cancel() : await moveOrder(move, audit);
    if (!moved) {
      const order = await repo.findShown(db, restaurant.id, orderId);
      throw order ? refusal.error(order) : orderNotFound();
    }
    await announceStockChanges({ db, events }, restaurant.id, stockChanged);
    return announceUpdate(restaurant, moved.row, toStaffOrder(moved.row, moved.lines, restaurant));
  }

  /** Any legal move to `to`, as the status machine allows it. */
  const alongTheMachine = (to: OrderStatus) => ({
    from: ORDER_STATUSES.filter((status) => ORDER_TRANSITIONS[status].includes(to)),
    error: (order: OrderRow) =>
      conflict(orderServerMessages.illegalTransition(order.status, to), 'ILLEGAL_TRANSITION'),
  });

  /** The walk-in order, checked and priced, ready for the transaction to write. */
  function prepareWalkIn(
    menu: PublishedMenu | undefined,
    ownerId: number,
    body: OwnerPlaceOrder,
  ): PreparedOrder {
    if (body.user_id !== ownerId) throw restaurantNotFound();
    const published = owned(menu, ownerId);
    const { restaurant } = published;
    const table = body.table_number ?? null;
    if (table !== null && table > restaurant.numberOfTables) {
      throw badRequest(orderServerMessages.tableOutOfRange(restaurant.numberOfTables), 'TABLE_OUT_OF_RANGE');
    }
    const { lines, figures } = priceOrder(
      published,
      body.items.map((item) => ({
        menuItemId: item.menu_id,
        quantity: item.quantity,
        options: item.options,
      })),
      body.party_size ?? null,
    );
    const order = {
      restaurantId: restaurant.id,
      customerId: null,
      customerName: body.customer_name,
      phoneNumber: body.phone_number,
      orderType: table === null ? ('pickup' as const) : ('dine-in' as const),
      tableNumber: table,
      ...figures,
      otherOrderDetails: body.other_order_details || null,
    };
    return { restaurant, order, lines };
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

    /**
     * The kitchen's and the owner's status changes, along the status machine only, and of those
     * only the moves the caller's role holds: Approved from Pending is an approval, from Ready the
     * kitchen's recall (approvalPermission). A move the machine allows but the role does not is 403.
     */
    async updateStatus(
      actor: Actor,
      restaurantId: number,
      orderId: number,
      { to, may }: { to: OrderStatus; may: (permission: Permission) => boolean },
    ) {
      const rule = alongTheMachine(to);
      const permitted =
        to === 'Approved' ? rule.from.filter((from) => may(approvalPermission(from))) : rule.from;
      const order = await moveStatus(actor, restaurantId, orderId, to, {
        from: permitted,
        // A move the status machine would allow is the role's to refuse, not the machine's. (The
        // row is read after the move missed: a race may have brought it to a permitted status.)
        error: (row) =>
          rule.from.includes(row.status) && !permitted.includes(row.status)
            ? forbidden(staffRoleMessages.forbidden, 'FORBIDDEN')
            : rule.error(row),
      });
      return { message: orderServerMessages.statusUpdated(to), order };
    },

    async approve(actor: Actor, restaurantId: number, orderId: number) {
      const order = await moveStatus(actor, restaurantId, orderId, 'Approved', {
        from: ['Pending'],
        error: () => conflict(text.onlyPendingApprovable, 'NOT_PENDING'),
      });
      return { message: text.approved, order };
    },

    /** Mark as Paid: Ready → Completed. */
    async markPaid(actor: Actor, restaurantId: number, orderId: number) {
      const order = await moveStatus(actor, restaurantId, orderId, 'Completed', {
        from: ['Ready'],
        error: (current) => conflict(text.notReady(current.id), 'NOT_READY'),
      });
      return { message: text.markedPaid(1), order };
    },

    /** 'Mark Selected as Paid': all of them Ready and of this restaurant, or none changes. */
    async markManyPaid(actor: Actor, restaurantId: number, orderIds: number[]) {
      const restaurant = await ownedRestaurant(actor.ownerId, restaurantId);
      const moved = await db.transaction(async (tx) => {
        const rows = await repo.lockMany(tx, restaurant.id, orderIds);
        if (rows.length !== orderIds.length) throw orderNotFound();
        const notReady = rows.find((row) => row.status !== 'Ready');
        if (notReady) throw conflict(text.notReady(notReady.id), 'NOT_READY');
        const updated = await repo.setStatusOfMany(tx, orderIds, 'Ready', 'Completed', now());
        // Locked above, so this cannot happen; if it did, nothing must change.
        if (updated.length !== orderIds.length) throw conflict(text.notReady(orderIds[0]!), 'NOT_READY');
        await recordAudits(
          tx,
          actor,
          updated.map((row) => ({
            restaurantId: restaurant.id,
            action: 'order.paid',
            objectType: 'order' as const,
            objectId: row.id,
            before: { status: 'Ready' },
            after: { status: 'Completed' },
          })),
        );
        return updated;
      });
      const orders = await announceUpdates(moved, restaurant);
      return { message: text.markedPaid(orders.length), orders };
    },

    /** An order's history on its card (docs/product/staff.md#audit-trail): who approved it, who marked it paid. */
    async history(ownerId: number, restaurantId: number, orderId: number): Promise<OrderHistoryResponse> {
      const { restaurant, order } = await ownedOrder(ownerId, restaurantId, orderId);
      return {
        entries: await auditReads.ofOrder(db, restaurant.id, order.id),
        timezone: restaurant.timezone,
      };
    },

    /** Order Management's edit of a Pending order: new lines, priced again from the menu. */
    async edit(
      actor: Actor,
      orderId: number,
      items: { menu_item_id: number; quantity: number; options?: number[] | undefined }[],
      preview = false,
    ) {
      const order = await repo.findById(db, orderId);
      const menu = order ? await publishedMenus.byId(order.restaurantId) : undefined;
      if (!order || !menu || menu.restaurant.ownerId !== actor.ownerId) throw orderNotFound();
      const { restaurant } = menu;
      if (order.status !== 'Pending') throw conflict(text.onlyPendingEditable, 'NOT_PENDING');
      // Priced again as it was placed: today's rates and rules, the party it was placed for.
      const { lines, figures } = priceOrder(
        menu,
        items.map((item) => ({
          menuItemId: item.menu_item_id,
          quantity: item.quantity,
          options: item.options,
        })),
        order.partySize,
      );
      const { partySize: _unchanged, ...newFigures } = figures;
      let stockChanged: StockChange[] = [];
      const outcome = await changeWithMoney(order, { actor, reason: 'changed', preview }, async (tx) => {
        // Locked, so a second edit waits and counts from this one's lines, not the same old ones.
        const [locked] = await repo.lockMany(tx, restaurant.id, [order.id]);
        if (locked?.status !== 'Pending') throw conflict(text.onlyPendingEditable, 'NOT_PENDING');
        const beforeLines = await repo.linesOf(tx, [order.id]);
        const held = await rehold(tx, restaurant.id, order.id, lines);
        refuseShort(held.stock.short);
        const replaced = await repo.replaceLines(tx, order.id, held.lines, newFigures, now());
        if (!replaced) throw conflict(text.onlyPendingEditable, 'NOT_PENDING');
        await recordAudit(tx, actor, {
          restaurantId: restaurant.id,
          action: 'order.edited',
          objectType: 'order',
          objectId: order.id,
          before: { lines: beforeLines.map(auditLine), total: centsToDollars(locked.totalCents) },
          after: { lines: lines.map(auditLine), total: centsToDollars(figures.totalCents) },
        });
        stockChanged = held.stock.changed;
        return replaced;
      });
      // The order was deleted meanwhile.
      if (!outcome) throw orderNotFound();
      await announceStockChanges({ db, events }, restaurant.id, stockChanged);
      const [staffOrder] = await announceUpdates(
        [
          {
            ...outcome.result,
            paymentState: outcome.paymentState,
            refundedCents: outcome.refundedCents ?? outcome.result.refundedCents,
          },
        ],
        restaurant,
      );
      return { message: text.updated, order: staffOrder! };
    },

    /** Soft delete: kept for the records, hidden from lists and reports; never a Completed order. */
    async remove(actor: Actor, restaurantId: number, orderId: number, preview = false) {
      const { restaurant, order } = await ownedOrder(actor.ownerId, restaurantId, orderId);
      if (order.status === 'Completed') throw conflict(text.completedNotDeletable, 'ORDER_COMPLETED');
      let stockChanged: StockChange[] = [];
      const outcome = await changeWithMoney(order, { actor, reason: 'cancelled', preview }, async (tx) => {
        const row = await repo.softDelete(tx, order.id, now());
        if (!row) return undefined;
        await recordAudit(tx, actor, {
          restaurantId: restaurant.id,
          action: 'order.deleted',
          objectType: 'order',
          objectId: row.id,
          before: { status: row.status, total: centsToDollars(row.totalCents) },
        });
        const cooked = row.status === 'Ready' || row.status === 'Cancelled';
        if (!cooked) stockChanged = await giveBack(tx, restaurant.id, row.id);
        return row;
      });
      if (!outcome) throw conflict(text.completedNotDeletable, 'ORDER_COMPLETED');
      await announceStockChanges({ db, events }, restaurant.id, stockChanged);
      events.emit('order.deleted', {
        restaurantId: restaurant.id,
        customerId: order.customerId,
        orderId: order.id,
      });
      return { message: text.deleted };
    },

    /**
     * What cancelling, deleting or editing an order would do to its bill's money, worked out by
     * the change itself and rolled back (docs/product/payments.md#order-changes): staff read it
     * before they confirm. Refused as the change would be (403 for a role that may not refund).
     */
    async moneyPreview(actor: Actor, restaurantId: number, orderId: number, change: MoneyPreviewChange) {
      try {
        if (change.change === 'cancel')
          await moveStatus(actor, restaurantId, orderId, 'Cancelled', alongTheMachine('Cancelled'), true);
        else if (change.change === 'delete') await this.remove(actor, restaurantId, orderId, true);
        else {
          const { order } = await ownedOrder(actor.ownerId, restaurantId, orderId);
          await this.edit(actor, order.id, change.order_items, true);
        }
      } catch (error) {
        if (error instanceof Previewed) return moneyPreviewOf(error.effect);
        throw error;
      }
      // A change that never reached its bill (an order paid at the counter) moves no money.
      return moneyPreviewOf({ refunds: [], asksMoreCents: 0 });
    },

    /** The Place Order form: a walk-in or phone order, priced by the server, once per key. */
    place(actor: Actor, body: OwnerPlaceOrder, idempotencyKey: string | undefined) {
      return placeOnce(
        {
          scope: `owner-order:${actor.ownerId}`,
          key: idempotencyKey,
          body,
          restaurantId: body.restaurant_id,
        },
        async (_tx, menu) => prepareWalkIn(menu, actor.ownerId, body),
        (tx, placed) =>
          recordAudit(tx, actor, {
            restaurantId: placed.restaurantId,
            action: 'order.placed',
            objectType: 'order',
            objectId: placed.id,
            after: { status: placed.status, total: centsToDollars(placed.totalCents) },
          }),
      );
    },
  };
}
