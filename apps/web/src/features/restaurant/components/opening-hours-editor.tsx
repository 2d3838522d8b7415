import type { OpeningHours, Weekday } from '@tableserve/contract/opening-hours';
import { WEEKDAYS } from '@tableserve/contract/opening-hours';
import { CopyCheck, MoonStar } from 'lucide-react';
import { useId } from 'react';
import { control } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import type { FieldErrors } from '@/lib/field-errors';
import { weekdayLabel, withDayChange } from '@/lib/opening-hours';

type OpeningHoursEditorProps = {
  value: OpeningHours;
  onChange: (next: OpeningHours) => void;
  /** Errors keyed by path, e.g. opening_hours.monday.close. */
  errors?: FieldErrors;
  disabled?: boolean;
};

const rowGrid =
  'grid grid-cols-2 gap-x-3 gap-y-2 xl:grid-cols-[6.5rem_minmax(0,1fr)_minmax(0,1fr)_11rem_5.5rem] xl:items-center xl:gap-x-4';

/**
 * Opening hours for all seven days (docs/product/restaurant-setup.md#restaurant opening_hours, docs/product/business-day.md#closing-day):
 * open and close times, pickup, and the day the kitchen actually closes, computed as the owner
 * types. Shared by Create Restaurant and Edit Restaurant.
 */
export function OpeningHoursEditor({ value, onChange, errors = {}, disabled }: OpeningHoursEditorProps) {
  function copyMondayToAll() {
    const monday = value.monday;
    let next = value;
    for (const day of WEEKDAYS) {
      next = withDayChange(next, day, { open: monday.open, close: monday.close, pickup: monday.pickup });
    }
    onChange(next);
  }

  return (
    <div className="flex flex-col">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">A closing time before 06:00 counts as the next morning.</p>
        <button
          type="button"
          onClick={copyMondayToAll}
          disabled={disabled}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 hover:text-brand-800 disabled:opacity-60"
        >
          <CopyCheck className="size-4" aria-hidden />
          Use Monday's hours for every day
        </button>
      </div>
      <div
        aria-hidden
        className={cn(
          rowGrid,
          'hidden border-b border-stone-200 pb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase xl:grid',
        )}
      >
        <span>Day</span>
        <span>Opens</span>
        <span>Closes</span>
        <span>Closes on</span>
        <span>Pickup</span>
      </div>
      <div className="divide-y divide-stone-100">
        {WEEKDAYS.map((day) => (
          <DayRow
            key={day}
            day={day}
            hours={value[day]}
            errors={errors}
            disabled={disabled}
            onChange={(change) => onChange(withDayChange(value, day, change))}
          />
        ))}
      </div>
    </div>
  );
}

type DayRowProps = {
  day: Weekday;
  hours: OpeningHours[Weekday];
  errors: FieldErrors;
  disabled?: boolean;
  onChange: (change: Partial<Pick<OpeningHours[Weekday], 'open' | 'close' | 'pickup'>>) => void;
};

function DayRow({ day, hours, errors, disabled, onChange }: DayRowProps) {
  const id = useId();
  const openError = errors[`opening_hours.${day}.open`];
  const closeError = errors[`opening_hours.${day}.close`];
  const rowError = [openError, closeError, errors[`opening_hours.${day}`]].filter(Boolean).join(' ');
  const nextDay = hours.closing_day !== day;
  const timeInput = (field: 'open' | 'close', error: string | undefined) => (
    <input
      id={`${id}-${field}`}
      type="time"
      required
      value={hours[field]}
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      aria-describedby={rowError ? `${id}-error` : undefined}
      onChange={(event) => onChange({ [field]: event.target.value })}
      className={cn(control, 'min-h-11 py-2 tabular-nums')}
    />
  );

  return (
    <fieldset className={cn(rowGrid, 'min-w-0 py-4 xl:py-3')}>
      {/* A positioned legend is laid out like any element, so the grid can place the visible name. */}
      <legend className="sr-only">{weekdayLabel(day)}</legend>
      <span aria-hidden className="order-1 self-center text-[0.9375rem] font-semibold text-stone-900">
        {weekdayLabel(day)}
      </span>

      <label className="order-2 flex min-h-11 cursor-pointer items-center justify-end gap-2.5 text-sm font-medium text-stone-700 xl:order-5 xl:justify-start">
        <input
          type="checkbox"
          checked={hours.pickup}
          disabled={disabled}
          onChange={(event) => onChange({ pickup: event.target.checked })}
          className="size-5 shrink-0 cursor-pointer rounded accent-brand-600"
        />
        Pickup
      </label>

      <div className="order-3 flex flex-col gap-1 xl:order-2">
        <label htmlFor={`${id}-open`} className="text-xs font-medium text-stone-600 xl:sr-only">
          Opens
        </label>
        {timeInput('open', openError)}
      </div>
      <div className="order-4 flex flex-col gap-1 xl:order-3">
        <label htmlFor={`${id}-close`} className="text-xs font-medium text-stone-600 xl:sr-only">
          Closes
        </label>
        {timeInput('close', closeError)}
      </div>

      <p className="order-5 col-span-2 flex items-center gap-2 text-sm text-stone-600 xl:order-4 xl:col-span-1">
        <span className="xl:sr-only">Closes on</span>
        <span className="font-medium text-stone-900" data-testid={`closing-day-${day}`}>
          {weekdayLabel(hours.closing_day)}
        </span>
        {nextDay && (
          <span className="inline-flex items-center gap-1 rounded-full whitespace-nowrap bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
            <MoonStar className="size-3" aria-hidden />
            next day
          </span>
        )}
      </p>

      {rowError && (
        <p id={`${id}-error`} className="order-6 col-span-2 text-sm text-red-700 xl:col-span-5">
          {rowError}
        </p>
      )}
    </fieldset>
  );
}
