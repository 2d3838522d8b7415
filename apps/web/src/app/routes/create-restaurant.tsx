import { CreateRestaurantPageWithMaps } from '@/features/restaurant/components/create-restaurant-page';

/** /dashboard/create-restaurant */
export function Component() {
  return (
    <>
      <title>Create Restaurant · TableServe</title>
      <CreateRestaurantPageWithMaps />
    </>
  );
}
