import { describe, expect, it } from 'vitest';
import {
  draftsOf,
  moved,
  nextChoicesInput,
  type OptionGroupDraft,
  optionGroupsBody,
  optionGroupsChanged,
  validateOptionGroups,
} from './option-groups-form';

const size = (change: Partial<OptionGroupDraft> = {}): OptionGroupDraft => ({
  key: 1,
  name: 'Size',
  min_choices: '1',
  max_choices: '1',
  options: [
    { key: 2, name: 'Small', price_delta: '' },
    { key: 3, name: 'Large', price_delta: '2.5' },
  ],
  ...change,
});

describe('option groups form', () => {
  it('puts each of the contract’s problems on its own path', () => {
    expect(validateOptionGroups([size()])).toEqual({});
    expect(
      validateOptionGroups([
        size({ min_choices: '2', max_choices: '' }),
        size({
          name: 'size',
          options: [
            { key: 4, name: 'Small', price_delta: '0.125' },
            { key: 5, name: 'small', price_delta: '' },
          ],
        }),
      ]),
    ).toEqual({
      '0.max_choices': 'Choices must be whole numbers',
      '1.options.0.price_delta': 'Price delta can have at most 2 decimals',
      '1.options.1.name': 'size lists small twice',
    });
    // The list's own rule speaks once its groups are right (zod checks a list after its entries).
    expect(validateOptionGroups([size(), size({ key: 6, name: 'size' })])).toEqual({
      '1.name': 'There are two groups named size',
    });
    expect(validateOptionGroups([size({ options: [] })])).toEqual({
      '0.options': 'Add at least one option to the group',
      '0.max_choices': 'Size cannot allow more choices than it has options',
    });
  });

  it('sends trimmed names, numbers, and a free option for an empty delta', () => {
    expect(optionGroupsBody([size({ name: ' Size ', max_choices: '2', min_choices: '0' })])).toEqual([
      {
        name: 'Size',
        min_choices: 0,
        max_choices: 2,
        options: [
          { name: 'Small', price_delta: 0 },
          { name: 'Large', price_delta: 2.5 },
        ],
      },
    ]);
  });

  it('tells a change from the groups the form opened with, whatever the rows’ keys', () => {
    const opened = draftsOf([
      {
        id: 9,
        name: 'Size',
        min_choices: 1,
        max_choices: 1,
        options: [{ id: 10, name: 'Small', price_delta: 0 }],
      },
    ]);
    const again = draftsOf([
      {
        id: 9,
        name: 'Size',
        min_choices: 1,
        max_choices: 1,
        options: [{ id: 10, name: 'Small', price_delta: 0 }],
      },
    ]);
    expect(optionGroupsChanged(again, opened)).toBe(false);
    expect(optionGroupsChanged([{ ...again[0]!, max_choices: '2' }], opened)).toBe(true);
    expect(optionGroupsChanged([], opened)).toBe(true);
  });

  it('takes only whole counts of two digits, and moves rows within bounds', () => {
    expect(nextChoicesInput('1', '-1')).toBe('1');
    expect(nextChoicesInput('1', '1.5')).toBe('1');
    expect(nextChoicesInput('1', '12')).toBe('12');
    expect(nextChoicesInput('12', '123')).toBe('12');
    expect(nextChoicesInput('1', '')).toBe('');
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
