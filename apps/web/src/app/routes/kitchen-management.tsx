import { KitchenPage } from '@/features/staff-orders/components/kitchen/kitchen-page';

/** /dashboard/kitchen-management */
export function Component() {
  return (
    <>
      <title>Kitchen Management · TableServe</title>
      <KitchenPage />
    </>
  );
}
