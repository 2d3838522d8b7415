import { ChevronDown } from 'lucide-react';
import { type Ref, useId } from 'react';
import { control } from '@/components/ui/field';
import { cn } from '@/lib/cn';

type TableSelectProps = {
  tables: number;
  value: number | null;
  onChange: (table: number | null) => void;
  loading?: boolean;
  /** The value is the table of the code the diner scanned (ADR 013). */
  fromCode?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

/** The dine-in table: choices 1 to number_of_tables (docs/product/ordering.md#checkout). */
export function TableSelect({ tables, value, onChange, loading, fromCode, ref }: TableSelectProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        Table number
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={id}
          name="table_no"
          value={value ?? ''}
          disabled={loading}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          className={cn(control, 'min-h-12 cursor-pointer appearance-none pr-11')}
        >
          <option value="">{loading ? 'Loading tables…' : 'Select your table'}</option>
          {Array.from({ length: tables }, (_, index) => index + 1).map((table) => (
            <option key={table} value={table}>
              Table {table}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3.5 size-5 -translate-y-1/2 text-stone-500"
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-stone-500">
        {fromCode
          ? 'From the QR code on your table. Sitting somewhere else? Choose that table.'
          : 'The number is on the card with the QR code at your table.'}
      </p>
    </div>
  );
}
