import { RegisterPage } from '@/features/auth/components/register-page';

export function Component() {
  return (
    <>
      <title>Create your account · TableServe</title>
      <RegisterPage />
    </>
  );
}
