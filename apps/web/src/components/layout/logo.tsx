import { cn } from '@/lib/cn';

/** The TableServe mark: a table seen from the side, the same drawing as the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M9 10h14M16 10v13M11 23h10"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** Mark and wordmark. `tone` picks the wordmark colour for light or dark backgrounds. */
export function Logo({ tone = 'dark', className }: { tone?: 'dark' | 'light'; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={cn('text-xl font-bold tracking-tight', tone === 'dark' ? 'text-stone-900' : 'text-white')}
      >
        Table<span className={tone === 'dark' ? 'text-brand-600' : 'text-brand-300'}>Serve</span>
      </span>
    </span>
  );
}
