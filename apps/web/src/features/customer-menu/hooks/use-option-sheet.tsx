import type { MenuItem } from '@tableserve/contract/menu';
import { lazy, Suspense, useState } from 'react';
import type { CartItem } from '@/session/diner/cart';

// The sheet (the chooser, its dialog) loads with the first dish chosen, not with the menu (docs/performance.md).
const OptionSheet = lazy(async () => ({ default: (await import('../components/option-sheet')).OptionSheet }));

type SheetState = { menuId: number; opening: number; open: boolean };

/**
 * The option sheet of the menu's dishes with options: `choose` opens it for a dish, `sheet` is the
 * element to render. It follows the live menu: a dish that sells out meanwhile closes it, an edited
 * one shows its new groups.
 */
export function useOptionSheet(menu: readonly MenuItem[], onAdd: (line: CartItem, quantity: number) => void) {
  const [state, setState] = useState<SheetState | null>(null);
  const close = () => setState((current) => current && { ...current, open: false });
  const item = state?.open ? (menu.find((dish) => dish.menu_id === state.menuId) ?? null) : null;

  return {
    choose: (dish: MenuItem) =>
      setState((current) => ({ menuId: dish.menu_id, opening: (current?.opening ?? 0) + 1, open: true })),
    // Once opened, it stays mounted so that closing it runs the native close (focus goes back to Add).
    sheet: state && (
      <Suspense fallback={null}>
        <OptionSheet
          key={state.opening}
          item={item}
          onAdd={(line, quantity) => {
            onAdd(line, quantity);
            close();
          }}
          onClose={close}
        />
      </Suspense>
    ),
  };
}
