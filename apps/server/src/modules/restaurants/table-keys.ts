import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../../lib/random-tokens';

/**
 * A table's key (docs/decisions/025-table-keys.md): printed on its card beside the menu token, it
 * is what opens the table's bill. HMAC-SHA256 of the restaurant's table secret over the
 * restaurant and table, cut to 96 bits: 16 base64url characters, short enough to keep the card's
 * code easy to scan, far past guessing at any rate the server answers.
 */
const TABLE_KEY_BYTES = 12;

/** A restaurant's table secret: 256 random bits, replaced with the menu token (Replace all codes). */
export const newTableSecret = () => randomToken(32);

/** What a key is made from: the restaurant's id and its current table secret. */
export type TableKeySource = { id: number; tableSecret: string };

/** The key printed on table `table`'s card. */
export function tableKeyOf(restaurant: TableKeySource, table: number): string {
  return createHmac('sha256', restaurant.tableSecret)
    .update(`table-key:${restaurant.id}:${table}`)
    .digest()
    .subarray(0, TABLE_KEY_BYTES)
    .toString('base64url');
}

/** Whether `offered` is table `table`'s key now, compared in constant time; no key is no match. */
export function tableKeyMatches(
  restaurant: TableKeySource,
  table: number,
  offered: string | undefined,
): boolean {
  if (offered === undefined) return false;
  const expected = Buffer.from(tableKeyOf(restaurant, table));
  const given = Buffer.from(offered);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
