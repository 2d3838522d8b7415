import type { DbOrTx } from '../../db/client';
import { authRepository as repo } from './auth.repository';

/**
 * What other modules may read of the users table (the owners): the auth module owns it, so
 * nothing outside this folder imports its repository (apps/server/src/architecture.test.ts).
 */
export const ownerReads = {
  /** The owner's name and email, as a payment provider's customer record wants them. */
  async contactOf(db: DbOrTx, ownerId: number) {
    const user = await repo.findUserById(db, ownerId);
    return user && { email: user.email, firstName: user.firstName, lastName: user.lastName };
  },
  /** Whether an owner's account has this email: a staff invitation refuses it (docs/product/staff.md#staff-accounts). */
  isOwnerEmail: async (db: DbOrTx, email: string) => Boolean(await repo.findUserByEmail(db, email)),
};
