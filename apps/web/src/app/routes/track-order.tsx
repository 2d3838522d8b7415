import { TrackOrderPage } from '@/features/order-tracking/components/track-order-page';

export function Component() {
  return (
    <>
      <title>Track your order · TableServe</title>
      <TrackOrderPage />
    </>
  );
}
