import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, menuItems, orderItems, orders, restaurants } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** All the SQL of orders. Soft-deleted orders are hidden from every read here. */
export const ordersRepository = {
  findCustomer(db: DbOrTx, id: number) {
    return db
      .select()
      .from(customers)
      .where(eq(customers.id, id))
      .limit(1)
      .then(([row]) => row);
  },

  /** The restaurant's live menu items among `ids`. */
  menuItemsOf(db: DbOrTx, restaurantId: number, ids: number[]) {
    return db
      .select()
      .from(menuItems)
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          inArray(menuItems.id, ids),
          isNull(menuItems.deletedAt),
        ),
      );
  },

  async insert(db: DbOrTx, order: NewOrder, lines: NewOrderItem[]): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(order).returning();
    await db.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: row!.id })));
    return row!;
  },

  async find(db: DbOrTx, restaurantId: number, orderId: number): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId), isNull(orders.deletedAt)))
      .limit(1);
    return row;
  },

  linesOf(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
  },

  restaurantsOf(db: DbOrTx, ids: number[]) {
    return db.select().from(restaurants).where(inArray(restaurants.id, ids));
  },

  async listOfCustomer(db: DbOrTx, customerId: number, limit: number, offset: number) {
    const where = and(eq(orders.customerId, customerId), isNull(orders.deletedAt));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
      db.select({ value: count() }).from(orders).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  /** Changes the status only if it is still `from` (two tablets cannot both move one order). */
  async setStatus(db: DbOrTx, orderId: number, from: OrderRow['status'], to: OrderRow['status'], at: Date) {
    const [row] = await db
      .update(orders)
      .set({ status: to, updatedAt: at })
      .where(and(eq(orders.id, orderId), eq(orders.status, from)))
      .returning();
    return row;
  },
};
