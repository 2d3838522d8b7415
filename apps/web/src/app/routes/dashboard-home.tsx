import { Navigate } from 'react-router';
import { firstAllowedPath } from '@/config/dashboard-access';
import { dashboardPaths } from '@/config/paths';
import { hasActiveRestaurant } from '@/session/owner/owner-session';
import { useRole } from '@/session/owner/use-role';

/**
 * /dashboard (docs/product/restaurant-setup.md#dashboard): Order Summary is the default page once a
 * restaurant is active; until then Create Restaurant opens. A staff member opens the first
 * screen their role allows (docs/product/staff.md#roles).
 */
export function Component() {
  const role = useRole();
  if (role !== 'owner') return <Navigate to={firstAllowedPath(role)} replace />;
  return (
    <Navigate
      to={hasActiveRestaurant() ? dashboardPaths.orderSummary : dashboardPaths.createRestaurant}
      replace
    />
  );
}
