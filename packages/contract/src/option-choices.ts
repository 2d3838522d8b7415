/**
 * Item options (docs/decisions/017-item-options.md, ADR 017), the part without zod: the rules and texts the diner's
 * menu needs in its first load (the chooser, the cart's key), where the contract's schemas would
 * bring zod along. item-options.ts re-exports all of it beside the schemas.
 */
export const MAX_OPTION_GROUPS = 10;
export const MAX_OPTIONS_PER_GROUP = 20;
export const OPTION_NAME_MAX = 30;
/** The most option ids one order line may carry: every option of every group, once. */
export const MAX_CHOSEN_OPTIONS = MAX_OPTION_GROUPS * MAX_OPTIONS_PER_GROUP;

export const optionMessages = {
  tooManyGroups: `An item can have at most ${MAX_OPTION_GROUPS} option groups`,
  tooManyOptions: `A group can have at most ${MAX_OPTIONS_PER_GROUP} options`,
  noOptions: 'Add at least one option to the group',
  groupTwice: (group: string) => `There are two groups named ${group}`,
  optionTwice: (group: string, option: string) => `${group} lists ${option} twice`,
  choices: 'Choices must be whole numbers',
  minAboveMax: 'The fewest choices cannot be more than the most',
  maxAtLeastOne: 'The most choices must be at least 1',
  maxAboveOptions: (group: string) => `${group} cannot allow more choices than it has options`,
  // The diner's chooser and the server's refusals.
  chooseOne: (group: string) => `Choose a ${group}`,
  chooseAtLeast: (group: string, min: number) => `Choose at least ${min} ${group}`,
  chooseAtMost: (group: string, max: number) => `Choose at most ${max} ${group}`,
  /** A whole line's refusal names the dish too: the cart may hold several. */
  forItem: (item: string, problem: string) => `${item}: ${problem}`,
  notAnOption: (item: string) =>
    `${item}: one of the chosen options is no longer offered. Please choose again.`,
  chosenTwice: 'An option is chosen twice',
  /** How a group's rule reads above its options. */
  rule: (min: number, max: number, options: number) =>
    min === max
      ? min === 1
        ? 'Choose 1'
        : `Choose ${min}`
      : min === 0
        ? max >= options
          ? 'Optional'
          : `Up to ${max}`
        : `Choose ${min} to ${max}`,
  required: 'Required',
} as const;

/** A group as every reader gets it: ids, rules, and price deltas in dollars. */
export type MenuOption = { id: number; name: string; price_delta: number };
export type MenuOptionGroup = {
  id: number;
  name: string;
  min_choices: number;
  max_choices: number;
  options: MenuOption[];
};

/** What an order line carries of its choices: the option's id, and its group, name and price then. */
export type ChosenOption = {
  id: number;
  group: string;
  name: string;
  /** Dollars, what it added to the line's unit price. */
  price: number;
};

type Group = Pick<MenuOptionGroup, 'name' | 'min_choices' | 'max_choices'> & {
  options: readonly Pick<MenuOption, 'id'>[];
};

/** What is wrong with one group's choices, if anything (the count of chosen ids that are its own). */
export function groupProblem(group: Group, chosen: readonly number[]): string | undefined {
  const count = group.options.filter((option) => chosen.includes(option.id)).length;
  if (count < group.min_choices)
    return group.min_choices === 1 && group.max_choices === 1
      ? optionMessages.chooseOne(group.name)
      : optionMessages.chooseAtLeast(group.name, group.min_choices);
  if (count > group.max_choices) return optionMessages.chooseAtMost(group.name, group.max_choices);
  return undefined;
}

/**
 * The first problem with a line's choices, in the order the groups are shown: an id that is no
 * option of the item, then each group's count. The server refuses with it; the chooser shows it.
 */
export function choicesProblem(
  itemName: string,
  groups: readonly Group[],
  chosen: readonly number[],
): string | undefined {
  const offered = new Set(groups.flatMap((group) => group.options.map((option) => option.id)));
  if (chosen.some((optionId) => !offered.has(optionId))) return optionMessages.notAnOption(itemName);
  for (const group of groups) {
    const problem = groupProblem(group, chosen);
    if (problem) return optionMessages.forItem(itemName, problem);
  }
  return undefined;
}

/** The same choices in one order, whatever order they were tapped in: a cart line's key. */
export const choiceKey = (menuId: number, chosen: readonly number[]) =>
  [menuId, ...[...chosen].sort((a, b) => a - b)].join('-');

/**
 * A line's choices as one short text, group by group in the order chosen: "Size: Large · Extras:
 * Bacon, Fried egg". The cart, the status page, the staff's cards and the CSV all read it so.
 */
export function describeOptions(options: readonly Pick<ChosenOption, 'group' | 'name'>[]): string {
  const byGroup = new Map<string, string[]>();
  for (const option of options)
    byGroup.set(option.group, [...(byGroup.get(option.group) ?? []), option.name]);
  return [...byGroup].map(([group, names]) => `${group}: ${names.join(', ')}`).join(' · ');
}
