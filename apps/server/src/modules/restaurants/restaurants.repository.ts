import { and, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { restaurants } from '../../db/schema';
import { hasValidSubscription } from '../subscriptions/subscription-reads';

export type RestaurantRow = typeof restaurants.$inferSelect;
export type NewRestaurant = typeof restaurants.$inferInsert;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const restaurantsRepository = {
  async insert(db: DbOrTx, restaurant: NewRestaurant): Promise<RestaurantRow> {
    const [created] = await db.insert(restaurants).values(restaurant).returning();
    return created!;
  },

  async findById(db: DbOrTx, id: number): Promise<RestaurantRow | undefined> {
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id)).limit(1);
    return row;
  },

  findByIds(db: DbOrTx, ids: number[]): Promise<RestaurantRow[]> {
    return db.select().from(restaurants).where(inArray(restaurants.id, ids));
  },

  async findByToken(db: DbOrTx, token: string): Promise<RestaurantRow | undefined> {
    const [row] = await db.select().from(restaurants).where(eq(restaurants.token, token)).limit(1);
    return row;
  },

  /** The id of the owner's restaurant (one per owner), if they have created it. */
  async idOfOwner(db: DbOrTx, ownerId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.ownerId, ownerId))
      .limit(1);
    return row?.id;
  },

  async findByOwner(db: DbOrTx, ownerId: number): Promise<RestaurantRow | undefined> {
    const [row] = await db.select().from(restaurants).where(eq(restaurants.ownerId, ownerId)).limit(1);
    return row;
  },

  /** The restaurant, only when `ownerId` owns it: another owner's answers like a missing one. */
  /** The owner's restaurant; `lock` holds its row until the transaction ends (an edit's "before"). */
  async findOwned(
    db: DbOrTx,
    id: number,
    ownerId: number,
    { lock = false } = {},
  ): Promise<RestaurantRow | undefined> {
    const query = db
      .select()
      .from(restaurants)
      .where(and(eq(restaurants.id, id), eq(restaurants.ownerId, ownerId)))
      .limit(1);
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },

  async updateOwned(
    db: DbOrTx,
    id: number,
    ownerId: number,
    changes: Partial<NewRestaurant>,
  ): Promise<RestaurantRow | undefined> {
    const [row] = await db
      .update(restaurants)
      .set(changes)
      .where(and(eq(restaurants.id, id), eq(restaurants.ownerId, ownerId)))
      .returning();
    return row;
  },

  /** A new menu token and table secret, only while the stored token is still `current`: one rotation per code seen. */
  async replaceToken(
    db: DbOrTx,
    id: number,
    ownerId: number,
    current: string,
    next: { token: string; tableSecret: string },
  ): Promise<RestaurantRow | undefined> {
    const [row] = await db
      .update(restaurants)
      .set(next)
      .where(and(eq(restaurants.id, id), eq(restaurants.ownerId, ownerId), eq(restaurants.token, current)))
      .returning();
    return row;
  },

  /** Case-insensitive match on name or city, among restaurants whose owner's subscription is valid. */
  async search(db: DbOrTx, text: string, limit: number, offset: number) {
    const pattern = `%${escapeLike(text)}%`;
    const where = and(
      or(ilike(restaurants.name, pattern), ilike(restaurants.city, pattern)),
      hasValidSubscription(db, restaurants.ownerId),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: restaurants.id,
          name: restaurants.name,
          restaurantType: restaurants.restaurantType,
          city: restaurants.city,
          state: restaurants.state,
          token: restaurants.token,
        })
        .from(restaurants)
        .where(where)
        .orderBy(restaurants.name, restaurants.id)
        .limit(limit)
        .offset(offset),
      db.select({ value: count() }).from(restaurants).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },
};
