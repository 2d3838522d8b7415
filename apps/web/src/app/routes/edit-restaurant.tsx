import { EditRestaurantPage } from '@/features/restaurant/components/edit-restaurant-page';

/** /dashboard/edit-restaurant */
export function Component() {
  return (
    <>
      <title>Edit Restaurant · TableServe</title>
      <EditRestaurantPage />
    </>
  );
}
