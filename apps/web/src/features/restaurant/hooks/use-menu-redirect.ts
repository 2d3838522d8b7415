import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { dashboardPaths } from '@/config/paths';

/** docs/product/web-app.md#notifications: the create-restaurant toast lasts 10 s, and the redirect waits as long. */
export const MENU_REDIRECT_MS = 10_000;

/**
 * After a restaurant is created, goes to Menu Management with the new restaurant_id in the
 * navigation state (docs/product/restaurant-setup.md#create-restaurant): when the toast closes or after 10 s,
 * whichever is first, and only once. An owner who has already left the page stays where they are.
 */
export function useMenuRedirect() {
  const navigate = useNavigate();
  const mounted = useRef(false);
  const done = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const goToMenu = useCallback(
    (restaurantId: number) => {
      if (done.current || !mounted.current) return;
      done.current = true;
      clearTimeout(timer.current);
      navigate(dashboardPaths.menuManagement, { state: { restaurant_id: restaurantId } });
    },
    [navigate],
  );

  /** Starts the 10-s fallback and returns the function the toast calls when it closes. */
  const schedule = useCallback(
    (restaurantId: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => goToMenu(restaurantId), MENU_REDIRECT_MS);
      return () => goToMenu(restaurantId);
    },
    [goToMenu],
  );

  return { schedule, goToMenu };
}
