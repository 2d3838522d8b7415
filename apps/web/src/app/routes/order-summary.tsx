import { SalesReport } from '@/features/daily-sales/components/sales-report';
import { OrderSummaryPage } from '@/features/order-summary/components/order-summary-page';

/** /dashboard/order-summary: the day's orders, with the daily-sales feature's report. */
export function Component() {
  return (
    <>
      <title>Order Summary · TableServe</title>
      <OrderSummaryPage SalesReport={SalesReport} />
    </>
  );
}
