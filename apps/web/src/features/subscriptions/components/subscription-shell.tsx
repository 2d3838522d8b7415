import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Widths include the side padding, so the wide layout lines up with the header's content. */
const widths = { narrow: 'max-w-3xl', medium: 'max-w-5xl', wide: 'max-w-6xl' } as const;

/**
 * The page around the plan, payment and subscription screens: the same warm background as the
 * sign-in screens, with room for a pricing grid or a two-column checkout.
 */
export function SubscriptionShell({
  children,
  width = 'wide',
}: {
  children: ReactNode;
  width?: keyof typeof widths;
}) {
  return (
    <main className="relative isolate min-h-[calc(100dvh-8rem)] overflow-hidden pt-6 pb-16 md:pt-12 md:pb-24">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-brand-50 via-stone-50 to-stone-50"
      />
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(var(--color-brand-200)_1px,transparent_1px)] [background-size:22px_22px] opacity-50 [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)]"
      />
      <div className={cn('mx-auto w-full px-5 md:px-8', widths[width])}>{children}</div>
    </main>
  );
}

/** A screen's title block: optional eyebrow, the heading and a short lead. */
export function PageHeading({
  eyebrow,
  title,
  description,
  className,
}: {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('max-w-2xl', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>}
      <h1 className={cn('text-3xl font-bold tracking-tight md:text-4xl', eyebrow && 'mt-2')}>{title}</h1>
      {description && <p className="mt-3 text-base leading-7 text-stone-600">{description}</p>}
    </header>
  );
}
