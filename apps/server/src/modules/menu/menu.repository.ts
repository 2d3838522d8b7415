import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { menuItems } from '../../db/schema';

export type MenuItemRow = typeof menuItems.$inferSelect;
export type NewMenuItem = typeof menuItems.$inferInsert;

/** An item of the restaurant that is not deleted. */
const liveItem = (id: number, restaurantId: number) =>
  and(eq(menuItems.id, id), eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt));
const liveItemsOf = (restaurantId: number) =>
  and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt));

/** All the SQL of menu items. Deleted items stay (past orders keep their lines) but are hidden. */
export const menuRepository = {
  /** The restaurant's items, newest first. */
  list(db: DbOrTx, restaurantId: number): Promise<MenuItemRow[]> {
    return db
      .select()
      .from(menuItems)
      .where(liveItemsOf(restaurantId))
      .orderBy(desc(menuItems.createdAt), desc(menuItems.id));
  },

  async findLive(db: DbOrTx, id: number, restaurantId: number): Promise<MenuItemRow | undefined> {
    const [row] = await db.select().from(menuItems).where(liveItem(id, restaurantId)).limit(1);
    return row;
  },

  async countLive(db: DbOrTx, restaurantId: number): Promise<number> {
    const [row] = await db.select({ value: count() }).from(menuItems).where(liveItemsOf(restaurantId));
    return row?.value ?? 0;
  },

  async insert(db: DbOrTx, item: NewMenuItem): Promise<MenuItemRow> {
    const [created] = await db.insert(menuItems).values(item).returning();
    return created!;
  },

  /** Changes a live item of the restaurant; undefined when there is none. */
  async update(
    db: DbOrTx,
    id: number,
    restaurantId: number,
    changes: Partial<NewMenuItem>,
  ): Promise<MenuItemRow | undefined> {
    const [row] = await db.update(menuItems).set(changes).where(liveItem(id, restaurantId)).returning();
    return row;
  },

  /** Hides a live item of the restaurant; false when there is none (already deleted included). */
  async softDelete(db: DbOrTx, id: number, restaurantId: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(menuItems)
      .set({ deletedAt: at })
      .where(liveItem(id, restaurantId))
      .returning({ id: menuItems.id });
    return rows.length > 0;
  },
};
