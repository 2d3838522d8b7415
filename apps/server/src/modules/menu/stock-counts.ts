import { menuRepository, type StockChange, type StockCount } from './menu.repository';

export type { StockChange, StockCount };

/**
 * Takes and gives back portions of counted items (ADR 015), for the orders module: the menu
 * module owns the counts, so orders change them only through here. `lockCounted` before any
 * order line is read for its holds, then `changeCounts`; `adjustStock` is both, for a new order.
 */
export const { adjustStock, lockCounted, changeCounts } = menuRepository;
