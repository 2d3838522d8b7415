import { TextField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { nextPriceInput } from '../lib/menu-item-form';
import { type OptionDraft, optionEditorTexts as texts } from '../lib/option-groups-form';
import { RowActions } from './row-actions';

type OptionRowProps = {
  option: OptionDraft;
  index: number;
  count: number;
  groupName: string;
  /** The option's path in the contract's problems ('0.options.1'). */
  path: string;
  /** The row's own key: what takes the focus when it is added, and what marks its fields left. */
  rowKey: string;
  /** A field's problem, once it may show (see OptionGroupsEditor). */
  shown: (path: string, key: string) => string | undefined;
  onLeave: (key: string) => void;
  disabled?: boolean;
  onChange: (change: Partial<OptionDraft>) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
};

/** One option of a group: its name, what it adds to the price, and its move and remove buttons. */
export function OptionRow({
  option,
  index,
  count,
  groupName,
  path,
  rowKey,
  shown,
  onLeave,
  disabled,
  onChange,
  onMove,
  onRemove,
}: OptionRowProps) {
  // From 640 px the rows line up as a table: the first row's labels head the columns, and the
  // others' are kept for screen readers only.
  const underFirst = index > 0;
  return (
    <li
      aria-label={texts.optionOf(index + 1, groupName)}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-2 gap-y-2 px-3 py-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto] sm:py-2.5 sm:first:pt-3"
    >
      <TextField
        label={texts.optionName}
        className={cn('col-span-2 sm:col-span-1', underFirst && 'sm:[&_label]:sr-only')}
        autoComplete="off"
        placeholder={texts.optionNamePlaceholder}
        data-focus-key={rowKey}
        value={option.name}
        onChange={(event) => onChange({ name: event.target.value })}
        onBlur={() => onLeave(`${rowKey}.name`)}
        error={shown(`${path}.name`, `${rowKey}.name`)}
      />
      <div className="relative">
        <TextField
          label={texts.priceDelta}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          className={cn('[&_input]:pl-9', underFirst && 'sm:[&_label]:sr-only')}
          value={option.price_delta}
          onChange={(event) =>
            onChange({ price_delta: nextPriceInput(option.price_delta, event.target.value) })
          }
          onBlur={() => onLeave(`${rowKey}.delta`)}
          error={shown(`${path}.price_delta`, `${rowKey}.delta`)}
        />
        <span
          aria-hidden
          className={cn(
            'pointer-events-none absolute top-[2.35rem] left-3.5 text-stone-500',
            underFirst && 'sm:top-[0.72rem]',
          )}
        >
          +$
        </span>
      </div>
      <div className={cn('pt-7', underFirst && 'sm:pt-0.5')}>
        <RowActions
          name={option.name.trim() || texts.optionNumber(index + 1)}
          index={index}
          count={count}
          disabled={disabled}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
    </li>
  );
}
