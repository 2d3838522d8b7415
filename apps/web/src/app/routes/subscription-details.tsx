import { SubscriptionDetailsPage } from '@/features/subscriptions/components/subscription-details-page';

export function Component() {
  return (
    <>
      <title>Subscription details · TableServe</title>
      <SubscriptionDetailsPage />
    </>
  );
}
