import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { BarChart3, ChevronDown } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { localDate } from '@/orders/lib/order-summary-format';
import { SalesReportDialog } from './sales-report-dialog';

/**
 * The Daily Sales Report widget (docs/product/daily-sales.md#daily-sales): the 'Sales Report' button opens
 * a small panel with the date picker (today by default), which opens the report popup.
 */
export function SalesReport({
  restaurantId,
  token,
  today,
}: {
  restaurantId: number;
  token: string;
  /** The restaurant's business day (YYYY-MM-DD in its zone) when known; else the browser's date. */
  today?: string | undefined;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [chosenDate, setDate] = useState<string | null>(null);
  const latest = today ?? localDate();
  const date = chosenDate ?? latest;
  const [reportDate, setReportDate] = useState<string | null>(null);
  const panelId = useId();
  const dateId = useId();
  const widget = useRef<HTMLDivElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!pickerOpen) return;
    dateInput.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!widget.current?.contains(event.target as Node)) setPickerOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setPickerOpen(false);
      widget.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [pickerOpen]);

  function openReport(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!date) return;
    setPickerOpen(false);
    setReportDate(date);
  }

  return (
    <div ref={widget} className="relative">
      <Button
        variant="secondary"
        aria-expanded={pickerOpen}
        aria-controls={panelId}
        onClick={() => setPickerOpen((open) => !open)}
      >
        <BarChart3 className="size-4 text-brand-600" aria-hidden />
        {ownerOrderMessages.salesReport}
        <ChevronDown
          className={cn('size-4 text-stone-500 transition-transform', pickerOpen && 'rotate-180')}
          aria-hidden
        />
      </Button>
      {pickerOpen && (
        <form
          id={panelId}
          aria-label={ownerOrderMessages.salesReport}
          onSubmit={openReport}
          className="absolute top-full left-0 z-30 mt-2 flex w-72 sm:right-0 sm:left-auto flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-raised"
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={dateId} className="text-sm font-medium text-stone-700">
              {ownerOrderMessages.reportDate}
            </label>
            <input
              ref={dateInput}
              id={dateId}
              type="date"
              required
              value={date}
              max={latest}
              onChange={(event) => setDate(event.target.value)}
              className="block min-h-11 w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-xs focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setPickerOpen(false)}>
              {ownerOrderMessages.cancel}
            </Button>
            <Button type="submit" disabled={!date}>
              {ownerOrderMessages.viewReport}
            </Button>
          </div>
        </form>
      )}
      <SalesReportDialog
        restaurantId={restaurantId}
        token={token}
        date={reportDate}
        onClose={() => setReportDate(null)}
      />
    </div>
  );
}
