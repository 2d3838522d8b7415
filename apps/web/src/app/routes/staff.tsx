import { StaffPage } from '@/features/staff/components/staff-page';

/** /dashboard/staff */
export function Component() {
  return (
    <>
      <title>Staff · TableServe</title>
      <StaffPage />
    </>
  );
}
