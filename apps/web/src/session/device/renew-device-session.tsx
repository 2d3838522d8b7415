import { deviceScreenMessages as text } from '@tableserve/contract/device-messages';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { sessionKeys, sessionStore } from '@/lib/storage';
import { readOwnerSession } from '@/session/owner/owner-session';
import { deviceHomePath, refreshDeviceSession, signOutDevice } from './device-session';

/** A screen refused again this soon after a renewal is not one a new token fixes. */
const RETRY_AFTER_MS = 30_000;
const OFFLINE_RETRY_MS = 10_000;

/**
 * Where a session ends on a paired tablet (no session in this tab, or a refused token): the
 * device trades its credential and the page loads again signed in; a revoked device lands on
 * /pair (docs/decisions/019-device-credentials.md).
 */
export function RenewDeviceSession() {
  const [outcome, setOutcome] = useState<'renewing' | 'signed-out' | 'offline'>('renewing');
  useEffect(() => {
    const renewedAt = Number(sessionStore.get(sessionKeys.deviceRenewedAt) ?? 0);
    const session = readOwnerSession();
    if (session && Date.now() - renewedAt < RETRY_AFTER_MS) {
      // Refused with a fresh token: the screen is not this device's, so it goes to its own.
      const home = deviceHomePath(session.role);
      if (window.location.pathname !== home) window.location.replace(home);
      else {
        signOutDevice();
        setOutcome('signed-out');
      }
      return;
    }
    refreshDeviceSession().then(
      (result) => {
        if (result !== 'refreshed') return setOutcome('signed-out');
        sessionStore.set(sessionKeys.deviceRenewedAt, String(Date.now()));
        window.location.reload();
      },
      () => {
        // The credential is kept: the tablet tries again by itself once the network is back.
        setOutcome('offline');
        setTimeout(() => window.location.reload(), OFFLINE_RETRY_MS);
      },
    );
  }, []);
  if (outcome === 'signed-out') return <Navigate to={`${paths.pair}?signed-out`} replace />;
  if (outcome === 'offline')
    return (
      <Alert type="error" className="m-6">
        {text.offline}
      </Alert>
    );
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
