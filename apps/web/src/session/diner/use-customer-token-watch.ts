import { useEffect } from 'react';
import { clearCustomerSession, isTokenExpired, readCustomerToken } from './customer-session';

/** One toast id, so the periodic check and a refused request never show the message twice. */
export const SESSION_EXPIRED_TOAST = 'customer-session-expired';

/** docs/product/accounts.md#diner-session-expiry: the stored customer token is checked every 60 s. */
export const TOKEN_CHECK_INTERVAL_MS = 60_000;

/** Ends the diner's session once its token has expired; true when it did. */
export function endSessionIfExpired(now = Date.now()): boolean {
  const token = readCustomerToken();
  if (token === null || !isTokenExpired(token, now)) return false;
  clearCustomerSession();
  void notifySessionExpired();
  return true;
}

/**
 * The toast and its text load only when a session does expire: this check runs on the menu page,
 * which must not download the toasts and the contract's schemas on arrival (docs/performance.md).
 */
async function notifySessionExpired() {
  const [{ customerMessages }, { notifyError }] = await Promise.all([
    import('@tableserve/contract/customer'),
    import('./notify'),
  ]);
  notifyError(customerMessages.sessionExpired, SESSION_EXPIRED_TOAST);
}

/**
 * docs/product/accounts.md#diner-session-expiry: checks the CustomerToken on mount and every 60 s; an expired one clears
 * the session and says 'Session expired. Please login again.'.
 */
export function useCustomerTokenWatch(): void {
  useEffect(() => {
    endSessionIfExpired();
    const timer = window.setInterval(() => endSessionIfExpired(), TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}
