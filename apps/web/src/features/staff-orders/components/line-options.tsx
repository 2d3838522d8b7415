import { type ChosenOption, describeOptions } from '@tableserve/contract/item-options';
import { cn } from '@/lib/cn';

/** A line's choices under its dish, "Size: Large · Extras: Bacon" (ADR 017); nothing without any. */
export function LineOptions({
  options,
  className,
}: {
  options: readonly ChosenOption[];
  className?: string;
}) {
  if (options.length === 0) return null;
  return <span className={cn('block break-words', className)}>{describeOptions(options)}</span>;
}
