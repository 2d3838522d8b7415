import { Navigate } from 'react-router';
import { dashboardPaths } from '@/config/paths';
import { hasActiveRestaurant } from '@/session/owner/owner-session';

/**
 * /dashboard (owner-side §2 Owner dashboard): Order Summary is the default page once a
 * restaurant is active; until then Create Restaurant opens.
 */
export function Component() {
  return (
    <Navigate
      to={hasActiveRestaurant() ? dashboardPaths.orderSummary : dashboardPaths.createRestaurant}
      replace
    />
  );
}
