import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { clearOwnerSession } from './owner-session';

/**
 * Forgets the owner and leaves (docs/product/accounts.md#owner-session): to /login by default, when the
 * server refused the owner's token (401 or 403); to / when the session itself is not valid.
 */
export function LeaveSession({ to = paths.login }: { to?: string }) {
  useEffect(() => {
    clearOwnerSession();
  }, []);
  return <Navigate to={to} replace />;
}
