import {
  MENU_CATEGORIES,
  type MenuCategory,
  type MenuItem,
  menuCategoryLabels,
} from '@tableserve/contract/menu';
import { cn } from '@/lib/cn';

export type CategoryFilterValue = MenuCategory | 'all';

function Chip({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count: number;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
        pressed
          ? 'border-brand-600 bg-brand-600 text-white'
          : 'border-stone-200 bg-white text-stone-700 hover:border-stone-300 hover:bg-stone-50',
      )}
    >
      {label}
      <span
        className={cn(
          'rounded-full px-1.5 text-xs tabular-nums',
          pressed ? 'bg-white text-brand-700' : 'bg-stone-100 text-stone-600',
        )}
      >
        {count}
      </span>
    </button>
  );
}

/** Chips for the categories the menu uses, to narrow the grid. */
export function CategoryFilter({
  items,
  value,
  onChange,
}: {
  items: MenuItem[];
  value: CategoryFilterValue;
  onChange: (value: CategoryFilterValue) => void;
}) {
  const used = MENU_CATEGORIES.filter((category) => items.some((item) => item.category === category));
  return (
    <fieldset className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      <legend className="sr-only">Filter by category</legend>
      <Chip label="All" count={items.length} pressed={value === 'all'} onClick={() => onChange('all')} />
      {used.map((category) => (
        <Chip
          key={category}
          label={menuCategoryLabels[category]}
          count={items.filter((item) => item.category === category).length}
          pressed={value === category}
          onClick={() => onChange(category)}
        />
      ))}
    </fieldset>
  );
}
