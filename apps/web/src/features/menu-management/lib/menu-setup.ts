import { localStore, menuSetupKey } from '@/lib/storage';

/** docs/product/web-app.md#client-storage: restaurant_{id}_menuSetup is pending or completed. */
export type MenuSetupState = 'pending' | 'completed' | 'none';

export function readMenuSetup(restaurantId: number): MenuSetupState {
  const value = localStore.get(menuSetupKey(restaurantId));
  return value === 'pending' || value === 'completed' ? value : 'none';
}

export function completeMenuSetup(restaurantId: number): void {
  localStore.set(menuSetupKey(restaurantId), 'completed');
}

/** docs/product/restaurant-setup.md#menu-setup: step 2 while the menu is empty, step 3 once it has items. */
export const menuSetupStep = (itemCount: number): 2 | 3 => (itemCount > 0 ? 3 : 2);
