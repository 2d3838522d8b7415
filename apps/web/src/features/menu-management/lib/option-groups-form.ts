import {
  MAX_OPTION_GROUPS,
  MAX_OPTIONS_PER_GROUP,
  type MenuOptionGroup,
  type OptionGroupInput,
  OptionGroupsInput,
} from '@tableserve/contract/item-options';

/**
 * The item form's option groups while the owner types (docs/decisions/017-item-options.md, ADR 017). Numbers stay
 * as typed, and each group and option has a key of its own so a row keeps its focus and its
 * typing when another row above it is removed or moved.
 */
export type OptionDraft = { key: number; name: string; price_delta: string };
export type OptionGroupDraft = {
  key: number;
  name: string;
  min_choices: string;
  max_choices: string;
  options: OptionDraft[];
};

/** The Options section's own words (the rules' come from the contract's optionMessages). */
export const optionEditorTexts = {
  title: 'Options',
  hint: 'Sizes, extras and other choices diners make when they add this dish. A price delta is added to the price.',
  none: 'No options: diners add this dish in one tap.',
  groupNumber: (position: number) => `Option group ${position}`,
  optionNumber: (position: number) => `Option ${position}`,
  optionOf: (position: number, group: string) => `Option ${position} of ${group}`,
  groupName: 'Group name',
  groupNamePlaceholder: 'e.g. Size',
  fewest: 'Fewest choices',
  most: 'Most choices',
  optionName: 'Option name',
  optionNamePlaceholder: 'e.g. Large',
  priceDelta: 'Price delta ($)',
  addOption: 'Add option',
  addOptionTo: (group: string) => `Add option to ${group}`,
  addGroup: 'Add option group',
  dinersSee: 'Diners see:',
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  remove: (name: string) => `Remove ${name}`,
  /** On the owner's item card. */
  groupCount: (count: number) => (count === 1 ? '1 option group' : `${count} option groups`),
} as const;

/** A problem of the groups, by the contract's path: '1.name', '0.options.2.price_delta', '0.options', ''. */
export type OptionGroupErrors = Record<string, string>;

let nextKey = 1;
const newKey = () => nextKey++;

export const newOption = (): OptionDraft => ({ key: newKey(), name: '', price_delta: '' });

/** A new group reads 'Choose 1', the commonest kind (a size), with one option to fill in. */
export const newOptionGroup = (): OptionGroupDraft => ({
  key: newKey(),
  name: '',
  min_choices: '1',
  max_choices: '1',
  options: [newOption()],
});

/** The stored groups as drafts; their ids stay behind, as the server matches options by name. */
export const draftsOf = (groups: readonly MenuOptionGroup[]): OptionGroupDraft[] =>
  groups.map((group) => ({
    key: newKey(),
    name: group.name,
    min_choices: String(group.min_choices),
    max_choices: String(group.max_choices),
    options: group.options.map((option) => ({
      key: newKey(),
      name: option.name,
      price_delta: option.price_delta.toFixed(2),
    })),
  }));

/** A count is a whole number of at most two digits: anything else typed is ignored. */
export function nextChoicesInput(previous: string, typed: string): string {
  const candidate = typed.trim();
  return /^\d{0,2}$/.test(candidate) ? candidate : previous;
}

/** An empty count is no number (the contract says so); an empty delta is free, its default. */
const inputOf = (draft: OptionGroupDraft): OptionGroupInput => ({
  name: draft.name,
  min_choices: draft.min_choices === '' ? Number.NaN : Number(draft.min_choices),
  max_choices: draft.max_choices === '' ? Number.NaN : Number(draft.max_choices),
  options: draft.options.map((option) => ({
    name: option.name,
    price_delta: option.price_delta.trim() === '' ? undefined : Number(option.price_delta),
  })),
});

/** The contract's first word on each path, so each problem shows by its own field. */
export function validateOptionGroups(drafts: readonly OptionGroupDraft[]): OptionGroupErrors {
  const result = OptionGroupsInput.safeParse(drafts.map(inputOf));
  const errors: OptionGroupErrors = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** The groups as MenuItemBody.option_groups takes them; call only with drafts that passed validation. */
export const optionGroupsBody = (drafts: readonly OptionGroupDraft[]): OptionGroupsInput =>
  OptionGroupsInput.parse(drafts.map(inputOf));

/** Whether the owner changed the groups since the form opened (the rows' keys aside). */
export function optionGroupsChanged(
  drafts: readonly OptionGroupDraft[],
  opened: readonly OptionGroupDraft[],
): boolean {
  const comparable = (list: readonly OptionGroupDraft[]) => JSON.stringify(list.map(inputOf));
  return comparable(drafts) !== comparable(opened);
}

export const canAddGroup = (drafts: readonly OptionGroupDraft[]) => drafts.length < MAX_OPTION_GROUPS;
export const canAddOption = (group: OptionGroupDraft) => group.options.length < MAX_OPTIONS_PER_GROUP;

/** The list with the entry at `index` swapped with its neighbour: -1 moves it up, 1 down. */
export function moved<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
