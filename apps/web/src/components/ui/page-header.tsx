import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A dashboard page's title block: eyebrow, heading, a short lead and optional actions. */
export function PageHeader({
  eyebrow,
  title,
  description,
  actions,
  className,
}: {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="max-w-2xl">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
        )}
        <h1 className={cn('text-2xl font-bold tracking-tight md:text-3xl', eyebrow && 'mt-1.5')}>{title}</h1>
        {description && <p className="mt-2 text-[0.9375rem] leading-7 text-stone-600">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-3">{actions}</div>}
    </header>
  );
}
