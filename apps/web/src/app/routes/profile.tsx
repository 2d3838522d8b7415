import { ProfilePage } from '@/features/profile/components/profile-page';

/** /dashboard/profile */
export function Component() {
  return (
    <>
      <title>Profile · TableServe</title>
      <ProfilePage />
    </>
  );
}
