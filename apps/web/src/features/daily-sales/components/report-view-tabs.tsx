import { kitchenAnalyticsMessages as text } from '@tableserve/contract/kitchen-analytics';
import { salesMoneyMessages } from '@tableserve/contract/sales-money';
import { type KeyboardEvent, useRef } from 'react';
import { cn } from '@/lib/cn';

export type ReportView = 'sales' | 'kitchen' | 'money';
const VIEWS: { view: ReportView; label: string }[] = [
  { view: 'sales', label: text.salesTab },
  { view: 'kitchen', label: text.kitchenTab },
  { view: 'money', label: salesMoneyMessages.moneyTab },
];

export const tabIdOf = (prefix: string, view: ReportView) => `${prefix}-tab-${view}`;
export const panelIdOf = (prefix: string, view: ReportView) => `${prefix}-panel-${view}`;

/** The report's Sales, Kitchen and Money views as tabs (WAI-ARIA tabs: arrow keys move between them). */
export function ReportViewTabs({
  idPrefix,
  view,
  onChange,
}: {
  idPrefix: string;
  view: ReportView;
  onChange: (view: ReportView) => void;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function moveWithArrows(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (VIEWS.findIndex((entry) => entry.view === view) + step + VIEWS.length) % VIEWS.length;
    onChange(VIEWS[next]!.view);
    tabs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={text.reportViews}
      onKeyDown={moveWithArrows}
      className="flex gap-1 rounded-xl bg-stone-100 p-1"
    >
      {VIEWS.map((entry, index) => {
        const selected = entry.view === view;
        return (
          <button
            key={entry.view}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabIdOf(idPrefix, entry.view)}
            aria-selected={selected}
            aria-controls={panelIdOf(idPrefix, entry.view)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(entry.view)}
            className={cn(
              'min-h-11 flex-1 rounded-lg px-4 text-sm font-semibold transition-colors',
              selected ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900',
            )}
          >
            {entry.label}
          </button>
        );
      })}
    </div>
  );
}

/** Day or the 7 days ending on it: two pressed-or-not buttons in a labelled group. */
export function RangeToggle({ weekly, onChange }: { weekly: boolean; onChange: (weekly: boolean) => void }) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{text.range}</legend>
      {[
        { label: text.day, value: false },
        { label: text.week, value: true },
      ].map((option) => (
        <button
          key={option.label}
          type="button"
          aria-pressed={weekly === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors',
            weekly === option.value
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-stone-200 bg-white text-stone-700 hover:border-stone-300 hover:bg-stone-50',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
