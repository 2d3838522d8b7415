import { qrMessages } from '@tableserve/contract/menu';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { tableKeyOf } from '../restaurants/table-keys';
import { tableLink } from './table-codes';
import { BUSY_RETRY_AFTER_SECONDS, createTableSheets, type TableSheets } from './table-sheets';

/**
 * The sheets' one worker and its bounded line (found in outside testing; SECURITY.md): a sheet is made off the
 * event loop, one at a time, and a caller past the line is told to come back instead of
 * piling up memory.
 */

const source = (numberOfTables: number) => ({
  publicUrl: 'http://tableserve.test',
  id: 7,
  tableSecret: 's'.repeat(43),
  name: 'Blue Door Bistro',
  token: 'a'.repeat(32),
  numberOfTables,
});

let sheets: TableSheets;
afterEach(() => sheets.close());

describe('table sheets', () => {
  it("are made in the worker: the restaurant's codes with each table's key, and its PDF of six cards a page", async () => {
    sheets = createTableSheets();
    const codes = await sheets.codes(source(7));
    expect(codes.restaurant_name).toBe('Blue Door Bistro');
    expect(codes.codes.map((code) => code.link)).toEqual(
      Array.from({ length: 7 }, (_, i) =>
        tableLink('http://tableserve.test', 'a'.repeat(32), i + 1, tableKeyOf(source(7), i + 1)),
      ),
    );
    const pdf = await sheets.pdf(source(7), 'letter');
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
  });

  it('refuse a caller past the line with 503 and Retry-After, and make every sheet they took', async () => {
    sheets = createTableSheets({ waiting: 2 });
    // One being made and two waiting: the fourth is turned away at once.
    const taken = [sheets.pdf(source(60), 'a4'), sheets.codes(source(3)), sheets.pdf(source(1), 'a4')];
    const refused = sheets.codes(source(3));
    await expect(refused).rejects.toThrow(AppError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      message: qrMessages.sheetsBusy,
      code: 'SHEETS_BUSY',
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    });
    const [big, codes, small] = await Promise.all(taken);
    expect((await PDFDocument.load(big as Buffer)).getPageCount()).toBe(10);
    expect(codes).toMatchObject({ number_of_tables: 3 });
    expect((await PDFDocument.load(small as Buffer)).getPageCount()).toBe(1);
    // The line has cleared: a new caller is taken again.
    expect((await sheets.codes(source(1))).codes).toHaveLength(1);
  });
});
