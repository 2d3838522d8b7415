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

/**
 * describeOptions for a narrow column: each " · " holds to the group before it, so a line breaks
 * after the dot ("Doneness: Medium-well ·" / "Extras: Bacon"), never before it.
 */
export const optionsText = (options: readonly Pick<ChosenOption, 'group' | 'name'>[]): string =>
  describeOptions(options).replaceAll(' · ', '\u00a0· ');
