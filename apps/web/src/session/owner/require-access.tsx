import { staffRoleMessages } from '@tableserve/contract/staff-roles';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { allows, type DashboardAccess, firstAllowedPath } from '@/config/dashboard-access';
import { LeaveSession } from './leave-session';
import { isForbiddenByRole, isRefusedToken, readOwnerSession } from './owner-session';
import { useRole } from './use-role';

type RequireAccessProps = {
  access: DashboardAccess;
  /** Outside the dashboard's frame (the subscription screens), the page sets its own margins. */
  standalone?: boolean;
  children: ReactNode;
};

/**
 * A dashboard screen the signed-in person's role may open (docs/product/staff.md#roles); typing
 * the address of one it lacks shows why, with the way back, instead of a screen the server
 * would refuse piece by piece. The dashboard's frame has already checked the session.
 */
export function RequireAccess({ access, standalone = false, children }: RequireAccessProps) {
  const [session] = useState(readOwnerSession);
  if (!session || allows(session.role, access)) return children;
  return standalone ? (
    <div className="mx-auto w-full max-w-2xl px-5 py-10 md:py-16">
      <ForbiddenByRole />
    </div>
  ) : (
    <ForbiddenByRole />
  );
}

/** Says the role does not allow this, with a link to the first screen it does allow. */
function ForbiddenByRole() {
  const role = useRole();
  return (
    <Card className="flex flex-col items-start gap-3 p-6 md:p-8">
      <title>Not allowed · TableServe</title>
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Not allowed</p>
      <h1 className="text-2xl font-bold">{staffRoleMessages.forbidden}</h1>
      <Link to={firstAllowedPath(role)} className={buttonClasses({ className: 'mt-2' })}>
        Back to dashboard
      </Link>
    </Card>
  );
}

/**
 * Whether a screen's load was refused: the token (sign out) or the role (say why; the role may
 * have changed since the screen opened).
 */
export const isRefusedLoad = (error: unknown): boolean => isRefusedToken(error) || isForbiddenByRole(error);

/** What a screen shows for a load isRefusedLoad names. */
export function RefusedLoad({ error }: { error: unknown }) {
  return isForbiddenByRole(error) ? <ForbiddenByRole /> : <LeaveSession />;
}
