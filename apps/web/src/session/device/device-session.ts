import type { DeviceSessionResponse } from '@tableserve/contract/devices';
import type { Role } from '@tableserve/contract/staff-roles';
import { dashboardPaths } from '@/config/paths';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import { localKeys, localStore } from '@/lib/storage';
import { clearOwnerSession, saveOwnerLogin } from '@/session/owner/owner-session';

/**
 * A paired tablet's session (docs/product/staff.md#paired-devices,
 * docs/decisions/019-device-credentials.md): the credential lives in localStorage, so it outlives
 * restarts; each tab's access token comes from trading it, and each trade replaces it.
 */

/** Stores a device's answer (pairing or refresh): its new credential, and the session as a login's. */
export function saveDeviceSession(session: DeviceSessionResponse): void {
  localStore.set(localKeys.deviceCredential, session.credential);
  saveOwnerLogin(session);
}

export const hasDeviceCredential = () => localStore.get(localKeys.deviceCredential) !== null;

/** Forgets the device: its credential and its session. */
export function signOutDevice(): void {
  localStore.remove(localKeys.deviceCredential);
  clearOwnerSession();
}

/** Where a device works: Kitchen for a kitchen device, Order Management for a server's. */
export const deviceHomePath = (role: Role): string =>
  role === 'kitchen' ? dashboardPaths.kitchenManagement : dashboardPaths.orderManagement;

export type DeviceRefresh = 'refreshed' | 'signed-out' | 'no-device';

let inFlight: Promise<DeviceRefresh> | undefined;

/**
 * Trades the stored credential for a fresh token and credential. One trade at a time: two at
 * once would present the same credential twice. A 401 means the device was revoked (or its
 * credential replaced long ago): it is signed out. A network failure keeps the credential.
 */
export function refreshDeviceSession(): Promise<DeviceRefresh> {
  inFlight ??= trade().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
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
