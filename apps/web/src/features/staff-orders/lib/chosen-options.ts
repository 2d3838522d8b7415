import type { MenuItem } from '@tableserve/contract/menu';
import { chosenOptions, priceWithOptions } from '@/lib/item-options';

export const hasOptions = (item: Pick<MenuItem, 'option_groups'>) => item.option_groups.length > 0;

/** A dish's unit price in dollars with the chosen options' deltas, as the server will charge it. */
export const unitPriceOf = (item: Pick<MenuItem, 'price' | 'option_groups'>, chosen: readonly number[]) =>
  priceWithOptions(item.price, chosenOptions(item.option_groups, chosen));
