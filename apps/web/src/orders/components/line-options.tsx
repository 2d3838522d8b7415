import { type ChosenOption, describeOptions } from '@tableserve/contract/item-options';
import { cn } from '@/lib/cn';
import { optionsText } from '@/lib/item-options';

/**
 * A line's choices under its dish, "Size: Large · Extras: Bacon" (ADR 017); nothing without any.
 * `byGroup` puts each group on a line of its own, as the kitchen reads them in large type.
 */
export function LineOptions({
  options,
  byGroup = false,
  className,
}: {
  options: readonly ChosenOption[];
  byGroup?: boolean;
  className?: string;
}) {
  if (options.length === 0) return null;
  // A narrow column breaks after a group's dot, never before it (optionsText).
  if (!byGroup) return <span className={cn('block break-words', className)}>{optionsText(options)}</span>;
  const groups = [...new Set(options.map((option) => option.group))];
  return (
    <span className={cn('flex flex-col break-words', className)}>
      {groups.map((group) => (
        <span key={group}>{describeOptions(options.filter((option) => option.group === group))}</span>
      ))}
    </span>
  );
}
