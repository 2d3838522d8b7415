import type { DbOrTx } from '../../db/client';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { staffRepository as repo } from './staff.repository';

/**
 * What other modules may read of the staff tables (apps/server/src/architecture.test.ts): the
 * login page signs staff in, and an owner's sign-up must not take a member's email
 * (docs/product/staff.md#staff-accounts).
 */
export const staffReads = {
  /** An accepted, live member with their password hash, role, restaurant and its owner. */
  async signInByEmail(db: DbOrTx, email: string) {
    const member = await repo.findAcceptedByEmail(db, email);
    const restaurant = member && (await restaurantReads.byId(db, member.restaurantId));
    return (
      restaurant && {
        id: member.id,
        role: member.role,
        passwordHash: member.passwordHash,
        restaurantId: restaurant.id,
        ownerId: restaurant.ownerId,
      }
    );
  },
  isLiveMemberEmail: async (db: DbOrTx, email: string) => Boolean(await repo.findLiveByEmail(db, email)),
};
