import type { ChosenOption } from '@tableserve/contract/item-options';
import type { MenuItem } from '@tableserve/contract/menu';
import { dollarsToCents } from '@/lib/money';

/**
 * The chosen option ids of a dish as an order line carries them (group, name, price), in the
 * order the dish lists them. An id the dish no longer offers is left out: the server refuses it.
 */
export function chosenOptionsOf(
  item: Pick<MenuItem, 'option_groups'>,
  ids: readonly number[],
): ChosenOption[] {
  return item.option_groups.flatMap((group) =>
    group.options
      .filter((option) => ids.includes(option.id))
      .map((option) => ({ id: option.id, group: group.name, name: option.name, price: option.price_delta })),
  );
}

/** A dish's unit price with its chosen options, in cents: what the server will charge (ADR 017). */
export function unitPriceCents(
  item: Pick<MenuItem, 'price' | 'option_groups'>,
  ids: readonly number[],
): number {
  return chosenOptionsOf(item, ids).reduce(
    (cents, option) => cents + dollarsToCents(option.price),
    dollarsToCents(item.price),
  );
}

export const hasOptions = (item: Pick<MenuItem, 'option_groups'>) => item.option_groups.length > 0;
