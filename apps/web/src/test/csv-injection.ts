import fc from 'fast-check';
import Papa from 'papaparse';

/**
 * What a CSV export is tested with for outside testing (SECURITY.md): the names its tester exported as live
 * formulas, every start OWASP lists, and a reader that finds a formula cell in a file.
 */
export const FORMULA_NAMES = [
  '=HYPERLINK("http://x","y")',
  '+cmd: @SUM(1+1)',
  '-2+3',
  '@A1',
  '\t=1+1',
  '\r=1+1',
  // A line break after the formula: Papa Parse's own default pattern (`.*$`) lets this through.
  '=1+1\nnote',
];

/** The file's cells as a spreadsheet gets them. */
export const readCsv = (csv: string) => Papa.parse<string[]>(csv, { newline: '\r\n' }).data;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Cells a spreadsheet would run: a formula start, and not a plain number such as '-2.50'. */
export const formulaCells = (csv: string) =>
  readCsv(csv)
    .flat()
    .filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell));

/** Text an owner or a bad server could send: formula starts, separators, quotes, line breaks. */
export const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', '"', "'", '1', '.', ' '),
      fc.string({ maxLength: 4 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''));
