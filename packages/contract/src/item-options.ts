import { z } from 'zod';
import { dollars, requiredText } from './fields';

/**
 * Item options (issue 12 part 2, ADR 017): groups such as "Size: exactly one of Small/Large" or
 * "Extras: up to 3", each option with a price delta. The rules live here so the owner's form, the
 * diner's chooser and the server say the same words.
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

const choiceCount = z
  .number(optionMessages.choices)
  .int(optionMessages.choices)
  .min(0, optionMessages.choices);

/** One option as the owner's form sends it: a name and what it adds to the price, in dollars. */
export const OptionInput = z.strictObject({
  name: requiredText('Option name', OPTION_NAME_MAX),
  price_delta: dollars('Price delta').default(0),
});

/**
 * One group as the owner's form sends it. Ids are the server's: an option keeps its id across
 * edits while its group and name stay, so a diner's open cart keeps its choices over a price edit.
 */
export const OptionGroupInput = z
  .strictObject({
    name: requiredText('Group name', OPTION_NAME_MAX),
    min_choices: choiceCount.default(0),
    max_choices: choiceCount.min(1, optionMessages.maxAtLeastOne).default(1),
    options: z
      .array(OptionInput)
      .min(1, optionMessages.noOptions)
      .max(MAX_OPTIONS_PER_GROUP, optionMessages.tooManyOptions),
  })
  .superRefine((group, context) => {
    const seen = new Set<string>();
    group.options.forEach((option, index) => {
      const key = option.name.toLowerCase();
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          path: ['options', index, 'name'],
          message: optionMessages.optionTwice(group.name, option.name),
        });
      seen.add(key);
    });
    if (group.min_choices > group.max_choices)
      context.addIssue({ code: 'custom', path: ['min_choices'], message: optionMessages.minAboveMax });
    if (group.max_choices > group.options.length)
      context.addIssue({
        code: 'custom',
        path: ['max_choices'],
        message: optionMessages.maxAboveOptions(group.name),
      });
  });
export type OptionGroupInput = z.input<typeof OptionGroupInput>;

export const OptionGroupsInput = z
  .array(OptionGroupInput)
  .max(MAX_OPTION_GROUPS, optionMessages.tooManyGroups)
  .superRefine((groups, context) => {
    const seen = new Set<string>();
    groups.forEach((group, index) => {
      const key = group.name.toLowerCase();
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: optionMessages.groupTwice(group.name),
        });
      seen.add(key);
    });
  });
export type OptionGroupsInput = z.output<typeof OptionGroupsInput>;

/** A group as every reader gets it: ids, rules, and price deltas in dollars. */
export const MenuOption = z.object({ id: z.number().int(), name: z.string(), price_delta: z.number() });
export type MenuOption = z.infer<typeof MenuOption>;
export const MenuOptionGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  min_choices: z.number().int(),
  max_choices: z.number().int(),
  options: z.array(MenuOption),
});
export type MenuOptionGroup = z.infer<typeof MenuOptionGroup>;

/** What an order line carries of its choices: the option's id, and its group, name and price then. */
export const ChosenOption = z.object({
  id: z.number().int(),
  group: z.string(),
  name: z.string(),
  /** Dollars, what it added to the line's unit price. */
  price: z.number(),
});
export type ChosenOption = z.infer<typeof ChosenOption>;

/** The option ids of one order line: each at most once. */
export const ChosenOptionIds = z
  .array(z.number().int().positive())
  .max(MAX_CHOSEN_OPTIONS, optionMessages.chosenTwice)
  .refine((ids) => new Set(ids).size === ids.length, optionMessages.chosenTwice);

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
