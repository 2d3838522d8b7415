import type { DeviceSessionResponse } from '@tableserve/contract/devices';
import type { Role } from '@tableserve/contract/staff-roles';
import { dashboardPaths } from '@/config/paths';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import { localKeys, localStore } from '@/lib/storage';
import { clearOwnerSession, readOwnerSession, saveOwnerLogin } from '@/session/owner/owner-session';

/**
 * A paired tablet's session (docs/product/staff.md#paired-devices,
 * docs/decisions/019-device-credentials.md): the credential lives in localStorage, so it outlives
 * restarts; each tab's access token comes from trading it, and each trade replaces it.
 */

/** Stores a device's answer (pairing or refresh): its new credential, and the session as a login's. */
export function saveDeviceSession(session: DeviceSessionResponse): void {
  localStore.set(localKeys.deviceCredential, session.credential);
  localStore.set(localKeys.deviceName, session.device.name);
  saveOwnerLogin(session);
}

export const hasDeviceCredential = () => localStore.get(localKeys.deviceCredential) !== null;

/**
 * The paired tablet's name while it holds a credential and no owner signed in over it, else null:
 * its screens name it, and wear no marketing chrome (docs/product/staff.md#paired-devices).
 */
export function readPairedDeviceName(): string | null {
  if (!hasDeviceCredential() || readOwnerSession()?.role === 'owner') return null;
  return localStore.get(localKeys.deviceName) ?? '';
}

/** Forgets the device: its credential, its name and its session. */
export function signOutDevice(): void {
  localStore.remove(localKeys.deviceCredential);
  localStore.remove(localKeys.deviceName);
  clearOwnerSession();
}

/** Where a device works: Kitchen for a kitchen device, Order Management for a server's. */
export const deviceHomePath = (role: Role): string =>
  role === 'kitchen' ? dashboardPaths.kitchenManagement : dashboardPaths.orderManagement;

export type DeviceRefresh = 'refreshed' | 'signed-out' | 'no-device';

let inFlight: Promise<DeviceRefresh> | undefined;

/** The Web Locks name that makes the tablet's tabs trade one after the other. */
const TRADE_LOCK = 'tableserve-device-credential';

/**
 * Trades the stored credential for a fresh token and credential. One trade at a time, in this tab
 * and across the tablet's tabs (Web Locks), each reading the credential the one before stored:
 * two tabs presenting one credential look to the server like a stolen copy, and it revokes the
 * device (docs/decisions/019-device-credentials.md). A 401 means the device was revoked (or its
 * credential replaced long ago): it is signed out. A network failure keeps the credential.
 */
export function refreshDeviceSession(): Promise<DeviceRefresh> {
  inFlight ??= tradeInTurn().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

function tradeInTurn(): Promise<DeviceRefresh> {
  if (typeof navigator === 'undefined' || !navigator.locks) return trade();
  // The lock's promise settles as trade() does, once the lock is let go.
  return navigator.locks.request(TRADE_LOCK, trade).then((outcome) => outcome);
}

async function trade(): Promise<DeviceRefresh> {
  const credential = localStore.get(localKeys.deviceCredential);
  if (!credential) return 'no-device';
  try {
    saveDeviceSession(
      await apiRequest<DeviceSessionResponse>('/devices/refresh', { method: 'POST', body: { credential } }),
    );
    return 'refreshed';
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 400)) {
      signOutDevice();
      return 'signed-out';
    }
    throw error;
  }
}
