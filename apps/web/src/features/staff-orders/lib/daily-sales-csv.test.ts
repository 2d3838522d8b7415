import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { dailySalesCsv, dailySalesFileName, dailySalesRows, formatSalesTime, toCsv } from './daily-sales-csv';

const orders = [
  {
    order_id: 12,
    table_number: 4,
    status: 'Completed' as const,
    total_amount: 27.5,
    created_at: '2026-11-23T19:05:00.000Z',
  },
  {
    order_id: 13,
    table_number: null,
    status: 'Cancelled' as const,
    total_amount: 8,
    created_at: '2026-11-23T20:10:00.000Z',
  },
];

describe('Daily Sales CSV', () => {
  it("has exactly the spec's five columns, 'Pick-up' for no table and two decimals", async () => {
    const csv = await dailySalesCsv(orders);
    const [header, ...lines] = csv.split('\r\n');
    expect(header).toBe('Order ID,Table Number,Status,Total Amount,Date');
    expect(ownerOrderMessages.salesCsvColumns).toEqual([
      'Order ID',
      'Table Number',
      'Status',
      'Total Amount',
      'Date',
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`12,4,Completed,27.50,"${formatSalesTime(orders[0]!.created_at)}"`);
    expect(lines[1]).toMatch(/^13,Pick-up,Cancelled,8\.00,"/);
    // ASCII only: no narrow no-break space from Intl before AM/PM.
    expect(csv).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(dailySalesRows(orders)[1]).toEqual([
      '13',
      'Pick-up',
      'Cancelled',
      '8.00',
      formatSalesTime(orders[1]!.created_at),
    ]);
  });

  it('quotes a field with a comma or a quote so it reads back whole', async () => {
    const csv = await toCsv(['Customer', 'Note'], [["O'Brien, Pat", 'Say "hi"']]);
    expect(csv).toBe(`Customer,Note\r\n"O'Brien, Pat","Say ""hi"""`);
    expect(Papa.parse(csv).data).toEqual([
      ['Customer', 'Note'],
      ["O'Brien, Pat", 'Say "hi"'],
    ]);
    // The report's own Date column has commas ('Nov 23, 2026, 7:05 PM') and reads back as one field.
    const rows = Papa.parse<string[]>(await dailySalesCsv(orders)).data;
    expect(rows.every((row) => row.length === 5)).toBe(true);
    expect(formatSalesTime(orders[0]!.created_at)).toContain(',');
  });

  it('is named Daily_Sales_{date}', () => {
    expect(dailySalesFileName('2026-11-23')).toBe('Daily_Sales_2026-11-23.csv');
  });
});
