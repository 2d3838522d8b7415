import { afterEach, describe, expect, it, vi } from 'vitest';
import { readOwnerSession } from '@/session/owner/owner-session';
import { deferred, jsonResponse, stubFetch } from '@/test/render-route';
import {
  deviceHomePath,
  hasDeviceCredential,
  readPairedDeviceName,
  refreshDeviceSession,
  signOutDevice,
} from './device-session';

/** docs/decisions/019-device-credentials.md */

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const OLD = `12.${'a'.repeat(43)}`;
const NEW = `12.${'b'.repeat(43)}`;
const answer = {
  user_id: 7,
  token: 'fresh-token',
  role: 'kitchen',
  resturant: { restaurant_id: 3 },
  credential: NEW,
  device: { id: 12, name: 'Pass tablet' },
};

describe("a paired device's session", () => {
  it('without a credential, trades nothing', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, answer));
    expect(await refreshDeviceSession()).toBe('no-device');
    expect(calls()).toEqual([]);
  });

  it('trades the credential for a fresh token and keeps the new credential', async () => {
    localStorage.setItem('deviceCredential', OLD);
    const { calls } = stubFetch(() => jsonResponse(200, answer));
    expect(await refreshDeviceSession()).toBe('refreshed');
    expect(calls()).toEqual([
      expect.objectContaining({ url: '/api/v1/devices/refresh', method: 'POST', body: { credential: OLD } }),
    ]);
    expect(localStorage.getItem('deviceCredential')).toBe(NEW);
    expect(readOwnerSession()).toEqual({ userId: 7, token: 'fresh-token', role: 'kitchen' });
    expect(readPairedDeviceName()).toBe('Pass tablet');
  });

  it('names the device only while it holds a credential, and forgets the name when signed out', async () => {
    expect(readPairedDeviceName()).toBeNull();
    localStorage.setItem('deviceCredential', OLD);
    stubFetch(() => jsonResponse(200, answer));
    await refreshDeviceSession();
    expect(readPairedDeviceName()).toBe('Pass tablet');
    signOutDevice();
    expect(readPairedDeviceName()).toBeNull();
    expect(localStorage.getItem('deviceName')).toBeNull();
  });

  it('makes one trade for callers asking at once: a credential is never presented twice', async () => {
    localStorage.setItem('deviceCredential', OLD);
    const held = deferred<Response>();
    const { calls } = stubFetch(() => held.promise);
    const both = Promise.all([refreshDeviceSession(), refreshDeviceSession()]);
    held.resolve(jsonResponse(200, answer));
    expect(await both).toEqual(['refreshed', 'refreshed']);
    expect(calls()).toHaveLength(1);
  });

  it('is signed out when the server refuses the credential (revoked)', async () => {
    localStorage.setItem('deviceCredential', OLD);
    localStorage.setItem('RestaurantToken', 'old-token');
    sessionStorage.setItem('user_id', '7');
    stubFetch(() => jsonResponse(401, { message: 'This device is no longer paired. Pair it again.' }));
    expect(await refreshDeviceSession()).toBe('signed-out');
    expect(hasDeviceCredential()).toBe(false);
    expect(readOwnerSession()).toBeNull();
  });

  it('keeps its credential when the network fails', async () => {
    localStorage.setItem('deviceCredential', OLD);
    stubFetch(() => Promise.reject(new TypeError('offline')));
    await expect(refreshDeviceSession()).rejects.toThrow('Network error');
    expect(localStorage.getItem('deviceCredential')).toBe(OLD);
  });

  it("makes the tablet's tabs trade in turn, each with the credential the one before stored", async () => {
    // jsdom has no Web Locks: the browser's exclusive lock, one holder at a time, first come first served.
    let queue = Promise.resolve();
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: (_name: string, granted: () => Promise<unknown>) => {
          const turn = queue.then(granted);
          queue = turn.then(
            () => undefined,
            () => undefined,
          );
          return turn;
        },
      },
    });
    localStorage.setItem('deviceCredential', OLD);
    const NEWER = `12.${'c'.repeat(43)}`;
    const presented = (call: { body: unknown }) => (call.body as { credential: string }).credential;
    const { calls } = stubFetch((call) =>
      jsonResponse(200, { ...answer, credential: presented(call) === OLD ? NEW : NEWER }),
    );
    // Two tabs: the module twice, sharing the tablet's storage.
    const firstTab = await import('./device-session');
    vi.resetModules();
    const secondTab = await import('./device-session');
    expect(firstTab.refreshDeviceSession).not.toBe(secondTab.refreshDeviceSession);
    expect(await Promise.all([firstTab.refreshDeviceSession(), secondTab.refreshDeviceSession()])).toEqual([
      'refreshed',
      'refreshed',
    ]);
    expect(calls().map(presented)).toEqual([OLD, NEW]);
    expect(localStorage.getItem('deviceCredential')).toBe(NEWER);
  });

  it("opens the device's own screen: Kitchen, or Order Management for a server", () => {
    expect(deviceHomePath('kitchen')).toBe('/dashboard/kitchen-management');
    expect(deviceHomePath('server')).toBe('/dashboard/order-management');
  });
});
