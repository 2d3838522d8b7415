import { AuthShell } from '@/features/auth/components/auth-shell';
import { AcceptInvitationPage } from '@/features/staff/components/accept-invitation-page';

/** /invite/:token: the staff invitation, on the sign-in screens' background. */
export function Component() {
  return (
    <>
      <title>Accept your invitation · TableServe</title>
      <AuthShell>
        <AcceptInvitationPage />
      </AuthShell>
    </>
  );
}
