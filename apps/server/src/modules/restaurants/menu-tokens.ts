import type { DbOrTx } from '../../db/client';
import { randomToken } from '../../lib/random-tokens';
import { restaurantsRepository as repo } from './restaurants.repository';
import { newTableSecret } from './table-keys';

/** The menu token in the QR code: 24 random bytes, 192 bits, URL-safe (docs/product/restaurant-setup.md#qr-code). */
const TOKEN_BYTES = 24;
export const newMenuToken = () => randomToken(TOKEN_BYTES);

/**
 * A new menu token for the caller's restaurant, only while the stored one is still `current`:
 * one rotation per code seen. Undefined when it was rotated meanwhile (or is not the caller's).
 * The table secret is replaced with it, so every table's key printed so far stops opening its
 * bill (docs/decisions/025-table-keys.md).
 */
export const replaceMenuToken = (db: DbOrTx, restaurantId: number, ownerId: number, current: string) =>
  repo.replaceToken(db, restaurantId, ownerId, current, {
    token: newMenuToken(),
    tableSecret: newTableSecret(),
  });
