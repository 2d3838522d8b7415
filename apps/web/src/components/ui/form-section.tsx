import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/** One titled group of a long form card, laid out in two columns from tablet width up. */
export function FormSection({
  icon: Icon,
  title,
  description,
  children,
  columns = 2,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  columns?: 1 | 2;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 border-t border-stone-100 px-5 py-6 first:border-t-0 md:px-8 md:py-7"
    >
      <h2 id={headingId} className="flex items-center gap-2.5 text-base font-semibold">
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-4" aria-hidden />
        </span>
        {title}
      </h2>
      {description && <p className="mt-2 text-sm leading-6 text-stone-600">{description}</p>}
      <div className={cn('mt-5 grid gap-4 md:gap-x-5', columns === 2 && 'md:grid-cols-2')}>{children}</div>
    </section>
  );
}
