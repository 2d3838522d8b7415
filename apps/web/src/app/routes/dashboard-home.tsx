import { Navigate } from 'react-router';
import { dashboardPaths } from '@/config/paths';
import { hasActiveRestaurant } from '@/session/owner/owner-session';

/**
 * /dashboard (docs/product/restaurant-setup.md#dashboard): Order Summary is the default page once a
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
