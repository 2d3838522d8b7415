import { ROLE_LABELS, type Role } from '@tableserve/contract/staff-roles';
import { BadgeCheck } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Whom the dashboard is signed in as (docs/product/staff.md#roles), so a shared tablet says so. */
export function RoleBadge({ workingAs, className }: { workingAs: Role; className?: string }) {
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800',
        className,
      )}
    >
      <BadgeCheck className="size-4 shrink-0 text-brand-600" aria-hidden />
      Signed in as <strong className="font-semibold">{ROLE_LABELS[workingAs]}</strong>
    </p>
  );
}
