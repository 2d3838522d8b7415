import { randomInt } from 'node:crypto';
import {
  type CreatePairingCodeBody,
  type DeviceListResponse,
  type DeviceSessionResponse,
  PAIRING_CODE_DIGITS,
  PAIRING_CODE_MINUTES,
  type PairingCodeResponse,
  deviceMessages as text,
} from '@tableserve/contract/devices';
import { MAX_ID } from '@tableserve/contract/fields';
import type { DeviceRole } from '@tableserve/contract/staff-roles';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { notFound, unauthorized } from '../../lib/app-error';
import { hashToken, randomToken } from '../../lib/random-tokens';
import type { SessionTokens } from '../../lib/session-tokens';
import { recordAudit } from '../audit/audit-log';
import { qrModules } from '../qr-codes/table-codes';
import { restaurantOfCaller } from '../restaurants/restaurant-of-caller';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { type DeviceRow, devicesRepository as repo } from './devices.repository';

/** A device's access token lives an hour; its credential brings a new one (ADR 019). */
export const DEVICE_TOKEN_TTL_SECONDS = 60 * 60;
/** How long the credential a rotation replaced still works: an answer lost on a bad network. */
export const CREDENTIAL_GRACE_MS = 2 * 60_000;
/**
 * Retries of one replaced credential within its grace: more than lost answers on a bad network
 * explain, so a second holder (ADR 019).
 */
export const MAX_RETRIES_OF_REPLACED = 5;

export type DevicesService = ReturnType<typeof createDevicesService>;

const newCode = () => String(randomInt(0, 10 ** PAIRING_CODE_DIGITS)).padStart(PAIRING_CODE_DIGITS, '0');
const newCredential = (deviceId: number) => `${deviceId}.${randomToken()}`;
const codeRefused = () => unauthorized(text.codeRefused, 'PAIRING_CODE_REFUSED');
const credentialRefused = () => unauthorized(text.credentialRefused, 'DEVICE_CREDENTIAL_REFUSED');
const deviceNotFound = () => notFound(text.notFound, 'DEVICE_NOT_FOUND');

const deviceActor = (device: Pick<DeviceRow, 'id' | 'role'>, ownerId: number): Actor => ({
  kind: 'device',
  id: device.id,
  role: device.role,
  ownerId,
});

const auditRevoked = (
  tx: DbOrTx,
  actor: Actor,
  restaurantId: number,
  device: Pick<DeviceRow, 'id' | 'name' | 'role'>,
  after?: object,
) =>
  recordAudit(tx, actor, {
    restaurantId,
    action: 'device.revoked',
    objectType: 'device',
    objectId: device.id,
    before: { name: device.name, role: device.role },
    after,
  });

/**
 * Why the credential shown proves two holders of the device's credentials, for the audit trail;
 * undefined when it does not. Only one rotation's credentials are known: older ones are refused.
 */
function secondHolder(
  device: Pick<DeviceRow, 'rotatedAt' | 'supersededCredentialHashes'>,
  presented: string,
  replaced: boolean,
  at: Date,
): string | undefined {
  if (device.supersededCredentialHashes.includes(presented))
    return 'credential made obsolete by a retry with the one it replaced, then used';
  if (!replaced) return undefined;
  if (at.getTime() - device.rotatedAt.getTime() > CREDENTIAL_GRACE_MS)
    return 'replaced credential used after its grace';
  if (device.supersededCredentialHashes.length >= MAX_RETRIES_OF_REPLACED)
    return 'replaced credential retried too often';
  return undefined;
}

