import { type MenuItem, menuCategoryLabels } from '@tableserve/contract/menu';
import { Plus, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDollars } from '@/lib/money';
import { useStaffMenu } from '@/orders/api/menu-items';
import { isOrderableDish, portionsLeft } from '@/orders/lib/dish-stock';

type AddItemsPanelProps = {
  id: string;
  restaurantId: number;
  token: string;
  /** How many of each item the order holds now, to show beside its Add button. */
  inOrder: Map<number, number>;
  disabled?: boolean;
  onAdd: (item: MenuItem) => void;
};

/** docs/product/staff-screens.md#order-management: the panel for adding the menu's available items to an order. */
export function AddItemsPanel({ id, restaurantId, token, inOrder, disabled, onAdd }: AddItemsPanelProps) {
  const menu = useStaffMenu(restaurantId, token);
  const available = (menu.data ?? []).filter((item) => item.available);

  return (
    <section
      id={id}
      aria-label="Add items from the menu"
      className="rounded-xl border border-stone-200 bg-stone-50/80"
    >
      {menu.isPending ? (
        <p className="flex items-center gap-2 px-4 py-4 text-sm text-stone-600">
          <Spinner className="size-4 text-brand-600" decorative />
          Loading the menu…
        </p>
      ) : menu.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
          <p className="text-sm text-stone-600">The menu could not be loaded.</p>
          <Button variant="ghost" size="sm" busy={menu.isFetching} onClick={() => void menu.refetch()}>
            <RotateCcw className="size-4" aria-hidden />
            Try again
          </Button>
        </div>
      ) : available.length === 0 ? (
        <p className="px-4 py-4 text-sm text-stone-600">No menu items are available right now.</p>
      ) : (
        <ul className="max-h-72 divide-y divide-stone-200/70 overflow-y-auto overscroll-contain">
          {available.map((item) => {
            const count = inOrder.get(item.menu_id);
            const soldOut = !isOrderableDish(item);
            const left = portionsLeft(item);
            return (
              <li key={item.menu_id} className="flex items-center gap-3 py-1.5 pr-1.5 pl-4">
                <div className="min-w-0 flex-1">
                  <p className="text-sm leading-snug font-medium break-words text-stone-900">
                    {item.item_name}
                  </p>
                  <p className="text-xs text-stone-500">
                    {menuCategoryLabels[item.category]} · {formatDollars(item.price)}
                    {soldOut && <span className="font-semibold text-red-700"> · Sold out</span>}
                    {left && ` · ${left}`}
                    {count ? <span className="font-medium text-brand-700"> · {count} in order</span> : null}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="min-h-11! shrink-0"
                  disabled={disabled || soldOut}
                  onClick={() => onAdd(item)}
                  aria-label={`Add ${item.item_name}`}
                >
                  <Plus className="size-4" aria-hidden />
                  Add
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
