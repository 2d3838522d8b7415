import type { Allergen } from '@tableserve/contract/allergens';
import type { MenuItem } from '@tableserve/contract/menu';
import { ShieldAlert, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '@/lib/cn';
import { allergenFilterTexts as text } from '../lib/allergen-filter';

// The panel (a dialog of 14 checkboxes) loads when first opened, not with the menu (docs/performance.md).
const AllergenFilterPanel = lazy(async () => ({
  default: (await import('./allergen-filter-panel')).AllergenFilterPanel,
}));

type AllergenFilterProps = {
  menu: readonly MenuItem[];
  avoided: readonly Allergen[];
  onChange: (avoided: Allergen[]) => void;
  className?: string;
};

/** The "Allergens" button of the menu's bar, with how many are chosen, and the panel it opens. */
export function AllergenFilterButton({ menu, avoided, onChange, className }: AllergenFilterProps) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted so that closing it runs the native close.
  const [opened, setOpened] = useState(false);
  const active = avoided.length > 0;

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className={cn(
          'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold whitespace-nowrap transition-colors',
          active
            ? 'bg-amber-100 text-amber-950 ring-1 ring-amber-300 ring-inset hover:bg-amber-200'
            : 'border border-stone-200 bg-white text-stone-700 hover:border-stone-300 hover:bg-stone-100',
          className,
        )}
      >
        <ShieldAlert className="size-4" aria-hidden />
        {text.button}
        {/* A real space and a hidden word, so it reads "Allergens 2 chosen", not "Allergens2". */}
        {active && ' '}
        {active && (
          <span className="inline-flex min-w-5 justify-center rounded-full bg-amber-900 px-1.5 text-xs leading-5 font-bold text-white tabular-nums">
            {avoided.length} <span className="sr-only">{text.chosen}</span>
          </span>
        )}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <AllergenFilterPanel
            open={open}
            onClose={() => setOpen(false)}
            menu={menu}
            avoided={avoided}
            onChange={onChange}
          />
        </Suspense>
      )}
    </>
  );
}

/** The line above the dishes while the filter hides some: how many, and a way to show them again. */
export function HiddenByAllergensNote({
  hiddenCount,
  everythingHidden,
  onClear,
}: {
  hiddenCount: number;
  everythingHidden: boolean;
  onClear: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-950"
    >
      <p className="flex items-center gap-2 font-medium">
        <ShieldAlert className="size-4 shrink-0 text-amber-700" aria-hidden />
        {everythingHidden ? text.everythingHidden : text.hidden(hiddenCount)}
      </p>
      <button
        type="button"
        onClick={onClear}
        className="-my-1 inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 font-semibold text-amber-950 underline-offset-2 hover:bg-amber-100 hover:underline"
      >
        <X className="size-4" aria-hidden />
        {text.clear}
      </button>
    </div>
  );
}
