import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { dashboardPaths } from '@/config/paths';
import { readOwnerSession, readRestaurantId } from '@/session/owner/owner-session';

/** Who is running service: the owner's token and the restaurant whose orders the screen shows. */
export type StaffContext = { restaurantId: number; token: string; userId: number };

/**
 * The order screens belong to an owner with an active restaurant (docs/product/restaurant-setup.md#dashboard
 * availability): without one, Create Restaurant opens instead. The dashboard frame has already
 * checked the session itself.
 */
export function StaffScreen({ children }: { children: (context: StaffContext) => ReactNode }) {
  const [context] = useState<StaffContext | null>(() => {
    const session = readOwnerSession();
    const restaurantId = readRestaurantId();
    return session && restaurantId !== null ? { ...session, restaurantId } : null;
  });
  if (!context) return <Navigate to={dashboardPaths.createRestaurant} replace />;
  return children(context);
}
