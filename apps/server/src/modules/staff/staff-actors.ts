import type { StaffRole } from '@tableserve/contract/staff-roles';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices, restaurants, staffMembers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { InvalidatedCaches } from '../../lib/invalidated-caches';
import type { SessionTokens } from '../../lib/session-tokens';

/** A signed-in staff member or device as a token names it, with its current token version. */
export type StaffActor = Actor & { kind: 'staff' | 'device'; role: StaffRole; version: number };

/** Signed-in staff members and devices kept at once: far more than the staff of every restaurant. */
const MAX_ACTORS_KEPT = 10_000;
/** A backstop only: every change forgets the actor at once, on every instance. */
const ACTOR_MAX_AGE_MS = 30_000;

export type StaffActors = ReturnType<typeof createStaffActors>;

/**
 * The staff members and devices that tokens name, kept in memory: a removal, a role change or a
 * revocation announces itself through the session tokens (announceRevoked) once committed, which
 * forgets the actor on every instance, so it counts at the next call without a read per request.
 */
export function createStaffActors(deps: { db: DbOrTx; caches: InvalidatedCaches; tokens: SessionTokens }) {
  const actors = deps.caches.cache<string, StaffActor>({
    name: 'staff-actors',
    maxEntries: MAX_ACTORS_KEPT,
    maxAgeMs: ACTOR_MAX_AGE_MS,
  });
  deps.tokens.onRevoked((audience, accountId) => {
    if (audience === 'staff' || audience === 'device') actors.invalidate(`${audience}:${accountId}`);
  });
  return {
    find: (kind: 'staff' | 'device', id: number): Promise<StaffActor | undefined> =>
      actors.read(`${kind}:${id}`, () => findStaffActor(deps.db, kind, id)),
  };
}

/**
 * The staff member (accepted, not removed) or device (not revoked) behind a token's subject, with
 * its restaurant's owner: one indexed join.
 */
async function findStaffActor(
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
