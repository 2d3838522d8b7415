import { DashboardNotFound } from '@/features/dashboard/components/dashboard-not-found';

export function Component() {
  return (
    <>
      <title>Not available · TableServe</title>
      <DashboardNotFound />
    </>
  );
}
