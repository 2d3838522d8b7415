import { and, count, desc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { menuItems } from '../../db/schema';

export type MenuItemRow = typeof menuItems.$inferSelect;
export type NewMenuItem = typeof menuItems.$inferInsert;

/** A counted item and its portions left. */
export type StockCount = { id: number; name: string; stock: number };
/** A counted item whose count an order changed: `stock` after, `before` before. */
export type StockChange = StockCount & { before: number };

type Rows<T> = { rows: T[] };
/** A PostgreSQL int[] literal of validated ids or quantities. */
const intArray = (values: number[]) => `{${values.map((value) => Math.trunc(value)).join(',')}}`;

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

  /**
   * The allergens of the item `itemId` names, as they are now, deleted items' included (their rows
   * stay); none for no item. SQL for another module's query, so its rows come with them.
   */
  allergensOfItem(itemId: SQLWrapper): SQL<MenuItemRow['allergens']> {
    return sql`coalesce((select ${menuItems.allergens} from ${menuItems} where ${menuItems.id} = ${itemId}), '{}')`.mapWith(
      menuItems.allergens,
    );
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

  /**
   * Locks the counted items among `ids`, in id order, and reads their counts: concurrent orders,
   * edits and count changes queue on these rows without deadlocking, and the lock reads the latest
   * committed count. Always before any order line is written or read for its holds (ADR 015).
   */
  async lockCounted(tx: DbOrTx, restaurantId: number, ids: readonly number[]): Promise<StockCount[]> {
    if (ids.length === 0) return [];
    const counted = (await tx.execute(sql`
      select id, name, stock from menu_items
      where id = any(${intArray([...ids])}::int[]) and restaurant_id = ${restaurantId} and stock is not null
      order by id for update`)) as unknown as Rows<StockCount>;
    return counted.rows;
  },

  /**
   * Changes the counts of `counted` (locked by `lockCounted`) by `changes` (one entry per item; a
   * positive quantity is taken, a negative one given back), all or nothing: when any item has too
   * few left nothing is written and the short items are returned, for the caller to refuse.
   */
  async changeCounts(
    tx: DbOrTx,
    counted: readonly StockCount[],
    changes: ReadonlyArray<{ menuItemId: number; quantity: number }>,
  ): Promise<{ short: StockCount[]; changed: StockChange[] }> {
    if (counted.length === 0) return { short: [], changed: [] };
    const quantityOf = new Map(changes.map((change) => [change.menuItemId, change.quantity]));
    const short = counted.filter((item) => item.stock < (quantityOf.get(item.id) ?? 0));
    if (short.length > 0) return { short, changed: [] };
    const quantities = intArray(counted.map((item) => quantityOf.get(item.id) ?? 0));
    const countedIds = intArray(counted.map((item) => item.id));
    await tx.execute(sql`
      update menu_items m set stock = m.stock - w.quantity
      from unnest(${countedIds}::int[], ${quantities}::int[]) as w(id, quantity)
      where m.id = w.id`);
    const changed = counted.map((item) => ({
      ...item,
      before: item.stock,
      stock: item.stock - (quantityOf.get(item.id) ?? 0),
    }));
    return { short: [], changed };
  },

  /** `changeCounts` of the counted items among `changes`, locked first: an order's one query. */
  async adjustStock(
    tx: DbOrTx,
    restaurantId: number,
    changes: Array<{ menuItemId: number; quantity: number }>,
  ): Promise<{ short: StockCount[]; changed: StockChange[] }> {
    const ids = changes.map((change) => change.menuItemId);
    return menuRepository.changeCounts(tx, await menuRepository.lockCounted(tx, restaurantId, ids), changes);
  },

  /** Hides a live item of the restaurant; undefined when there is none (already deleted included). */
  async softDelete(db: DbOrTx, id: number, restaurantId: number, at: Date) {
    const [row] = await db
      .update(menuItems)
      .set({ deletedAt: at })
      .where(liveItem(id, restaurantId))
      .returning({ id: menuItems.id, name: menuItems.name });
    return row;
  },
};
