import { sessionKeys, sessionStore } from '@/lib/storage';

/**
 * The table of the QR code the diner scanned (ADR 013): ?table=N on the menu link, with the
 * table's key (?key=…, docs/decisions/025-table-keys.md) that opens its bill. Kept for the visit
 * (sessionStorage, like the allergen filter), with its restaurant, so checkout can choose it for
 * dine-in, 'Back to Menu' leads back to the same table's menu and "View bill & pay" opens its bill.
 */
type TableFromCode = { restaurant_id: number; table_no: number; key?: string };

/** ?table=N as printed on a table's code: a whole number from 1; anything else is no table. */
export function parseTableParam(raw: string | null): number | null {
  const table = raw?.trim();
  return table && /^\d{1,4}$/.test(table) && Number(table) > 0 ? Number(table) : null;
}

/**
 * ?key=… as printed on a table's card: its base64url characters, else no key (a card printed
 * before keys, or the restaurant's menu link with a table added).
 */
export function parseKeyParam(raw: string | null): string | null {
  const key = raw?.trim();
  return key && /^[A-Za-z0-9_-]{1,64}$/.test(key) ? key : null;
}

/** A menu opened from a table's code remembers the table (and its key); one opened from the restaurant's forgets it. */
export function saveTableFromCode(
  restaurantId: number,
  table: number | null,
  key: string | null = null,
): void {
  if (table === null) sessionStore.remove(sessionKeys.tableFromCode);
  else {
    const stored: TableFromCode = { restaurant_id: restaurantId, table_no: table, ...(key && { key }) };
    sessionStore.set(sessionKeys.tableFromCode, JSON.stringify(stored));
  }
}

function readStored(restaurantId: number | null): TableFromCode | null {
  const raw = sessionStore.get(sessionKeys.tableFromCode);
  if (!raw || restaurantId === null) return null;
  try {
    const stored = JSON.parse(raw) as Partial<TableFromCode>;
    return stored.restaurant_id === restaurantId && Number.isInteger(stored.table_no) && stored.table_no! > 0
      ? {
          restaurant_id: restaurantId,
          table_no: stored.table_no!,
          key: parseKeyParam(stored.key ?? null) ?? undefined,
        }
      : null;
  } catch {
    return null;
  }
}

/** The table scanned at this restaurant during the visit, if any. */
export function readTableFromCode(restaurantId: number | null): number | null {
  return readStored(restaurantId)?.table_no ?? null;
}

/** The key of the table scanned at this restaurant during the visit: null without a table, or from a card without one. */
export function readTableKeyFromCode(restaurantId: number | null): string | null {
  return readStored(restaurantId)?.key ?? null;
}
