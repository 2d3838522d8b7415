import { cartMessages } from '@tableserve/contract/cart';
import { type MenuCategory, menuCategoryLabels } from '@tableserve/contract/menu';
import { cn } from '@/lib/cn';
import type { CategoryFilter } from '../lib/menu-categories';

type CategoryPillsProps = {
  categories: MenuCategory[];
  selected: CategoryFilter;
  onSelect: (filter: CategoryFilter) => void;
  className?: string;
};

/** All Items plus each category present (docs/product/menu.md#diner-menu), scrolling sideways on a phone. */
export function CategoryPills({ categories, selected, onSelect, className }: CategoryPillsProps) {
  const options: Array<{ value: CategoryFilter; label: string }> = [
    { value: 'all', label: cartMessages.allItems },
    ...categories.map((category) => ({ value: category, label: menuCategoryLabels[category] })),
  ];
  return (
    <nav aria-label="Menu categories" className={className}>
      <ul className="flex gap-2 overflow-x-auto px-4 py-2 [scrollbar-width:none] md:px-8">
        {options.map((option) => {
          const active = option.value === selected;
          return (
            <li key={option.value} className="shrink-0">
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(option.value)}
                className={cn(
                  'min-h-11 whitespace-nowrap rounded-full px-4 text-sm font-semibold transition-colors',
                  active
                    ? 'bg-stone-900 text-white shadow-sm'
                    : 'border border-stone-200 bg-white text-stone-700 hover:border-stone-300 hover:bg-stone-100',
                )}
              >
                {option.label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
