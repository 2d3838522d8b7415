import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { hasDeviceCredential } from '@/session/device/device-session';
import { RenewDeviceSession } from '@/session/device/renew-device-session';
import { type OwnerSession, readOwnerSession } from './owner-session';

/**
 * Screens that belong to a signed-in owner (docs/product/api-conventions.md#authorization, docs/product/accounts.md#owner-session):
 * without the owner token and a numeric user id in the session, the visitor logs in first.
 */
export function OwnerOnly({ children }: { children: (session: OwnerSession) => ReactNode }) {
  const [session] = useState(readOwnerSession);
  // A paired tablet's new tab or restart: its credential brings a session back.
  if (!session) return hasDeviceCredential() ? <RenewDeviceSession /> : <Navigate to={paths.login} replace />;
  return children(session);
}
