import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const widths = { narrow: 'max-w-xl', medium: 'max-w-3xl', wide: 'max-w-5xl' } as const;

/**
 * The page around the diner's order screens: a warm wash at the top, one column on a phone, and
 * a width that keeps lines readable on a desktop.
 */
export function DinerShell({
  children,
  width = 'wide',
}: {
  children: ReactNode;
  width?: keyof typeof widths;
}) {
  return (
    <main className="relative isolate min-h-[calc(100dvh-8rem)] overflow-hidden pt-5 pb-16 md:pt-10 md:pb-24">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-gradient-to-b from-brand-50 via-stone-50 to-stone-50"
      />
      <div className={cn('mx-auto w-full px-4 sm:px-5 md:px-8', widths[width])}>{children}</div>
    </main>
  );
}
