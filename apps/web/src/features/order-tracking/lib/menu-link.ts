import { paths } from '@/config/paths';
import { readMenuToken } from '@/features/diner/lib/current-restaurant';

/**
 * Where 'Back to Menu' goes: the menu of the QR code the diner scanned. Without a stored menu
 * token, the menu by restaurant id (display-menu accepts both), else the home page.
 */
export function menuLink(restaurantId?: number | null): string {
  const token = readMenuToken() ?? (restaurantId ? String(restaurantId) : null);
  return token ? `${paths.menuDisplay}?token=${encodeURIComponent(token)}` : paths.home;
}
