import { randomInt } from 'node:crypto';
import {
  type ChosenOption,
  choicesProblem,
  type MenuOptionGroup,
  type OptionGroupsInput,
} from '@tableserve/contract/item-options';
import type { StoredChosenOption, StoredOptionGroup } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { centsToDollars, dollarsToCents } from '../../lib/money';

/** docs/decisions/017-item-options.md (ADR 017): an item's option groups, and what an order line chose of them. */

/** The largest id a group or option gets: a PostgreSQL integer, and what the order input accepts. */
const LARGEST_ID = 2_147_483_647;

export function toMenuOptionGroup(group: StoredOptionGroup): MenuOptionGroup {
  return {
    id: group.id,
    name: group.name,
    min_choices: group.minChoices,
    max_choices: group.maxChoices,
    options: group.options.map((option) => ({
      id: option.id,
      name: option.name,
      price_delta: centsToDollars(option.priceDeltaCents),
    })),
  };
}

export const toChosenOption = (option: StoredChosenOption): ChosenOption => ({
  id: option.id,
  group: option.group,
  name: option.name,
  price: centsToDollars(option.priceDeltaCents),
});

/**
 * The owner's groups as stored, with ids. A group or option keeps its stored id while its name
 * (and its group's) stays, so a diner's open cart keeps its choices over a price edit; a new one
 * gets a random id never used in the item, so an id removed today never comes back meaning
 * another option for a cart still holding it.
 */
export function withOptionIds(
  groups: OptionGroupsInput,
  stored: readonly StoredOptionGroup[],
): StoredOptionGroup[] {
  const key = (...names: string[]) => names.map((name) => name.toLowerCase()).join('\u0000');
  const storedIds = new Map<string, number>();
  for (const group of stored) {
    storedIds.set(key(group.name), group.id);
    for (const option of group.options) storedIds.set(key(group.name, option.name), option.id);
  }
  const used = new Set(storedIds.values());
  const idFor = (...names: string[]) => {
    const kept = storedIds.get(key(...names));
    if (kept !== undefined) return kept;
    let id: number;
    do id = randomInt(1, LARGEST_ID);
    while (used.has(id));
    used.add(id);
    return id;
  };
  return groups.map((group) => ({
    id: idFor(group.name),
    name: group.name,
    minChoices: group.min_choices,
    maxChoices: group.max_choices,
    options: group.options.map((option) => ({
      id: idFor(group.name, option.name),
      name: option.name,
      priceDeltaCents: dollarsToCents(option.price_delta),
    })),
  }));
}

/**
 * An order line's choices checked against the item's groups and copied as they are now, in the
 * menu's order whatever order they were tapped in: a 400 naming the dish and the group otherwise.
 */
export function chooseOptions(
  item: { name: string; optionGroups: readonly StoredOptionGroup[] },
  chosen: readonly number[],
): StoredChosenOption[] {
  const problem = choicesProblem(item.name, item.optionGroups.map(toMenuOptionGroup), chosen);
  if (problem) throw badRequest(problem, 'INVALID_OPTIONS');
  return item.optionGroups.flatMap((group) =>
    group.options
      .filter((option) => chosen.includes(option.id))
      .map((option) => ({
        id: option.id,
        group: group.name,
        name: option.name,
        priceDeltaCents: option.priceDeltaCents,
      })),
  );
}
