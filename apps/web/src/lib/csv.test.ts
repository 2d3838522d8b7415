import { describe, expect, it } from 'vitest';
import { FORMULA_NAMES, formulaCells, readCsv } from '@/test/csv-injection';
import { toCsv } from './csv';

describe('toCsv: no cell a spreadsheet would run (found in outside testing; SECURITY.md)', () => {
  it('writes a cell starting with = + - @, a tab or a CR as text, behind an apostrophe', async () => {
    const csv = await toCsv(
      ['Item'],
      FORMULA_NAMES.map((name) => [name]),
    );
    expect(formulaCells(csv)).toEqual([]);
    expect(readCsv(csv)).toEqual([['Item'], ...FORMULA_NAMES.map((name) => [`'${name}`])]);
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'Item',
      `"'=HYPERLINK(""http://x"",""y"")"`,
      `"'+cmd: @SUM(1+1)"`,
    ]);
  });

  it('keeps plain numbers, negative ones too, as numbers a spreadsheet adds up', async () => {
    const csv = await toCsv(['Total', 'Change', 'Count'], [['27.50', '-2.50', '-3']]);
    expect(csv).toBe('Total,Change,Count\r\n27.50,-2.50,-3');
  });

  it('leaves text with a sign further in as it is', async () => {
    const csv = await toCsv(['Item', 'Options'], [['Fish & chips', 'Size: Large · Extras: +1 egg']]);
    expect(csv).toBe('Item,Options\r\nFish & chips,Size: Large · Extras: +1 egg');
  });
});
