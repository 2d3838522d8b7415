import { LoginPage } from '@/features/auth/components/login-page';

export function Component() {
  return (
    <>
      <title>Log in · TableServe</title>
      <LoginPage />
    </>
  );
}
