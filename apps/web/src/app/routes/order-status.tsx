import { OrderStatusPage } from '@/features/order-tracking/components/order-status-page';

export function Component() {
  return (
    <>
      <title>Order status · TableServe</title>
      <OrderStatusPage />
    </>
  );
}
