import { BillPage } from '@/features/bill-payment/components/bill-page';

export function Component() {
  return (
    <>
      <title>Your bill · TableServe</title>
      <BillPage />
    </>
  );
}
