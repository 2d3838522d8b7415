import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { useId } from 'react';
import { selectClasses } from './select-classes';

/** Pick-up, or the table a walk-in sits at; pick-up only while the tables are unknown. */
export function TableSelect({
  value,
  tables,
  unknown,
  onChange,
}: {
  value: string;
  tables: number[];
  unknown: boolean;
  onChange: (table: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        Table
      </label>
      <select
        id={id}
        name="table_number"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className={selectClasses}
      >
        <option value="">{ownerOrderMessages.pickUp}</option>
        {tables.map((table) => (
          <option key={table} value={String(table)}>
            Table {table}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm text-stone-500">
        {unknown && tables.length === 0
          ? 'Tables are not available just now: pick-up only.'
          : 'Pick-up, or the table a walk-in sits at.'}
      </p>
    </div>
  );
}
