import { cn } from '@/lib/cn';

const spinnerClasses =
  'inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent';

export function Spinner({
  className,
  label = 'Loading',
  decorative = false,
}: {
  className?: string;
  label?: string;
  /** Hidden from assistive technology, for when a live region nearby already says what is happening. */
  decorative?: boolean;
}) {
  if (decorative) return <span aria-hidden="true" className={cn(spinnerClasses, className)} />;
  return <span role="status" aria-label={label} className={cn(spinnerClasses, className)} />;
}

/** A full-area loading screen, used while a page waits for its first answer. */
export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-brand-600">
      <Spinner className="size-10 border-[3px]" label={label} />
      <p className="text-sm font-medium text-stone-500">{label}…</p>
    </div>
  );
}
