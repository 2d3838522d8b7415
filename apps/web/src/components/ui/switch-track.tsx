import { cn } from '@/lib/cn';

/**
 * The drawn track and knob of a switch whose real control is a visually hidden checkbox with
 * role="switch" beside it (the label around both takes the tap). Hidden from assistive technology.
 */
export function SwitchTrack({
  on,
  onClassName,
  size = 'base',
  className,
}: {
  on: boolean;
  /** The track's colour when on (green for available, red for sold out). */
  onClassName: string;
  /** 'large' for a kitchen tablet's fingers. */
  size?: 'base' | 'large';
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'relative inline-flex shrink-0 rounded-full transition-colors',
        size === 'large' ? 'h-7 w-12' : 'h-6 w-11',
        on ? onClassName : 'bg-stone-300',
        className,
      )}
    >
      <span
        className={cn(
          'absolute top-0.5 left-0.5 rounded-full bg-white shadow-sm transition-transform',
          size === 'large' ? 'size-6' : 'size-5',
          on && 'translate-x-5',
        )}
      />
    </span>
  );
}
