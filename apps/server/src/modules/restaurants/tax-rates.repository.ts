import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { taxRates } from '../../db/schema';

export type TaxRateRow = typeof taxRates.$inferSelect;

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
};
