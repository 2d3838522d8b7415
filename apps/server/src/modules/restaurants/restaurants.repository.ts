import { count, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { restaurants } from '../../db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const restaurantsRepository = {
  /** Case-insensitive match on name or city, newest first. */
  async search(db: DbOrTx, text: string, limit: number, offset: number) {
    const pattern = `%${escapeLike(text)}%`;
    const where = or(ilike(restaurants.name, pattern), ilike(restaurants.city, pattern));
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
