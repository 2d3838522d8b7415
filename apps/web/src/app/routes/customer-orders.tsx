import { CustomerOrdersPage } from '@/features/order-tracking/components/customer-orders-page';

export function Component() {
  return (
    <>
      <title>Your orders · TableServe</title>
      <CustomerOrdersPage />
    </>
  );
}
