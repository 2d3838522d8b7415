import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type AlertType = 'success' | 'info' | 'error';

const styles: Record<AlertType, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  error: 'border-red-200 bg-red-50 text-red-900',
};
const icons = { success: CircleCheck, info: Info, error: CircleAlert };

/** A message banner of one of the spec's three types (docs/product/accounts.md#owner-login). */
export function Alert({
  type,
  children,
  className,
}: {
  type: AlertType;
  children: ReactNode;
  className?: string;
}) {
  const Icon = icons[type];
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      data-type={type}
      className={cn('flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm', styles[type], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}
