import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { type OwnerSession, readOwnerSession } from './owner-session';

/**
 * Screens that belong to a signed-in owner (docs/product/api-conventions.md#authorization, docs/product/accounts.md#owner-session):
 * without the owner token and a numeric user id in the session, the visitor logs in first.
 */
export function OwnerOnly({ children }: { children: (session: OwnerSession) => ReactNode }) {
  const [session] = useState(readOwnerSession);
  if (!session) return <Navigate to={paths.login} replace />;
  return children(session);
}
