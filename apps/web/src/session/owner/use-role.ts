import type { Role } from '@tableserve/contract/staff-roles';
import { useState } from 'react';
import { readOwnerSession } from './owner-session';

/** The role this tab is signed in with (docs/product/staff.md#roles); the owner's when signed out. */
export function useRole(): Role {
  const [role] = useState(() => readOwnerSession()?.role ?? 'owner');
  return role;
}
