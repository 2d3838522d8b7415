import type { DisplayMenuResponse } from '@tableserve/contract/customer-menu';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AppSocket } from '@/lib/socket';
import { displayMenuQueryOptions } from '@/menu/display-menu';
import type { MenuToOpen } from '@/session/diner/remember-restaurant';
import { applySoldOutChange, parseSoldOutChange } from '../lib/live-menu';

/** How long after the menu shows its live connection may wait for an idle moment. */
const START_WITHIN_MS = 2000;

/**
 * Keeps an open menu's dishes live (docs/decisions/015-stock-and-sold-out.md): one the kitchen sells out, or an order sells
 * out, leaves the page at once; one that comes back returns. The socket's code loads once the
 * menu has shown and the phone is idle, so the first load stays as small and fast as it was.
 * Every (re)connection asks for the menu again: a change made before the socket joined, or while
 * it was away, would otherwise be missed (an unchanged menu is an empty 304).
 */
export function useLiveSoldOut(restaurantId: number | undefined, { token, table }: MenuToOpen) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (restaurantId === undefined || token === null) return;
    const { queryKey } = displayMenuQueryOptions(token, table);
    let socket: AppSocket | undefined;
    let stopped = false;

    function connect() {
      void import('@/lib/socket').then(({ createMenuSocket }) => {
        if (stopped || restaurantId === undefined) return;
        socket = createMenuSocket(restaurantId);
        socket.on('connect', () => void queryClient.invalidateQueries({ queryKey }));
        socket.on('menu_item_sold_out', (message) => {
          const change = parseSoldOutChange(message);
          if (!change) return;
          queryClient.setQueryData<DisplayMenuResponse>(queryKey, (menu) =>
            menu ? applySoldOutChange(menu, change) : menu,
          );
        });
      });
    }

    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(connect, { timeout: START_WITHIN_MS })
      : window.setTimeout(connect, START_WITHIN_MS);
    return () => {
      stopped = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      socket?.disconnect();
    };
  }, [queryClient, restaurantId, token, table]);
}
