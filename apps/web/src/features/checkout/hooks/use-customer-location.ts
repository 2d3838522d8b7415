import { useCallback, useRef, useState } from 'react';
import { type CustomerLocation, readStoredLocation, requestCustomerLocation } from '../lib/customer-location';

export type LocationStatus = 'idle' | 'locating' | 'ready' | 'failed';

/**
 * The diner's location for pickup: the stored one, or one asked of the browser. Asking twice
 * at once shares one browser prompt.
 */
export function useCustomerLocation() {
  const [location, setLocation] = useState<CustomerLocation | null>(readStoredLocation);
  const [status, setStatus] = useState<LocationStatus>(() => (location ? 'ready' : 'idle'));
  const inFlight = useRef<Promise<CustomerLocation | null> | null>(null);

  /** Resolves to the position, or null when the browser could not give one. */
  const locate = useCallback((): Promise<CustomerLocation | null> => {
    if (inFlight.current) return inFlight.current;
    setStatus('locating');
    const request = requestCustomerLocation()
      .then((found) => {
        setLocation(found);
        setStatus('ready');
        return found;
      })
      .catch(() => {
        setStatus('failed');
        return null;
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = request;
    return request;
  }, []);

  return { location, status, locate };
}
