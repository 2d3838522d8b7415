import { DashboardLayout } from '@/features/dashboard/components/dashboard-layout';

/** /dashboard/*: the owner's dashboard frame; its pages are child routes. */
export function Component() {
  return <DashboardLayout />;
}
