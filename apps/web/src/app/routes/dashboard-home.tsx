import { DashboardWelcome } from '@/features/dashboard/components/dashboard-welcome';

export function Component() {
  return (
    <>
      <title>Dashboard · TableServe</title>
      <DashboardWelcome />
    </>
  );
}
