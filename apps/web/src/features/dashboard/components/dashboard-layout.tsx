import type { Role } from '@tableserve/contract/staff-roles';
import type { Subscription } from '@tableserve/contract/subscription';
import { useQueryClient } from '@tanstack/react-query';
import { Menu } from 'lucide-react';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { readPairedDeviceName } from '@/session/device/device-session';
import { LeaveSession } from '@/session/owner/leave-session';
import {
  clearOwnerSession,
  hasActiveRestaurant,
  isRefusedToken,
  type OwnerSession,
  readOwnerSession,
  saveSubscriptionId,
} from '@/session/owner/owner-session';
import { hasDashboardAccess } from '@/session/owner/subscription-state';
import { useSubscription } from '@/session/owner/subscription-status';
import type { SubscriptionViews } from '../lib/subscription-views';
import { DeviceFrame } from './device-frame';
import { NavDrawer } from './nav-drawer';
import { RoleBadge } from './role-badge';
import { SideNav } from './side-nav';

const DRAWER_ID = 'dashboard-drawer';

/**
 * /dashboard/* (docs/product/restaurant-setup.md#dashboard, docs/product/accounts.md#owner-session, Login routing): only for an
 * owner with a valid session and a subscription that has not lapsed. A staff member's frame
 * never asks about the subscription, which is the owner's alone (docs/product/staff.md#roles):
 * the server answers their calls 403 while it lapses.
 */
export function DashboardLayout({ subscriptionViews }: { subscriptionViews: SubscriptionViews }) {
  const [session] = useState(readOwnerSession);
  const [deviceName] = useState(readPairedDeviceName);
  if (!session) return <LeaveSession to={paths.home} />;
  if (session.role !== 'owner' && deviceName !== null) {
    return <DeviceFrame name={deviceName} workingAs={session.role} />;
  }
  if (session.role !== 'owner') return <DashboardFrame workingAs={session.role} />;
  return <SubscribedDashboard session={session} subscriptionViews={subscriptionViews} />;
}

function SubscribedDashboard({
  session,
  subscriptionViews,
}: {
  session: OwnerSession;
  subscriptionViews: SubscriptionViews;
}) {
  const subscription = useSubscription(session);
  // The guard routes only on a status that is fresh or was read since it mounted, never on one
  // cached earlier: the plans screen's 'none', left in the cache while the owner paid, sent
  // owners who had just paid back to the plans. A stale status is read again on mount.
  const fresh = subscription.isSuccess && (subscription.isFetchedAfterMount || !subscription.isStale);
  // Once routed, later reads (e.g. after linking the restaurant) keep the frame and its page.
  const [routed, setRouted] = useState(false);
  if (fresh && !routed) setRouted(true);
  const known = fresh || routed;
  const subscriptionId = known ? subscription.data?.subscription_id : undefined;

  useEffect(() => {
    if (subscriptionId !== undefined) saveSubscriptionId(subscriptionId);
  }, [subscriptionId]);

  if (subscription.isError && isRefusedToken(subscription.error)) return <LeaveSession />;
  if (!known && !subscription.isError) return <LoadingScreen label="Loading your dashboard" />;
  // Not known here means the status could not be read: the frame opens with a way to try again.
  const current = known ? subscription.data : undefined;
  if (current !== undefined && !hasDashboardAccess(current)) {
    return <Navigate to={paths.selectSubscription} replace />;
  }
  return (
    <DashboardFrame
      workingAs="owner"
      subscription={current ?? null}
      subscriptionViews={subscriptionViews}
      statusFailed={current === undefined}
      onRetryStatus={() => void subscription.refetch()}
    />
  );
}

/** The owner's frame shows the subscription; a staff member's has none of it. */
type DashboardFrameProps =
  | {
      workingAs: 'owner';
      subscription: Subscription | null;
      subscriptionViews: SubscriptionViews;
      statusFailed: boolean;
      onRetryStatus: () => void;
    }
  | { workingAs: Exclude<Role, 'owner'> };

function DashboardFrame(props: DashboardFrameProps) {
  const owner = props.workingAs === 'owner' ? props : undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A staff member always works in their restaurant's.
  const restaurantActive = !owner || hasActiveRestaurant();
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  function logOut() {
    clearOwnerSession();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  }

  const nav = (onNavigate?: () => void) => (
    <SideNav
      workingAs={props.workingAs}
      restaurantActive={restaurantActive}
      subscription={
        owner && { current: owner.subscription, StatusBadge: owner.subscriptionViews.StatusBadge }
      }
      onNavigate={onNavigate}
      onLogOut={logOut}
    />
  );

  return (
    <div className="mx-auto flex w-full max-w-6xl gap-8 px-5 pt-4 pb-12 md:px-8 md:pt-8 lg:gap-10">
      <aside className="hidden w-64 shrink-0 md:block">
        <div className="sticky top-24">{nav()}</div>
      </aside>

      <main className="flex min-w-0 flex-1 flex-col gap-5">
        <div className="flex items-center justify-between gap-3 md:hidden">
          <Button
            variant="secondary"
            aria-expanded={drawerOpen}
            aria-controls={DRAWER_ID}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5" aria-hidden />
            Menu
          </Button>
          {!owner && <RoleBadge workingAs={props.workingAs} />}
        </div>
        {owner?.statusFailed && (
          <Alert type="error">
            We couldn't check your subscription just now.{' '}
            <button
              type="button"
              onClick={owner.onRetryStatus}
              className="font-semibold underline underline-offset-2"
            >
              Try again
            </button>
          </Alert>
        )}
        {owner && <owner.subscriptionViews.Banners subscription={owner.subscription} />}
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>

      <NavDrawer id={DRAWER_ID} open={drawerOpen} onClose={closeDrawer}>
        {nav(closeDrawer)}
      </NavDrawer>
    </div>
  );
}
