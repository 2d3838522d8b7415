import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

export function Component() {
  return (
    <>
      <title>Reset your password · TableServe</title>
      <ResetPasswordPage />
    </>
  );
}
