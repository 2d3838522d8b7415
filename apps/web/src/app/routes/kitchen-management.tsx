import { KitchenPage } from '@/features/kitchen/components/kitchen-page';

/** /dashboard/kitchen-management */
export function Component() {
  return (
    <>
      <title>Kitchen Management · TableServe</title>
      <KitchenPage />
    </>
  );
}
