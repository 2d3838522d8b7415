import { OrderManagementPage } from '@/features/staff-orders/components/order-management/order-management-page';

/** /dashboard/order-management */
export function Component() {
  return (
    <>
      <title>Order Management · TableServe</title>
      <OrderManagementPage />
    </>
  );
}
