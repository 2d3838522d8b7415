import { can } from '@tableserve/contract/staff-roles';
import { SalesReport } from '@/features/daily-sales/components/sales-report';
import { OrderSummaryPage } from '@/features/order-summary/components/order-summary-page';
import { useRole } from '@/session/owner/use-role';

/**
 * /dashboard/order-summary: the day's orders, with the daily-sales feature's report for a role
 * that may read it (docs/product/staff.md#roles).
 */
export function Component() {
  const role = useRole();
  return (
    <>
      <title>Order Summary · TableServe</title>
      <OrderSummaryPage SalesReport={can(role, 'sales.view') ? SalesReport : undefined} />
    </>
  );
}
