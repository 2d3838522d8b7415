import { Lock } from 'lucide-react';
import { useId } from 'react';
import { control } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/** A value shown in a form that cannot be changed there: labelled, focusable, visibly locked. */
export function ReadOnlyField({
  label,
  value,
  className,
}: {
  label: string;
  value: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-stone-700">
        {label}
        <Lock className="size-3.5 text-stone-400" aria-hidden />
        <span className="sr-only">(read-only)</span>
      </label>
      <input
        id={id}
        value={value}
        placeholder="Not set"
        readOnly
        className={cn(
          control,
          'cursor-default border-dashed bg-stone-100! text-stone-600! shadow-none! focus:border-stone-400! focus:ring-stone-200!',
        )}
      />
    </div>
  );
}
