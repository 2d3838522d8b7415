import { billPageMessages } from '@tableserve/contract/bill-page';
import type { BillView } from '@tableserve/contract/bills';
import { TextField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { SPLIT_LIMITS, type SplitChoice } from '../lib/pay-choice';
import { ItemPicker } from './item-picker';
import { NumberStepper } from './number-stepper';

const kinds = [
  { kind: 'all', label: billPageMessages.payAll },
  { kind: 'even', label: billPageMessages.payEven },
  { kind: 'amount', label: billPageMessages.payAmount },
  { kind: 'items', label: billPageMessages.payItems },
] as const;

const fresh = (kind: SplitChoice['kind']): SplitChoice => {
  switch (kind) {
    case 'all':
      return { kind };
    case 'even':
      return { kind, ways: SPLIT_LIMITS.min, parts: 1 };
    case 'amount':
      return { kind, amount: '' };
    case 'items':
      return { kind, items: [] };
  }
};

type SplitChooserProps = {
  bill: BillView;
  split: SplitChoice;
  onChange: (split: SplitChoice) => void;
  /** Shown under the chosen way when it cannot be paid yet. */
  error: string | null;
};

/** "How do you want to pay?": the whole bill, evenly, an amount, or items. */
export function SplitChooser({ bill, split, onChange, error }: SplitChooserProps) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">{billPageMessages.howToPay}</legend>
      <div className="grid grid-cols-2 gap-2">
        {kinds.map(({ kind, label }) => (
          <label
            key={kind}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-3 text-center text-sm font-semibold has-focus-visible:ring-4 has-focus-visible:ring-brand-100',
              split.kind === kind
                ? 'border-brand-600 bg-brand-50 text-brand-800'
                : 'border-stone-300 bg-white',
            )}
          >
            <input
              type="radio"
              name="split"
              className="sr-only"
              checked={split.kind === kind}
              onChange={() => onChange(fresh(kind))}
            />
            {label}
          </label>
        ))}
      </div>
      {split.kind === 'even' && (
        <div className="space-y-2 rounded-xl border border-stone-200 bg-white p-3">
          <NumberStepper
            label={billPageMessages.ways}
            value={split.ways}
            min={SPLIT_LIMITS.min}
            max={SPLIT_LIMITS.max}
            onChange={(ways) => onChange({ kind: 'even', ways, parts: Math.min(split.parts, ways) })}
          />
          <NumberStepper
            label={billPageMessages.parts}
            value={split.parts}
            min={1}
            max={split.ways}
            onChange={(parts) => onChange({ ...split, parts })}
          />
        </div>
      )}
      {split.kind === 'amount' && (
        <TextField
          label={billPageMessages.amountLabel}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={10}
          value={split.amount}
          error={error ?? undefined}
          onChange={(event) => onChange({ kind: 'amount', amount: event.target.value })}
        />
      )}
      {split.kind === 'items' && (
        <ItemPicker
          bill={bill}
          items={split.items}
          onChange={(items) => onChange({ kind: 'items', items })}
        />
      )}
      {split.kind !== 'amount' && error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
