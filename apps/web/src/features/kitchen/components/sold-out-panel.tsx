import type { MenuItem } from '@tableserve/contract/menu';
import { CircleSlash, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { SwitchTrack } from '@/components/ui/switch-track';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useStaffMenu } from '@/orders/api/menu-items';
import { portionsLeft } from '@/orders/lib/dish-stock';
import { useSetSoldOut } from '../api/sold-out';
import { kitchenTexts } from '../lib/kitchen-texts';
import { kitchenHeaderButtonIdle } from './kitchen-toggle';

type Caller = { restaurantId: number; token: string };

/** The dishes the kitchen can sell out: those the owner has on the menu, by name. */
const kitchenDishes = (items: MenuItem[]) =>
  items.filter((item) => item.available).sort((a, b) => a.item_name.localeCompare(b.item_name));

/**
 * The header's Sold out button and its panel (docs/decisions/015-stock-and-sold-out.md, the kitchen's "86"): one tap on a
 * dish takes it off every diner's menu at once, another brings it back.
 */
export function SoldOutPanel(caller: Caller) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const menu = useStaffMenu(caller.restaurantId, caller.token);
  const dishes = kitchenDishes(menu.data ?? []);
  const soldOutCount = dishes.filter((item) => item.stock === 0).length;

  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className={kitchenHeaderButtonIdle}
      >
        <CircleSlash className="size-5" aria-hidden />
        {kitchenTexts.soldOut}
        {soldOutCount > 0 && (
          <span className="inline-flex min-w-6 justify-center rounded-full bg-red-700 px-1.5 text-sm font-bold text-white tabular-nums">
            {soldOutCount}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-label={kitchenTexts.soldOutTitle}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Closes the panel only, not the full-screen view behind it.
            event.stopPropagation();
            setOpen(false);
          }}
          // Under its button from 640 px; on a phone the button may sit at the row's left edge,
          // where a panel aligned to its right would run off the screen: a sheet at the bottom.
          className="z-20 rounded-2xl border border-stone-200 bg-white p-4 shadow-lg max-sm:fixed max-sm:inset-x-3 max-sm:bottom-3 max-sm:shadow-2xl sm:absolute sm:right-0 sm:mt-2 sm:w-[22rem]"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 className="text-base font-semibold text-stone-900">{kitchenTexts.soldOutTitle}</h2>
            {/* On a phone the sheet can cover the button that opened it: it closes itself too. */}
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label={kitchenTexts.close}
              className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 sm:hidden"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <p className="mt-1 text-sm text-stone-600">{kitchenTexts.soldOutHint}</p>
          {dishes.length === 0 ? (
            <p className="mt-3 text-sm text-stone-600">{kitchenTexts.soldOutNothing}</p>
          ) : (
            <ul className="mt-3 max-h-[55vh] divide-y divide-stone-100 overflow-y-auto">
              {dishes.map((item) => (
                <li key={item.menu_id}>
                  <SoldOutSwitch item={item} caller={caller} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

function SoldOutSwitch({ item, caller }: { item: MenuItem; caller: Caller }) {
  const setSoldOut = useSetSoldOut(caller);
  const soldOut = item.stock === 0;
  const id = useId();
  const state = soldOut ? kitchenTexts.soldOut : (portionsLeft(item) ?? kitchenTexts.onTheMenu);

  function toggle() {
    if (setSoldOut.isPending) return;
    setSoldOut.mutate(
      { menuId: item.menu_id, soldOut: !soldOut },
      {
        onError: (error) =>
          toast.error(
            error instanceof ApiRequestError && error.serverMessage
              ? error.serverMessage
              : 'Could not change this dish. Please try again.',
          ),
      },
    );
  }

  return (
    <label
      htmlFor={id}
      className="flex min-h-14 cursor-pointer items-center justify-between gap-3 py-2 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
    >
      <span className="flex min-w-0 flex-col">
        <span
          id={`${id}-name`}
          className={cn('text-base font-semibold break-words', soldOut && 'text-stone-500 line-through')}
        >
          {item.item_name}
        </span>
        <span
          id={`${id}-state`}
          className={cn('text-sm', soldOut ? 'font-semibold text-red-700' : 'text-stone-500')}
        >
          {state}
        </span>
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={soldOut}
        aria-checked={soldOut}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-state`}
        aria-busy={setSoldOut.isPending || undefined}
        onChange={toggle}
        className="peer sr-only"
      />
      <SwitchTrack
        on={soldOut}
        onClassName="bg-red-700"
        size="large"
        className={cn(setSoldOut.isPending && 'opacity-60')}
      />
    </label>
  );
}
