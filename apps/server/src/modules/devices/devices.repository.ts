import type { DeviceRole } from '@tableserve/contract/staff-roles';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices, pairingCodes } from '../../db/schema';

export type DeviceRow = typeof devices.$inferSelect;

/** The devices and pairing_codes tables (docs/decisions/019-device-credentials.md). */
export const devicesRepository = {
  /**
   * Clears an expired, unused code with these digits: the partial unique index on live hashes
   * would otherwise keep the digits taken after the code can no longer be used.
   */
  async clearExpiredCode(db: DbOrTx, codeHash: string, now: Date) {
    await db
      .delete(pairingCodes)
      .where(
        and(
          eq(pairingCodes.codeHash, codeHash),
          isNull(pairingCodes.usedAt),
          lte(pairingCodes.expiresAt, now),
        ),
      );
  },

  /** The new code's id, or undefined when a live code already has these digits. */
  async insertCode(
    db: DbOrTx,
    code: { restaurantId: number; codeHash: string; deviceName: string; role: DeviceRole; expiresAt: Date },
  ): Promise<number | undefined> {
    const [row] = await db
      .insert(pairingCodes)
      .values(code)
      .onConflictDoNothing()
      .returning({ id: pairingCodes.id });
    return row?.id;
  },

  /** Marks a live code used in one statement, so of two tablets sending it at once one wins. */
  async useCode(db: DbOrTx, codeHash: string, now: Date) {
    const [row] = await db
      .update(pairingCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(pairingCodes.codeHash, codeHash),
          isNull(pairingCodes.usedAt),
          gt(pairingCodes.expiresAt, now),
        ),
      )
      .returning({
        restaurantId: pairingCodes.restaurantId,
        deviceName: pairingCodes.deviceName,
        role: pairingCodes.role,
      });
    return row;
  },

  async insertDevice(
    db: DbOrTx,
    device: { restaurantId: number; name: string; role: DeviceRole; credentialHash: string; now: Date },
  ): Promise<DeviceRow> {
    const { now, ...values } = device;
    const [row] = await db
      .insert(devices)
      .values({ ...values, rotatedAt: now, lastSeenAt: now, createdAt: now })
      .returning();
    return row!;
  },

  /** A device that is not revoked, locked until the transaction ends (one rotation at a time). */
  async lockLive(db: DbOrTx, id: number): Promise<DeviceRow | undefined> {
    const [row] = await db
      .select()
      .from(devices)
      .where(and(eq(devices.id, id), isNull(devices.revokedAt)))
      .limit(1)
      .for('update');
    return row;
  },

  async setCredential(
    db: DbOrTx,
    id: number,
    change: {
      credentialHash: string;
      previousCredentialHash: string | null;
      supersededCredentialHashes: string[];
      rotatedAt: Date;
      lastSeenAt: Date;
    },
  ) {
    await db.update(devices).set(change).where(eq(devices.id, id));
  },

  /** Revokes a live device of the restaurant; undefined when there is none by that id. */
  async revoke(db: DbOrTx, restaurantId: number, id: number, now: Date) {
    const [row] = await db
      .update(devices)
      .set({ revokedAt: now })
      .where(and(eq(devices.id, id), eq(devices.restaurantId, restaurantId), isNull(devices.revokedAt)))
      .returning({ id: devices.id, name: devices.name, role: devices.role });
    return row;
  },

  /** The restaurant's live devices, oldest first. */
  listLive(db: DbOrTx, restaurantId: number) {
    return db
      .select({
        id: devices.id,
        name: devices.name,
        role: devices.role,
        lastSeenAt: devices.lastSeenAt,
        createdAt: devices.createdAt,
      })
      .from(devices)
      .where(and(eq(devices.restaurantId, restaurantId), isNull(devices.revokedAt)))
      .orderBy(asc(devices.createdAt), asc(devices.id));
  },
};
