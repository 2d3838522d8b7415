import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and during hydration of its HTML, true in every other render. A value read
 * from the browser's storage (the cart, the allergen filter, the signed-in diner) is shown only
 * once hydrated: the first client render must draw what the server drew, which cannot read the
 * phone's storage, and React renders again at once with the stored value.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
