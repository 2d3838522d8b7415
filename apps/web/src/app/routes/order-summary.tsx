import { OrderSummaryPage } from '@/features/staff-orders/components/order-summary/order-summary-page';

/** /dashboard/order-summary */
export function Component() {
  return (
    <>
      <title>Order Summary · TableServe</title>
      <OrderSummaryPage />
    </>
  );
}
