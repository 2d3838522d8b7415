import type { MenuOptionGroup } from '@tableserve/contract/option-choices';
import { describe, expect, it } from 'vitest';
import { chosenOptions, optionsText, priceWithOptions } from './item-options';

const groups: MenuOptionGroup[] = [
  {
    id: 1,
    name: 'Size',
    min_choices: 1,
    max_choices: 1,
    options: [
      { id: 11, name: 'Regular', price_delta: 0 },
      { id: 12, name: 'Large', price_delta: 1 },
    ],
  },
  {
    id: 2,
    name: 'Milk',
    min_choices: 0,
    max_choices: 1,
    options: [{ id: 21, name: 'Oat milk', price_delta: 0.6 }],
  },
];

describe('chosenOptions', () => {
  it('keeps each chosen option with its group and delta, in the order the dish lists them', () => {
    expect(chosenOptions(groups, [21, 12])).toEqual([
      { id: 12, group: 'Size', name: 'Large', price: 1 },
      { id: 21, group: 'Milk', name: 'Oat milk', price: 0.6 },
    ]);
  });

  it('drops ids that are no option of the dish', () => {
    expect(chosenOptions(groups, [99, 11])).toEqual([{ id: 11, group: 'Size', name: 'Regular', price: 0 }]);
  });
});

describe('priceWithOptions', () => {
  it('adds the deltas in cents, without float drift', () => {
    expect(priceWithOptions(16, [{ price: 0.6 }, { price: 1 }])).toBe(17.6);
    expect(priceWithOptions(0.1, [{ price: 0.1 }, { price: 0.1 }])).toBe(0.3);
    expect(priceWithOptions(12.5, [])).toBe(12.5);
  });
});

describe('optionsText', () => {
  it('reads as describeOptions, with each separator held to the group before it', () => {
    const text = optionsText([
      { group: 'Size', name: 'Large' },
      { group: 'Milk', name: 'Oat milk' },
    ]);
    expect(text).toBe('Size: Large\u00a0· Milk: Oat milk');
    expect(optionsText([])).toBe('');
  });
});
