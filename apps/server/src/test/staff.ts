import type { DeviceRole, StaffRole } from '@tableserve/contract/staff-roles';
import { eq } from 'drizzle-orm';
import { devices, staffMembers } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { hashToken, randomToken } from '../lib/random-tokens';
import type { TestApp } from './test-app';

/**
 * Staff members and paired devices made straight in the database, with tokens issued by the
 * app's own session tokens: for suites about what a role may do, not how one is invited or paired
 * (docs/product/staff.md#staff-accounts, docs/product/staff.md#paired-devices).
 */

export const STAFF_PASSWORD = 'staff member password';

/** As long as an owner's session. */
const ttlOf = (t: TestApp) => t.config.ownerTokenTtlSeconds;

let made = 0;

/** An accepted staff member of the restaurant with `role`, and a login token of theirs. */
/** A signed-in person or device of a restaurant's staff, as the suites call with it. */
export type StaffCaller = {
  kind: 'staff' | 'device';
  id: number;
  name: string;
  token: string;
  auth: { authorization: string };
};

const callerOf = (kind: StaffCaller['kind'], id: number, name: string, token: string): StaffCaller => ({
  kind,
  id,
  name,
  token,
  auth: { authorization: `Bearer ${token}` },
});

export async function staffTokenFor(t: TestApp, restaurantId: number, role: StaffRole): Promise<StaffCaller> {
  made += 1;
  const [row] = await t.app.database.db
    .insert(staffMembers)
    .values({
      restaurantId,
      email: `staff-${made}-${randomToken(4)}@example.com`,
      name: `Staff ${made}`,
      role,
      passwordHash: await hashPassword(STAFF_PASSWORD),
      acceptedAt: t.clock.now(),
    })
    .returning({ id: staffMembers.id });
  return callerOf('staff', row!.id, `Staff ${made}`, await t.app.tokens.issue('staff', row!.id, ttlOf(t)));
}

/** A device of the restaurant paired as `role`, and a session token of its. */
export async function deviceTokenFor(
  t: TestApp,
  restaurantId: number,
  role: DeviceRole,
): Promise<StaffCaller> {
  made += 1;
  const [row] = await t.app.database.db
    .insert(devices)
    .values({ restaurantId, name: `Tablet ${made}`, role, credentialHash: hashToken(randomToken()) })
    .returning({ id: devices.id });
  return callerOf('device', row!.id, `Tablet ${made}`, await t.app.tokens.issue('device', row!.id, ttlOf(t)));
}

/**
 * Removes a staff member as the product does: removed_at set, then every session ended (the token
 * version raised, and the open sockets told on every instance).
 */
export async function removeStaff(t: TestApp, staffId: number) {
  await t.app.database.db
    .update(staffMembers)
    .set({ removedAt: t.clock.now() })
    .where(eq(staffMembers.id, staffId));
  await t.app.tokens.revokeAll('staff', staffId);
}

/** Revokes a paired device as the product does: revoked_at set, then its sessions ended. */
export async function revokeDevice(t: TestApp, deviceId: number) {
  await t.app.database.db.update(devices).set({ revokedAt: t.clock.now() }).where(eq(devices.id, deviceId));
  await t.app.tokens.revokeAll('device', deviceId);
}

/** Gives a staff member another role and tells their open sockets, which reconnect as it. */
export async function changeStaffRole(t: TestApp, staffId: number, role: StaffRole) {
  await t.app.database.db.update(staffMembers).set({ role }).where(eq(staffMembers.id, staffId));
  t.app.tokens.announceRevoked('staff', staffId);
}

/** A staff member of the restaurant removed after their token was issued: the token they still hold. */
export async function removedStaffTokenFor(t: TestApp, restaurantId: number, role: StaffRole = 'server') {
  const staff = await staffTokenFor(t, restaurantId, role);
  await removeStaff(t, staff.id);
  return staff;
}
