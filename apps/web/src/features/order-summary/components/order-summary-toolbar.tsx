import {
  ORDER_FILTERS,
  ORDER_SORTS,
  type OrderFilter,
  type OrderSort,
  ownerOrderMessages,
} from '@tableserve/contract/owner-orders';
import { ChevronDown, Search, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';

const controlClasses =
  'block min-h-11 w-full rounded-xl border border-stone-300 bg-white text-base text-stone-900 shadow-xs transition placeholder:text-stone-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none md:text-sm';

type ToolbarProps = {
  searchText: string;
  onSearchText: (text: string) => void;
  filter: OrderFilter;
  onFilter: (filter: OrderFilter) => void;
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
};

/** Search (customer name or order id), the four filters and the two sorts (docs/product/staff-screens.md#order-summary). */
export function OrderSummaryToolbar({
  searchText,
  onSearchText,
  filter,
  onFilter,
  sort,
  onSort,
}: ToolbarProps) {
  const searchId = useId();
  return (
    <search className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_12rem_11rem]">
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <label htmlFor={searchId} className="text-xs font-semibold text-stone-600">
          Search orders
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            inputMode="search"
            autoComplete="off"
            maxLength={100}
            placeholder="Customer name or order #"
            value={searchText}
            onChange={(event) => onSearchText(event.target.value)}
            className={`${controlClasses} py-2 pr-11 pl-10 [&::-webkit-search-cancel-button]:hidden`}
          />
          {searchText && (
            <button
              type="button"
              onClick={() => onSearchText('')}
              aria-label="Clear search"
              className="absolute top-1/2 right-1 grid size-9 -translate-y-1/2 place-items-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-800"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
      </div>
      <SelectField label="Show" value={filter} onChange={(value) => onFilter(value as OrderFilter)}>
        {ORDER_FILTERS.map((value) => (
          <option key={value} value={value}>
            {ownerOrderMessages.filters[value]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Sort" value={sort} onChange={(value) => onSort(value as OrderSort)}>
        {ORDER_SORTS.map((value) => (
          <option key={value} value={value}>
            {ownerOrderMessages.sorts[value]}
          </option>
        ))}
      </SelectField>
    </search>
  );
}

function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold text-stone-600">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${controlClasses} cursor-pointer appearance-none py-2 pr-10 pl-3.5`}
        >
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-stone-500"
          aria-hidden
        />
      </div>
    </div>
  );
}
