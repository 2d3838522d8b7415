import { TIP_PRESETS, tipForPercent } from '@tableserve/contract/bill';
import { billPageMessages } from '@tableserve/contract/bill-page';
import { TextField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { formatCents, formatDollars } from '@/lib/money';
import type { TipChoice } from '../lib/pay-choice';

type TipChooserProps = {
  /** What the diner pays before the tip, in cents: the presets are percents of it. */
  amount: number | null;
  tip: TipChoice;
  onChange: (tip: TipChoice) => void;
  error: string | null;
  /** The bill's service charge (dollars), already in what the diner pays: said, so nobody tips on it unawares. */
  service: number;
};

const option =
  'flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-xl border px-2 text-center text-sm font-semibold has-focus-visible:ring-4 has-focus-visible:ring-brand-100';
const chosen = (on: boolean) =>
  on ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-stone-300 bg-white';

/** Tip: 10 / 15 / 20 % of what the diner pays, an amount of their own, or none. */
export function TipChooser({ amount, tip, onChange, error, service }: TipChooserProps) {
  const choices: { key: string; label: string; detail?: string; on: boolean; pick: () => TipChoice }[] = [
    ...TIP_PRESETS.map((percent) => ({
      key: String(percent),
      label: `${percent} %`,
      detail: amount === null ? undefined : formatCents(tipForPercent(amount, percent)),
      on: tip.kind === 'percent' && tip.percent === percent,
      pick: (): TipChoice => ({ kind: 'percent', percent }),
    })),
    {
      key: 'custom',
      label: billPageMessages.customTip,
      on: tip.kind === 'amount',
      pick: () => ({ kind: 'amount', amount: '' }),
    },
    { key: 'none', label: billPageMessages.noTip, on: tip.kind === 'none', pick: () => ({ kind: 'none' }) },
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">{billPageMessages.tip}</legend>
      {/* docs/product/payments.md#tips: percents of what the diner pays, service included. */}
      {(amount !== null || service > 0) && (
        <p className="-mt-1 text-sm text-stone-600">
          {amount !== null && billPageMessages.tipBase(formatCents(amount))}
          {amount !== null && service > 0 && ' '}
          {service > 0 && billPageMessages.serviceIncluded(formatDollars(service))}
        </p>
      )}
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {choices.map((choice) => (
          <label key={choice.key} className={cn(option, chosen(choice.on))}>
            <input
              type="radio"
              name="tip"
              className="sr-only"
              checked={choice.on}
              onChange={() => onChange(choice.pick())}
            />
            {choice.label}{' '}
            {choice.detail && <span className="text-xs font-normal tabular-nums">{choice.detail}</span>}
          </label>
        ))}
      </div>
      {tip.kind === 'amount' && (
        <TextField
          label={billPageMessages.customTipLabel}
          name="tip"
          inputMode="decimal"
          autoComplete="off"
          maxLength={10}
          value={tip.amount}
          error={error ?? undefined}
          onChange={(event) => onChange({ kind: 'amount', amount: event.target.value })}
        />
      )}
      {tip.kind !== 'amount' && error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
