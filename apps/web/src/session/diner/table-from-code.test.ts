import { describe, expect, it } from 'vitest';
import { menuPath, saveCurrentRestaurant } from './current-restaurant';
import { parseTableParam, readTableFromCode, saveTableFromCode } from './table-from-code';

describe("the table of the diner's code (ADR 013)", () => {
  it.each([
    ['7', 7],
    [' 12 ', 12],
    ['007', 7],
    ['0', null],
    ['-1', null],
    ['2.5', null],
    ['12345', null],
    ['x', null],
    ['', null],
    [null, null],
  ])('reads ?table=%j as %j', (raw, table) => {
    expect(parseTableParam(raw)).toBe(table);
  });

  it('is kept for its restaurant only, and a code without a table forgets it', () => {
    saveTableFromCode(7, 4);
    expect(readTableFromCode(7)).toBe(4);
    expect(readTableFromCode(8)).toBeNull();
    expect(readTableFromCode(null)).toBeNull();
    saveTableFromCode(7, null);
    expect(readTableFromCode(7)).toBeNull();
    sessionStorage.setItem('tableFromCode', '{not json');
    expect(readTableFromCode(7)).toBeNull();
  });

  it("leads 'Back to Menu' to the same table's menu", () => {
    saveCurrentRestaurant({
      restaurant_id: 7,
      restaurant_name: 'Casa',
      token: 'tok_abc',
    } as Parameters<typeof saveCurrentRestaurant>[0]);
    expect(menuPath()).toBe('/menu-display?token=tok_abc');
    saveTableFromCode(7, 4);
    expect(menuPath()).toBe('/menu-display?token=tok_abc&table=4');
  });
});
