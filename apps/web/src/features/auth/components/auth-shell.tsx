import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The page around every sign-in screen: a warm, quiet background with the card centred on it.
 * `wide` is for the registration form, which lays its fields out in two columns on desktop.
 */
export function AuthShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="relative isolate flex min-h-[calc(100dvh-8rem)] justify-center overflow-hidden px-4 py-8 sm:px-6 md:items-center md:py-16">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-gradient-to-b from-brand-50 via-stone-50 to-stone-100/60"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(var(--color-brand-200)_1px,transparent_1px)] [background-size:22px_22px] opacity-50 [mask-image:radial-gradient(ellipse_70%_55%_at_50%_0%,black,transparent)]"
      />
      <div
        aria-hidden
        className="absolute -top-40 left-1/2 -z-10 h-80 w-[42rem] max-w-[120vw] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"
      />
      <div className={cn('w-full', wide ? 'max-w-3xl' : 'max-w-md')}>{children}</div>
    </main>
  );
}
