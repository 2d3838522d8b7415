import { PlaceOrderPage } from '@/features/staff-orders/components/place-order/place-order-page';

/** /dashboard/place-order */
export function Component() {
  return (
    <>
      <title>Place Order · TableServe</title>
      <PlaceOrderPage />
    </>
  );
}
