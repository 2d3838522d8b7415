import { localKeys, localStore } from '@/lib/storage';

/** The diner's position for a pickup order (docs/product/web-app.md#client-storage, docs/product/api-conventions.md#api-calls geolocation). */
export type CustomerLocation = { latitude: number; longitude: number };

/** How long the browser may look for a position, and how old a cached one may be. */
const LOCATE_TIMEOUT_MS = 15_000;
const LOCATION_MAX_AGE_MS = 5 * 60_000;

function isLocation(value: unknown): value is CustomerLocation {
  const location = value as Partial<CustomerLocation> | null;
  return (
    typeof location?.latitude === 'number' &&
    Math.abs(location.latitude) <= 90 &&
    typeof location.longitude === 'number' &&
    Math.abs(location.longitude) <= 180
  );
}

export function readStoredLocation(): CustomerLocation | null {
  const raw = localStore.get(localKeys.customerLocation);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isLocation(parsed) ? { latitude: parsed.latitude, longitude: parsed.longitude } : null;
  } catch {
    return null;
  }
}

/**
 * Asks the browser for the diner's position and stores it under customerLocation. Rejects when
 * the browser has no geolocation, the diner declines, or no position arrives in time.
 */
export function requestCustomerLocation(): Promise<CustomerLocation> {
  return new Promise((resolve, reject) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => {
        const location = { latitude: coords.latitude, longitude: coords.longitude };
        localStore.set(localKeys.customerLocation, JSON.stringify(location));
        resolve(location);
      },
      (error) => reject(new Error(error.message || 'Could not get the location')),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATION_MAX_AGE_MS },
    );
  });
}