/** Paired devices (docs/product/staff.md#paired-devices, docs/decisions/019-device-credentials.md). */
export function createDevicesService(deps: {
  db: Db;
  tokens: SessionTokens;
  now: () => Date;
  publicUrl: string;
}) {
  const { db, tokens, now, publicUrl } = deps;

  async function ownerOf(tx: DbOrTx, restaurantId: number) {
    const restaurant = await restaurantReads.byId(tx, restaurantId);
    if (!restaurant) throw codeRefused();
    return restaurant.ownerId;
  }

  /** The answer a device signs in with: a login's shape, plus the credential it keeps. */
  async function session(
    device: DeviceRow,
    ownerId: number,
    credential: string,
  ): Promise<DeviceSessionResponse> {
    return {
      user_id: ownerId,
      token: await tokens.issue('device', device.id, DEVICE_TOKEN_TTL_SECONDS),
      role: device.role as DeviceRole,
      resturant: { restaurant_id: device.restaurantId },
      credential,
      device: { id: device.id, name: device.name },
    };
  }

  return {
    async createPairingCode(
      actor: Actor,
      restaurantId: number,
      body: CreatePairingCodeBody,
    ): Promise<PairingCodeResponse> {
      await restaurantOfCaller(db, actor.ownerId, restaurantId);
      const expiresAt = new Date(now().getTime() + PAIRING_CODE_MINUTES * 60_000);
      // A live code of any restaurant may hold the digits drawn (odds: live codes in a million);
      // drawing again is cheaper than any lock.
      for (;;) {
        const code = newCode();
        const codeHash = hashToken(code);
        const created = await db.transaction(async (tx) => {
          await repo.clearExpiredCode(tx, codeHash, now());
          const id = await repo.insertCode(tx, {
            restaurantId,
            codeHash,
            deviceName: body.device_name,
            role: body.role,
            expiresAt,
          });
          if (id === undefined) return false;
          await recordAudit(tx, actor, {
            restaurantId,
            action: 'device.pairing_code_created',
            objectType: 'device',
            after: { device_name: body.device_name, role: body.role },
          });
          return true;
        });
        if (!created) continue;
        const pairUrl = `${publicUrl}/pair?code=${code}`;
        return { code, expires_at: expiresAt.toISOString(), pair_url: pairUrl, qr: qrModules(pairUrl) };
      }
    },

    /** Trades a live code for a new device and its first credential; the code is spent. */
    async pair(code: string): Promise<DeviceSessionResponse> {
      const paired = await db.transaction(async (tx) => {
        const used = await repo.useCode(tx, hashToken(code), now());
        if (!used) return undefined;
        // The credential names the row: its hash is written once the id is known, in this transaction.
        const device = await repo.insertDevice(tx, {
          restaurantId: used.restaurantId,
          name: used.deviceName,
          role: used.role as DeviceRole,
          credentialHash: hashToken(randomToken()),
          now: now(),
        });
        const credential = newCredential(device.id);
        await repo.setCredential(tx, device.id, {
          credentialHash: hashToken(credential),
          previousCredentialHash: null,
          supersededCredentialHashes: [],
          rotatedAt: now(),
          lastSeenAt: now(),
        });
        const ownerId = await ownerOf(tx, used.restaurantId);
        await recordAudit(tx, deviceActor(device, ownerId), {
          restaurantId: used.restaurantId,
          action: 'device.paired',
          objectType: 'device',
          objectId: device.id,
          after: { name: device.name, role: device.role },
        });
        return { device, ownerId, credential };
      });
      if (!paired) throw codeRefused();
      return session(paired.device, paired.ownerId, paired.credential);
    },

    /**
     * Rotates the credential (ADR 019): the current one, or the one it replaced within the grace,
     * brings a new credential and token. Two holders of one credential are told apart by what
     * they show: the replaced one after the grace, or a credential that a retry with the replaced
     * one made obsolete before it was used (the tablet's, when a copy retried first), revokes the
     * device, so a thief is signed out with the tablet.
     */
    async refresh(credential: string): Promise<DeviceSessionResponse> {
      const deviceId = Number(credential.slice(0, credential.indexOf('.')));
      // Past any row's id (int4), it names no device: refused before the database is asked.
      if (deviceId > MAX_ID) throw credentialRefused();
      const presented = hashToken(credential);
      const outcome = await db.transaction(async (tx) => {
        const device = await repo.lockLive(tx, deviceId);
        if (!device) return undefined;
        const ownerId = await ownerOf(tx, device.restaurantId);
        const current = presented === device.credentialHash;
        const replaced = presented === device.previousCredentialHash;
        const twoHolders = secondHolder(device, presented, replaced, now());
        if (twoHolders) {
          await repo.revoke(tx, device.restaurantId, device.id, now());
          await tokens.revokeAll('device', device.id, tx);
          await auditRevoked(tx, deviceActor(device, ownerId), device.restaurantId, device, {
            reason: twoHolders,
          });
          return { kind: 'revoked', deviceId: device.id } as const;
        }
        if (!current && !replaced) return undefined;
        const next = newCredential(device.id);
        // A retry with the replaced credential keeps the first rotation's time and hash, so the
        // grace never stretches past CREDENTIAL_GRACE_MS, and remembers the credential it makes
        // obsolete. Using the current one starts a new rotation.
        await repo.setCredential(
          tx,
          device.id,
          current
            ? {
                credentialHash: hashToken(next),
                previousCredentialHash: device.credentialHash,
                supersededCredentialHashes: [],
                rotatedAt: now(),
                lastSeenAt: now(),
              }
            : {
                credentialHash: hashToken(next),
                previousCredentialHash: device.previousCredentialHash,
                supersededCredentialHashes: [...device.supersededCredentialHashes, device.credentialHash],
                rotatedAt: device.rotatedAt,
                lastSeenAt: now(),
              },
        );
        return { kind: 'rotated', device, ownerId, credential: next } as const;
      });
      if (!outcome) throw credentialRefused();
      if (outcome.kind === 'revoked') {
        tokens.announceRevoked('device', outcome.deviceId);
        throw credentialRefused();
      }
      return session(outcome.device, outcome.ownerId, outcome.credential);
    },

    async list(ownerId: number, restaurantId: number): Promise<DeviceListResponse> {
      const restaurant = await restaurantOfCaller(db, ownerId, restaurantId);
      const rows = await repo.listLive(db, restaurantId);
      return {
        timezone: restaurant.timezone,
        devices: rows.map((row) => ({
          id: row.id,
          name: row.name,
          role: row.role as DeviceRole,
          last_seen_at: row.lastSeenAt?.toISOString() ?? null,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },

    /** Signs the device out at once: its tokens fail at the next call, its sockets close. */
    async revoke(actor: Actor, restaurantId: number, deviceId: number): Promise<void> {
      await restaurantOfCaller(db, actor.ownerId, restaurantId);
      const revoked = await db.transaction(async (tx) => {
        const device = await repo.revoke(tx, restaurantId, deviceId, now());
        if (!device) return false;
        await tokens.revokeAll('device', device.id, tx);
        await auditRevoked(tx, actor, restaurantId, device);
        return true;
      });
      if (!revoked) throw deviceNotFound();
      tokens.announceRevoked('device', deviceId);
    },
  };
}
