import { sessionKeys, sessionStore } from '@/lib/storage';

/**
 * The table of the QR code the diner scanned (ADR 013): ?table=N on the menu link. Kept for the
 * visit (sessionStorage, like the allergen filter), with its restaurant, so checkout can choose it
 * for dine-in and 'Back to Menu' leads back to the same table's menu.
 */
type TableFromCode = { restaurant_id: number; table_no: number };

/** ?table=N as printed on a table's code: a whole number from 1; anything else is no table. */
export function parseTableParam(raw: string | null): number | null {
  const table = raw?.trim();
  return table && /^\d{1,4}$/.test(table) && Number(table) > 0 ? Number(table) : null;
}

/** A menu opened from a table's code remembers the table; one opened from the restaurant's forgets it. */
export function saveTableFromCode(restaurantId: number, table: number | null): void {
  if (table === null) sessionStore.remove(sessionKeys.tableFromCode);
  else
    sessionStore.set(
      sessionKeys.tableFromCode,
      JSON.stringify({ restaurant_id: restaurantId, table_no: table }),
    );
}

/** The table scanned at this restaurant during the visit, if any. */
export function readTableFromCode(restaurantId: number | null): number | null {
  const raw = sessionStore.get(sessionKeys.tableFromCode);
  if (!raw || restaurantId === null) return null;
  try {
    const stored = JSON.parse(raw) as Partial<TableFromCode>;
    return stored.restaurant_id === restaurantId && Number.isInteger(stored.table_no) && stored.table_no! > 0
      ? stored.table_no!
      : null;
  } catch {
    return null;
  }
}
