import type { StaffRole } from '@tableserve/contract/staff-roles';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices, restaurants, staffMembers } from '../../db/schema';
import type { Actor } from '../../lib/actor';

/** A signed-in staff member or device as a token names it, with its current token version. */
export type StaffActor = Actor & { kind: 'staff' | 'device'; role: StaffRole; version: number };

/**
 * The staff member (accepted, not removed) or device (not revoked) behind a token's subject, with
 * its restaurant's owner: one indexed join per request, so a removal or a role change counts at
 * the next call on every instance.
 */
export async function findStaffActor(
  db: DbOrTx,
  kind: 'staff' | 'device',
  id: number,
): Promise<StaffActor | undefined> {
  const table = kind === 'staff' ? staffMembers : devices;
  const live =
    kind === 'staff'
      ? and(isNull(staffMembers.removedAt), isNotNull(staffMembers.acceptedAt))
      : isNull(devices.revokedAt);
  const [row] = await db
    .select({ role: table.role, version: table.tokenVersion, ownerId: restaurants.ownerId })
    .from(table)
    .innerJoin(restaurants, eq(restaurants.id, table.restaurantId))
    .where(and(eq(table.id, id), live))
    .limit(1);
  return row && { kind, id, ...row };
}
