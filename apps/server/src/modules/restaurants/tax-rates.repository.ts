import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { taxRates } from '../../db/schema';

export type TaxRateRow = typeof taxRates.$inferSelect;
export type TaxRateChanges = Pick<TaxRateRow, 'name' | 'rate' | 'isDefault'>;

const ofThe = (restaurantId: number, id: number) =>
  and(eq(taxRates.id, id), eq(taxRates.restaurantId, restaurantId));

/** A restaurant's tax rates (docs/decisions/020-money-model.md): owned by the restaurants module. */
export const taxRatesRepository = {
  /** The default rate first, then the others in the order they were added. */
  ofRestaurant(db: DbOrTx, restaurantId: number): Promise<TaxRateRow[]> {
    return db
      .select()
      .from(taxRates)
      .where(eq(taxRates.restaurantId, restaurantId))
      .orderBy(desc(taxRates.isDefault), asc(taxRates.id));
  },

  async insert(db: DbOrTx, restaurantId: number, rate: TaxRateChanges): Promise<TaxRateRow> {
    const [row] = await db
      .insert(taxRates)
      .values({ restaurantId, ...rate })
      .returning();
    return row!;
  },

  async update(db: DbOrTx, restaurantId: number, id: number, changes: TaxRateChanges) {
    const [row] = await db.update(taxRates).set(changes).where(ofThe(restaurantId, id)).returning();
    return row;
  },

  async remove(db: DbOrTx, restaurantId: number, id: number): Promise<TaxRateRow | undefined> {
    const [row] = await db.delete(taxRates).where(ofThe(restaurantId, id)).returning();
    return row;
  },

  /** The restaurant's default rate stops being one (the partial unique index allows one). */
  clearDefault(db: DbOrTx, restaurantId: number) {
    return db
      .update(taxRates)
      .set({ isDefault: false })
      .where(and(eq(taxRates.restaurantId, restaurantId), eq(taxRates.isDefault, true)));
  },
};
