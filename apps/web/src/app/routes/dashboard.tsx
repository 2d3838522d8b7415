import { DashboardLayout } from '@/features/dashboard/components/dashboard-layout';
import { StatusBadge } from '@/features/subscriptions/components/status-badge';
import { SubscriptionBanners } from '@/features/subscriptions/components/subscription-banners';

const subscriptionViews = { Banners: SubscriptionBanners, StatusBadge };

/** /dashboard/*: the owner's dashboard frame, showing the subscriptions feature's banners and badge. */
export function Component() {
  return <DashboardLayout subscriptionViews={subscriptionViews} />;
}
