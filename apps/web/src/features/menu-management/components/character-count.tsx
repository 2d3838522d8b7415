import { cn } from '@/lib/cn';

/** "12/50" beside a capped text field's label; red once the text is too long. */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <span
      className={cn(
        'absolute top-0 right-0 text-sm tabular-nums',
        length > max ? 'font-semibold text-red-700' : 'text-stone-500',
      )}
    >
      {length}/{max}
    </span>
  );
}
