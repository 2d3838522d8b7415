import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { hasDeviceCredential } from '@/session/device/device-session';
import { RenewDeviceSession } from '@/session/device/renew-device-session';
import { clearOwnerSession } from './owner-session';

/**
 * Forgets the owner and leaves (docs/product/accounts.md#owner-session): to /login by default, when the
 * server refused the owner's token (401 or 403); to / when the session itself is not valid.
 */
export function LeaveSession({ to = paths.login }: { to?: string }) {
  // A paired tablet renews its session instead (docs/decisions/019-device-credentials.md).
  const [device] = useState(hasDeviceCredential);
  useEffect(() => {
    if (!device) clearOwnerSession();
  }, [device]);
  return device ? <RenewDeviceSession /> : <Navigate to={to} replace />;
}
