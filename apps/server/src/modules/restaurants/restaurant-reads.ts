import type { DbOrTx } from '../../db/client';
import { type RestaurantRow, restaurantsRepository as repo } from './restaurants.repository';
import { type TaxRateRow, taxRatesRepository } from './tax-rates.repository';

export type { RestaurantRow, TaxRateRow };

/**
 * What other modules may read of the restaurants table: the restaurants module owns it, so
 * nothing outside this folder imports its repository (apps/server/src/architecture.test.ts).
 */
export const restaurantReads = {
  byId: (db: DbOrTx, id: number) => repo.findById(db, id),
  byToken: (db: DbOrTx, token: string) => repo.findByToken(db, token),
  byIds: (db: DbOrTx, ids: number[]) => repo.findByIds(db, ids),
  /** The id of the owner's restaurant (one per owner), if they have created it. */
  idOfOwner: (db: DbOrTx, ownerId: number) => repo.idOfOwner(db, ownerId),
  /** Its tax rates, the default first (docs/decisions/020-money-model.md). */
  taxRates: (db: DbOrTx, restaurantId: number) => taxRatesRepository.ofRestaurant(db, restaurantId),
};
