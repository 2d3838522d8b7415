import { OrderManagementPage } from '@/features/order-management/components/order-management-page';

/** /dashboard/order-management */
export function Component() {
  return (
    <>
      <title>Order Management · TableServe</title>
      <OrderManagementPage />
    </>
  );
}
