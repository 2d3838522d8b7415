import type { DbOrTx } from '../../db/client';
import { customersRepository as repo } from './customers.repository';

/**
 * What other modules may read of the customers table: the customers module owns it, so nothing
 * outside this folder imports its repository (apps/server/src/architecture.test.ts).
 */
export const customerReads = {
  /** The diner's account (a guest's too): whom an order is for. */
  byId: (db: DbOrTx, id: number) => repo.findById(db, id),
};
