import { z } from 'zod';
import { dollars, requiredText } from './fields';
import {
  type ChosenOption as ChosenOptionShape,
  MAX_CHOSEN_OPTIONS,
  MAX_OPTION_GROUPS,
  MAX_OPTIONS_PER_GROUP,
  type MenuOptionGroup as MenuOptionGroupShape,
  type MenuOption as MenuOptionShape,
  OPTION_NAME_MAX,
  optionMessages,
} from './option-choices';

export * from './option-choices';

/**
 * Item options (docs/decisions/017-item-options.md, ADR 017): groups such as "Size: exactly one of Small/Large" or
 * "Extras: up to 3", each option with a price delta. The schemas; the rules and texts the owner's
 * form, the diner's chooser and the server share are in option-choices.ts.
 */

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
export const MenuOption = z.object({
  id: z.number().int(),
  name: z.string(),
  price_delta: z.number(),
}) satisfies z.ZodType<MenuOptionShape>;
export type MenuOption = MenuOptionShape;
export const MenuOptionGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  min_choices: z.number().int(),
  max_choices: z.number().int(),
  options: z.array(MenuOption),
}) satisfies z.ZodType<MenuOptionGroupShape>;
export type MenuOptionGroup = MenuOptionGroupShape;

/** What an order line carries of its choices: the option's id, and its group, name and price then. */
export const ChosenOption = z.object({
  id: z.number().int(),
  group: z.string(),
  name: z.string(),
  /** Dollars, what it added to the line's unit price. */
  price: z.number(),
}) satisfies z.ZodType<ChosenOptionShape>;
export type ChosenOption = ChosenOptionShape;

/** The option ids of one order line: each at most once. */
export const ChosenOptionIds = z
  .array(z.number().int().positive())
  .max(MAX_CHOSEN_OPTIONS, optionMessages.chosenTwice)
  .refine((ids) => new Set(ids).size === ids.length, optionMessages.chosenTwice);
