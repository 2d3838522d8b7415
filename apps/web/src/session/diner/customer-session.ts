import type { CustomerSession } from '@tableserve/contract/customer';
import { useSyncExternalStore } from 'react';
import { localKeys, localStore } from '@/lib/storage';
import { storageChanges } from './storage-changes';

/** The signed-in diner as stored under customerData (docs/product/web-app.md#client-storage); the token lives apart. */
export type CustomerData = Omit<CustomerSession, 'token'>;

const sessionChanges = storageChanges('tableserve:customer-session');

/** Stores a diner after login, signup or guest checkout: customerData and CustomerToken. */
export function saveCustomerSession({ token, ...customer }: CustomerSession): void {
  localStore.set(localKeys.customerData, JSON.stringify(customer));
  localStore.set(localKeys.customerToken, token);
  sessionChanges.announce();
}

/** Logout and session expiry (docs/product/accounts.md#diner-session-expiry): stored customer data and token are cleared. */
export function clearCustomerSession(): void {
  localStore.remove(localKeys.customerData);
  localStore.remove(localKeys.customerToken);
  sessionChanges.announce();
}

export function readCustomerToken(): string | null {
  return localStore.get(localKeys.customerToken);
}

/** The stored diner, or null when nothing (or something unreadable) is stored. */
export function readCustomer(): CustomerData | null {
  const raw = localStore.get(localKeys.customerData);
  if (!raw || !readCustomerToken()) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CustomerData>;
    return typeof parsed.customer_id === 'number' && typeof parsed.customer_name === 'string'
      ? (parsed as CustomerData)
      : null;
  } catch {
    return null;
  }
}

/** The `exp` of a JWT in milliseconds, or null when the token is not a readable JWT. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** A token past its expiry, or one that cannot be read, is not worth sending. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || expiresAt <= now;
}

// useSyncExternalStore needs a stable snapshot, so the raw stored text is the snapshot.
const snapshot = () => `${localStore.get(localKeys.customerData)}|${readCustomerToken()}`;
/** The server, and the hydration of its HTML, draw no diner signed in: the phone's storage is not known there. */
const serverSnapshot = () => null;

/** The signed-in diner, kept in step with logins and logouts anywhere in the app. */
export function useCustomer(): CustomerData | null {
  const stored = useSyncExternalStore(sessionChanges.subscribe, snapshot, serverSnapshot);
  return stored === null ? null : readCustomer();
}
