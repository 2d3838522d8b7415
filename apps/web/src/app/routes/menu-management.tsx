import { MenuManagementPage } from '@/features/menu-management/components/menu-management-page';

/** /dashboard/menu-management */
export function Component() {
  return (
    <>
      <title>Menu Management · TableServe</title>
      <MenuManagementPage />
    </>
  );
}
