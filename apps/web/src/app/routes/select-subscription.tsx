import { SelectSubscriptionPage } from '@/features/subscriptions/components/select-subscription-page';

export function Component() {
  return (
    <>
      <title>Choose your plan · TableServe</title>
      <SelectSubscriptionPage />
    </>
  );
}
