import { PlaceOrderPage } from '@/features/place-order/components/place-order-page';

/** /dashboard/place-order */
export function Component() {
  return (
    <>
      <title>Place Order · TableServe</title>
      <PlaceOrderPage />
    </>
  );
}
