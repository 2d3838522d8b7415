import type { MenuItem } from '@tableserve/contract/menu';
import {
  type ChosenOption,
  describeOptions,
  type MenuOptionGroup,
} from '@tableserve/contract/option-choices';
import { dollarsToCents } from './money';

/**
 * The chosen ids as an order line keeps them (ADR 017): each option with its group's name and its
 * price delta, in the order the dish lists them. Ids that are no option of these groups drop out.
 */
export function chosenOptions(groups: readonly MenuOptionGroup[], chosen: readonly number[]): ChosenOption[] {
  return groups.flatMap((group) =>
    group.options
      .filter((option) => chosen.includes(option.id))
      .map((option) => ({ id: option.id, group: group.name, name: option.name, price: option.price_delta })),
  );
}

/** A unit price with its options' deltas added, counted in cents so $16.00 + $0.60 + $1.00 is $17.60. */
export function priceWithOptions(price: number, options: readonly Pick<ChosenOption, 'price'>[]): number {
  return options.reduce((cents, option) => cents + dollarsToCents(option.price), dollarsToCents(price)) / 100;
}

/** Whether a dish asks for choices before it is added (the diner's sheet, the staff's chooser). */
export const hasOptions = (item: Pick<MenuItem, 'option_groups'>) => item.option_groups.length > 0;

/** A dish's unit price in dollars with the chosen options' deltas, as the server will charge it. */
export const unitPriceOf = (item: Pick<MenuItem, 'price' | 'option_groups'>, chosen: readonly number[]) =>
  priceWithOptions(item.price, chosenOptions(item.option_groups, chosen));

/**
 * describeOptions for a narrow column: each " · " holds to the group before it, so a line breaks
 * after the dot ("Doneness: Medium-well ·" / "Extras: Bacon"), never before it.
 */
export const optionsText = (options: readonly Pick<ChosenOption, 'group' | 'name'>[]): string =>
  describeOptions(options).replaceAll(' · ', '\u00a0· ');
