import { Timer } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { AGEING_MAX_MINUTES, type Ageing, ageingProblem } from '@/orders/lib/kitchen-ageing';
import { kitchenTexts } from '../lib/kitchen-texts';
import { kitchenHeaderButtonIdle } from './kitchen-toggle';

const inputClasses =
  'mt-1 block h-11 w-24 rounded-lg border border-stone-300 bg-white px-3 text-base tabular-nums focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none';

/** The header's Timings button and its panel: when a waiting order turns amber, then red. */
export function KitchenAgeingSettings({
  ageing,
  onSave,
}: {
  ageing: Ageing;
  onSave: (next: Ageing) => void;
}) {
  const [open, setOpen] = useState(false);
  const [amber, setAmber] = useState(String(ageing.amberMinutes));
  const [red, setRed] = useState(String(ageing.redMinutes));
  const [problem, setProblem] = useState<string | null>(null);
  const panelId = useId();

  function toggle() {
    setAmber(String(ageing.amberMinutes));
    setRed(String(ageing.redMinutes));
    setProblem(null);
    setOpen((wasOpen) => !wasOpen);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { amberMinutes: Number(amber), redMinutes: Number(red) };
    const found = ageingProblem(next);
    setProblem(found);
    if (found) return;
    onSave(next);
    setOpen(false);
  }

  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={kitchenHeaderButtonIdle}
      >
        <Timer className="size-5" aria-hidden />
        {kitchenTexts.timings}
      </button>
      {open && (
        <form
          id={panelId}
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Closes the panel only, not the full-screen view behind it.
            event.stopPropagation();
            setOpen(false);
          }}
          aria-label={kitchenTexts.timingsTitle}
          // As the Sold out panel: under its button from 640 px, a sheet at the bottom on a phone.
          className="z-20 rounded-2xl border border-stone-200 bg-white p-4 shadow-lg max-sm:fixed max-sm:inset-x-3 max-sm:bottom-3 max-sm:shadow-2xl sm:absolute sm:right-0 sm:mt-2 sm:w-72"
        >
          <p className="text-sm font-semibold text-stone-900">{kitchenTexts.timingsTitle}</p>
          <p className="mt-1 text-sm text-stone-600">{kitchenTexts.timingsHint}</p>
          <div className="mt-3 flex gap-4">
            <MinutesField label={kitchenTexts.amberAfter} value={amber} onChange={setAmber} />
            <MinutesField label={kitchenTexts.redAfter} value={red} onChange={setRed} />
          </div>
          {problem && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          <Button type="submit" className="mt-3 w-full">
            {kitchenTexts.saveTimings}
          </Button>
        </form>
      )}
    </div>
  );
}

function MinutesField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="text-sm font-medium text-stone-800">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={AGEING_MAX_MINUTES}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      />
    </label>
  );
}
