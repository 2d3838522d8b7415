import { describe, expect, it } from 'vitest';
import { menuPath, saveCurrentRestaurant } from './current-restaurant';
import {
  parseKeyParam,
  parseTableParam,
  readTableFromCode,
  readTableKeyFromCode,
  saveTableFromCode,
} from './table-from-code';

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

  it.each([
    ['table-four-key00', 'table-four-key00'],
    [' AbC_-9 ', 'AbC_-9'],
    ['has space', null],
    ['k'.repeat(65), null],
    ['', null],
    [null, null],
  ])('reads ?key=%j as %j (docs/decisions/025-table-keys.md)', (raw, key) => {
    expect(parseKeyParam(raw)).toBe(key);
  });

  it("keeps the table's key with its table, for its restaurant only", () => {
    saveTableFromCode(7, 4, 'table-four-key00');
    expect(readTableFromCode(7)).toBe(4);
    expect(readTableKeyFromCode(7)).toBe('table-four-key00');
    expect(readTableKeyFromCode(8)).toBeNull();
    saveTableFromCode(7, 4);
    expect(readTableKeyFromCode(7)).toBeNull();
    sessionStorage.setItem('tableFromCode', JSON.stringify({ restaurant_id: 7, table_no: 4, key: 'a b' }));
    expect(readTableFromCode(7)).toBe(4);
    expect(readTableKeyFromCode(7)).toBeNull();
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
    saveTableFromCode(7, 4, 'table-four-key00');
    expect(menuPath()).toBe('/menu-display?token=tok_abc&table=4&key=table-four-key00');
  });
});
