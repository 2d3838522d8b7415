import type { DbOrTx } from '../../db/client';
import { type MenuItemRow, menuRepository as repo } from './menu.repository';

export type { MenuItemRow };

/**
 * What other modules may read of the menu_items table: the menu module owns it, so nothing
 * outside this folder imports its repository (apps/server/src/architecture.test.ts).
 */
export const menuReads = {
  /** The restaurant's live items, newest first. */
  liveItems: (db: DbOrTx, restaurantId: number) => repo.list(db, restaurantId),
  countLiveItems: (db: DbOrTx, restaurantId: number) => repo.countLive(db, restaurantId),
  /** An item's allergens as they are now, as SQL: deleted items' too (past orders name them). */
  allergensOfItem: repo.allergensOfItem,
};
