import { groupProblem, type MenuOptionGroup, optionMessages } from '@tableserve/contract/option-choices';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatDollars } from '@/lib/money';

type OptionChooserProps = {
  groups: readonly MenuOptionGroup[];
  /** The chosen option ids, of every group. */
  chosen: readonly number[];
  /** The new choice, listed group by group in the order the options are shown. */
  onChange: (chosen: number[]) => void;
  /**
   * Shows each group's problem ("Choose a Size") under it: only once the person has tried to
   * confirm, so an untouched form does not open in red. The texts are not announced from here:
   * the confirming form announces its own summary, and each group is described by its problem.
   */
  showProblems?: boolean;
  className?: string;
};

/**
 * The choices of one dish's option groups (ADR 017): a fieldset per group named by its legend
 * (name, rule, "Required"), radios for a group of exactly one, checkboxes otherwise, the boxes
 * left over disabled once the group's most are chosen. Presentational: the diner's sheet and the
 * staff's order form both wrap it.
 */
export function OptionChooser({
  groups,
  chosen,
  onChange,
  showProblems = false,
  className,
}: OptionChooserProps) {
  const id = useId();
  // One order whatever order the taps came in, so the line reads the way the dish lists it.
  const choose = (next: ReadonlySet<number>) =>
    onChange(
      groups
        .flatMap((group) => group.options.map((option) => option.id))
        .filter((optionId) => next.has(optionId)),
    );

  return (
    <div className={cn('space-y-6', className)}>
      {groups.map((group) => {
        const groupId = `${id}-${group.id}`;
        const problem = showProblems ? groupProblem(group, chosen) : undefined;
        const single = group.min_choices === 1 && group.max_choices === 1;
        const count = group.options.filter((option) => chosen.includes(option.id)).length;
        const full = count >= group.max_choices;
        const toggle = (optionId: number, checked: boolean) => {
          const next = new Set(chosen);
          if (single) for (const option of group.options) next.delete(option.id);
          if (checked) next.add(optionId);
          else next.delete(optionId);
          choose(next);
        };

        return (
          <fieldset
            key={group.id}
            aria-describedby={problem ? `${groupId}-problem` : undefined}
            className="min-w-0"
          >
            <legend className="flex w-full items-center justify-between gap-3">
              <span className="min-w-0">
                <span className="font-semibold text-stone-900">{group.name}</span>{' '}
                <span className="text-sm text-stone-500">
                  {optionMessages.rule(group.min_choices, group.max_choices, group.options.length)}
                </span>
              </span>
              {group.min_choices >= 1 && (
                <>
                  {/* The space makes the legend read "Size Choose 1 Required", not "…1Required". */}{' '}
                  <span
                    className={cn(
                      'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
                      problem ? 'bg-red-50 text-red-700' : 'bg-stone-100 text-stone-600',
                    )}
                  >
                    {optionMessages.required}
                  </span>
                </>
              )}
            </legend>
            {problem && (
              <p id={`${groupId}-problem`} className="mt-1 text-sm font-medium text-red-700">
                {problem}
              </p>
            )}
            <div className="mt-2.5 grid gap-2">
              {group.options.map((option) => {
                const optionId = `${groupId}-${option.id}`;
                const checked = chosen.includes(option.id);
                const disabled = !single && !checked && full;
                return (
                  <label
                    key={option.id}
                    className={cn(
                      'flex min-h-11 items-center gap-3 rounded-xl border px-3 py-2 text-sm leading-snug transition-colors select-none',
                      'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                      checked
                        ? 'border-brand-300 bg-brand-50 font-medium text-stone-900'
                        : disabled
                          ? 'cursor-not-allowed border-stone-200 bg-stone-50 text-stone-400'
                          : 'cursor-pointer border-stone-200 bg-white text-stone-700 hover:border-stone-300 hover:bg-stone-50',
                    )}
                  >
                    <input
                      type={single ? 'radio' : 'checkbox'}
                      name={groupId}
                      value={option.id}
                      checked={checked}
                      disabled={disabled}
                      onChange={(event) => toggle(option.id, event.target.checked)}
                      aria-labelledby={`${optionId}-name`}
                      aria-describedby={option.price_delta > 0 ? `${optionId}-price` : undefined}
                      className="sr-only"
                    />
                    <span
                      aria-hidden
                      className={cn(
                        'grid size-5 shrink-0 place-items-center border transition-colors',
                        single ? 'rounded-full' : 'rounded-md',
                        checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-stone-300 bg-white',
                      )}
                    >
                      {checked &&
                        (single ? (
                          <span className="size-2 rounded-full bg-white" />
                        ) : (
                          <Check className="size-3.5" strokeWidth={3} />
                        ))}
                    </span>
                    <span id={`${optionId}-name`} className="min-w-0 flex-1">
                      {option.name}
                    </span>
                    {option.price_delta > 0 && (
                      <span
                        id={`${optionId}-price`}
                        className={cn('shrink-0 tabular-nums', !disabled && 'text-stone-600')}
                      >
                        +{formatDollars(option.price_delta)}
                      </span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
