import { PaymentDetailsPage } from '@/features/subscriptions/components/payment-details-page';

export function Component() {
  return (
    <>
      <title>Complete your subscription · TableServe</title>
      <PaymentDetailsPage />
    </>
  );
}
