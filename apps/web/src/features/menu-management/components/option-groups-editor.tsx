import { optionMessages } from '@tableserve/contract/item-options';
import { ListPlus, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import {
  canAddGroup,
  canAddOption,
  moved,
  newOption,
  newOptionGroup,
  nextChoicesInput,
  type OptionDraft,
  type OptionGroupDraft,
  type OptionGroupErrors,
  optionEditorTexts as texts,
} from '../lib/option-groups-form';
import { OptionRow } from './option-row';
import { RowActions } from './row-actions';

type OptionGroupsEditorProps = {
  groups: OptionGroupDraft[];
  /** The contract's problems by path, or none. */
  errors: OptionGroupErrors | undefined;
  /** After a submit every problem shows; before, a field's shows once it was left. */
  showAll: boolean;
  disabled?: boolean;
  onChange: (groups: OptionGroupDraft[]) => void;
};

/**
 * The item form's Options section (docs/decisions/017-item-options.md, ADR 017): groups such as "Size: choose 1"
 * and "Extras: up to 3", each with its options and what they add to the price. Each field shows
 * the contract's own words for what is wrong with it, as the server would refuse it.
 */
export function OptionGroupsEditor({
  groups,
  errors = {},
  showAll,
  disabled,
  onChange,
}: OptionGroupsEditorProps) {
  const root = useRef<HTMLElement>(null);
  // The row fields the owner has left, by their keys: names stay quiet until then.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [focusNext, setFocusNext] = useState<string | null>(null);

  // A new group or option takes the focus on its name, ready to be typed.
  useEffect(() => {
    if (focusNext === null) return;
    root.current?.querySelector<HTMLElement>(`[data-focus-key="${focusNext}"]`)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const leave = (key: string) => setLeft((current) => new Set(current).add(key));
  const shown = (path: string, key: string) => (showAll || left.has(key) ? errors[path] : undefined);

  const setGroup = (index: number, change: Partial<OptionGroupDraft>) =>
    onChange(groups.map((group, at) => (at === index ? { ...group, ...change } : group)));
  const setOption = (groupIndex: number, optionIndex: number, change: Partial<OptionDraft>) => {
    const group = groups[groupIndex];
    if (group)
      setGroup(groupIndex, {
        options: group.options.map((option, at) => (at === optionIndex ? { ...option, ...change } : option)),
      });
  };

  function addGroup() {
    const group = newOptionGroup();
    onChange([...groups, group]);
    setFocusNext(`${group.key}`);
  }

  function addOption(groupIndex: number) {
    const group = groups[groupIndex];
    if (!group) return;
    const option = newOption();
    setGroup(groupIndex, { options: [...group.options, option] });
    setFocusNext(`${group.key}.${option.key}`);
  }

  return (
    <section aria-labelledby="option-groups-title" className="flex min-w-0 flex-col gap-3" ref={root}>
      <div>
        <h3 id="option-groups-title" className="text-sm font-medium text-stone-700">
          {texts.title}
        </h3>
        <p className="mt-0.5 text-sm text-stone-500">{texts.hint}</p>
      </div>

      {groups.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-stone-200 px-4 py-4 text-sm text-stone-500">
          {texts.none}
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {groups.map((group, groupIndex) => {
            const groupName = group.name.trim() || texts.groupNumber(groupIndex + 1);
            const groupLevel = errors[`${groupIndex}.options`];
            return (
              <li key={group.key}>
                <fieldset
                  aria-label={texts.groupNumber(groupIndex + 1)}
                  className="flex min-w-0 flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50/70 p-3 sm:p-4"
                >
                  <div className="flex items-center justify-between gap-2">
                    <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="text-sm font-semibold text-stone-900">
                        {texts.groupNumber(groupIndex + 1)}
                      </span>
                      <RulePreview group={group} errors={errors} groupIndex={groupIndex} />
                    </p>
                    <RowActions
                      name={groupName}
                      index={groupIndex}
                      count={groups.length}
                      disabled={disabled}
                      onMove={(direction) => onChange(moved(groups, groupIndex, direction))}
                      onRemove={() => onChange(groups.filter((_, at) => at !== groupIndex))}
                    />
                  </div>
                  <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_8.5rem_8.5rem]">
                    <TextField
                      label={texts.groupName}
                      className="col-span-2 sm:col-span-1"
                      autoComplete="off"
                      placeholder={texts.groupNamePlaceholder}
                      data-focus-key={`${group.key}`}
                      value={group.name}
                      onChange={(event) => setGroup(groupIndex, { name: event.target.value })}
                      onBlur={() => leave(`${group.key}.name`)}
                      error={shown(`${groupIndex}.name`, `${group.key}.name`)}
                    />
                    <TextField
                      label={texts.fewest}
                      inputMode="numeric"
                      autoComplete="off"
                      value={group.min_choices}
                      onChange={(event) =>
                        setGroup(groupIndex, {
                          min_choices: nextChoicesInput(group.min_choices, event.target.value),
                        })
                      }
                      onBlur={() => leave(`${group.key}.min`)}
                      error={shown(`${groupIndex}.min_choices`, `${group.key}.min`)}
                    />
                    <TextField
                      label={texts.most}
                      inputMode="numeric"
                      autoComplete="off"
                      value={group.max_choices}
                      onChange={(event) =>
                        setGroup(groupIndex, {
                          max_choices: nextChoicesInput(group.max_choices, event.target.value),
                        })
                      }
                      onBlur={() => leave(`${group.key}.max`)}
                      error={shown(`${groupIndex}.max_choices`, `${group.key}.max`)}
                    />
                  </div>

                  <ul className="flex flex-col divide-y divide-stone-200/80 rounded-lg border border-stone-200 bg-white">
                    {group.options.map((option, optionIndex) => (
                      <OptionRow
                        key={option.key}
                        option={option}
                        index={optionIndex}
                        count={group.options.length}
                        groupName={groupName}
                        path={`${groupIndex}.options.${optionIndex}`}
                        rowKey={`${group.key}.${option.key}`}
                        shown={shown}
                        onLeave={leave}
                        disabled={disabled}
                        onChange={(change) => setOption(groupIndex, optionIndex, change)}
                        onMove={(direction) =>
                          setGroup(groupIndex, { options: moved(group.options, optionIndex, direction) })
                        }
                        onRemove={() =>
                          setGroup(groupIndex, {
                            options: group.options.filter((_, at) => at !== optionIndex),
                          })
                        }
                      />
                    ))}
                  </ul>
                  {groupLevel && (
                    <p role="alert" className="text-sm text-red-700">
                      {groupLevel}
                    </p>
                  )}
                  <div>
                    <Button
                      variant="secondary"
                      size="sm"
                      className="min-h-11"
                      disabled={disabled || !canAddOption(group)}
                      onClick={() => addOption(groupIndex)}
                      aria-label={texts.addOptionTo(groupName)}
                    >
                      <Plus className="size-4" aria-hidden />
                      {texts.addOption}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}

      <div>
        <Button variant="secondary" disabled={disabled || !canAddGroup(groups)} onClick={addGroup}>
          <ListPlus className="size-4" aria-hidden />
          {texts.addGroup}
        </Button>
        {!canAddGroup(groups) && (
          <p className="mt-1.5 text-sm text-stone-500">{optionMessages.tooManyGroups}</p>
        )}
      </div>
    </section>
  );
}

/** What the diner will read above the group ("Choose 1", "Up to 3"), once the counts make sense. */
function RulePreview({
  group,
  errors,
  groupIndex,
}: {
  group: OptionGroupDraft;
  errors: OptionGroupErrors;
  groupIndex: number;
}) {
  const min = Number(group.min_choices);
  const max = Number(group.max_choices);
  const broken =
    group.min_choices === '' ||
    group.max_choices === '' ||
    errors[`${groupIndex}.min_choices`] ||
    errors[`${groupIndex}.max_choices`];
  if (broken) return null;
  return (
    <span
      className={cn(
        'rounded-md px-2 py-0.5 text-xs font-semibold',
        min > 0 ? 'bg-brand-50 text-brand-800' : 'bg-stone-200/70 text-stone-700',
      )}
    >
      <span className="sr-only">{texts.dinersSee} </span>
      {optionMessages.rule(min, max, group.options.length)}
    </span>
  );
}
