import { staffRoleMessages } from '@tableserve/contract/staff-roles';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { allows, type DashboardAccess, firstAllowedPath } from '@/config/dashboard-access';
import { readOwnerSession } from './owner-session';

/**
 * A dashboard screen the signed-in person's role may open (docs/product/staff.md#roles); typing
 * the address of one it lacks shows why, with the way back, instead of a screen the server
 * would refuse piece by piece. The dashboard's frame has already checked the session.
 */
type RequireAccessProps = {
  access: DashboardAccess;
  /** Outside the dashboard's frame (the subscription screens), the page sets its own margins. */
  standalone?: boolean;
  children: ReactNode;
};

export function RequireAccess({ access, standalone = false, children }: RequireAccessProps) {
  const [session] = useState(readOwnerSession);
  if (!session || allows(session.role, access)) return children;
  const forbidden = <RoleForbidden to={firstAllowedPath(session.role)} />;
  return standalone ? (
    <div className="mx-auto w-full max-w-2xl px-5 py-10 md:py-16">{forbidden}</div>
  ) : (
    forbidden
  );
}

function RoleForbidden({ to }: { to: string }) {
  return (
    <Card className="flex flex-col items-start gap-3 p-6 md:p-8">
      <title>Not allowed · TableServe</title>
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Not allowed</p>
      <h1 className="text-2xl font-bold">{staffRoleMessages.forbidden}</h1>
      <Link to={to} className={buttonClasses({ className: 'mt-2' })}>
        Back to dashboard
      </Link>
    </Card>
  );
}
