import { menuRepository, type StockChange, type StockCount } from './menu.repository';

export type { StockChange, StockCount };

/**
 * Takes and gives back portions of counted items (ADR 015), for the orders module: the menu
 * module owns the counts, so orders change them only through here.
 */
export const adjustStock = menuRepository.adjustStock;
