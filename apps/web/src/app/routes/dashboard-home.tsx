import { Navigate } from 'react-router';
import { DashboardWelcome } from '@/features/dashboard/components/dashboard-welcome';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-nav';
import { hasActiveRestaurant } from '@/features/subscriptions/lib/owner-session';

/**
 * /dashboard: owner-side §2 makes Create Restaurant the default page until a restaurant is
 * active. Once it is, the default is Order Summary; until that page lands, a welcome stands in.
 */
export function Component() {
  if (!hasActiveRestaurant()) return <Navigate to={dashboardPaths.createRestaurant} replace />;
  return (
    <>
      <title>Dashboard · TableServe</title>
      <DashboardWelcome />
    </>
  );
}
