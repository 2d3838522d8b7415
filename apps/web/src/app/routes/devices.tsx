import { DevicesPage } from '@/features/devices/components/devices-page';

/** /dashboard/devices */
export function Component() {
  return (
    <>
      <title>Devices · TableServe</title>
      <DevicesPage />
    </>
  );
}
