import type { Subscription } from '@tableserve/contract/subscription';
import type { ComponentType } from 'react';

/**
 * What the dashboard shows of the owner's subscription, drawn by the subscriptions feature and
 * handed in by app/routes/dashboard.tsx: the banners above the page, the badge in the side nav.
 */
export type SubscriptionViews = {
  Banners: ComponentType<{ subscription: Subscription | null }>;
  StatusBadge: ComponentType<{ subscription: Subscription; className?: string }>;
};
