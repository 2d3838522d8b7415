import { type DailySalesResponse, ownerOrderMessages } from '@tableserve/contract/owner-orders';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/csv';
import {
  dailySalesCsv,
  dailySalesFileName,
  dailySalesItemRows,
  dailySalesRows,
  formatSalesTime,
  salesItemsCsv,
} from './daily-sales-csv';

/** Los Angeles' business day 2026-11-23; the second order comes after midnight (closing-day rule). */
const report: Pick<DailySalesResponse, 'orders' | 'timezone'> = {
  timezone: 'America/Los_Angeles',
  orders: [
    {
      order_id: 12,
      table_number: 4,
      status: 'Completed' as const,
      total_amount: 27.5,
      created_at: '2026-11-24T03:05:00.000Z',
      items: [],
    },
    {
      order_id: 13,
      table_number: null,
      status: 'Cancelled' as const,
      total_amount: 8,
      created_at: '2026-11-24T09:30:00.000Z',
      items: [],
    },
  ],
};

describe('Daily Sales CSV', () => {
  it("has exactly the spec's five columns, 'Pick-up' for no table and two decimals", async () => {
    const csv = await dailySalesCsv(report);
    const [header, ...lines] = csv.split('\r\n');
    expect(header).toBe('Order ID,Table Number,Status,Total Amount,Date');
    expect(ownerOrderMessages.salesCsvColumns).toEqual([
      'Order ID',
      'Table Number',
      'Status',
      'Total Amount',
      'Date',
    ]);
    expect(lines).toEqual([
      '12,4,Completed,27.50,"Nov 23, 2026, 7:05 PM"',
      '13,Pick-up,Cancelled,8.00,"Nov 24, 2026, 1:30 AM"',
    ]);
    // ASCII only: no narrow no-break space from Intl before AM/PM.
    expect(csv).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(dailySalesRows(report)[1]).toEqual([
      '13',
      'Pick-up',
      'Cancelled',
      '8.00',
      'Nov 24, 2026, 1:30 AM',
    ]);
  });

  it("writes the Date in the restaurant's zone, whatever the browser's zone is", async () => {
    // This machine's zone is neither: the same instants read differently in Berlin.
    const berlin = await dailySalesCsv({ ...report, timezone: 'Europe/Berlin' });
    expect(berlin.split('\r\n').slice(1)).toEqual([
      '12,4,Completed,27.50,"Nov 24, 2026, 4:05 AM"',
      '13,Pick-up,Cancelled,8.00,"Nov 24, 2026, 10:30 AM"',
    ]);
    // Both sides of a daylight-saving change: 02:00 PST became 03:00 PDT on 2026-03-08.
    expect(formatSalesTime('2026-03-08T09:59:00.000Z', 'America/Los_Angeles')).toBe('Mar 8, 2026, 1:59 AM');
    expect(formatSalesTime('2026-03-08T10:00:00.000Z', 'America/Los_Angeles')).toBe('Mar 8, 2026, 3:00 AM');
    // Berlin's repeated hour: 02:30 CEST, then 02:30 CET an hour later.
    expect(formatSalesTime('2026-10-25T00:30:00.000Z', 'Europe/Berlin')).toBe('Oct 25, 2026, 2:30 AM');
    expect(formatSalesTime('2026-10-25T01:30:00.000Z', 'Europe/Berlin')).toBe('Oct 25, 2026, 2:30 AM');
    // An unreadable time is kept as sent rather than lost.
    expect(formatSalesTime('not a time', 'Europe/Berlin')).toBe('not a time');
  });

  it('quotes a field with a comma or a quote so it reads back whole', async () => {
    const csv = await toCsv(['Customer', 'Note'], [["O'Brien, Pat", 'Say "hi"']]);
    expect(csv).toBe(`Customer,Note\r\n"O'Brien, Pat","Say ""hi"""`);
    expect(Papa.parse(csv).data).toEqual([
      ['Customer', 'Note'],
      ["O'Brien, Pat", 'Say "hi"'],
    ]);
    // The report's own Date column has commas ('Nov 23, 2026, 7:05 PM') and reads back as one field.
    const rows = Papa.parse<string[]>(await dailySalesCsv(report)).data;
    expect(rows.every((row) => row.length === 5)).toBe(true);
    expect(rows[1]?.[4]).toBe('Nov 23, 2026, 7:05 PM');
  });

  it('is named Daily_Sales_{date}', () => {
    expect(dailySalesFileName('2026-11-23')).toBe('Daily_Sales_2026-11-23.csv');
  });
});

describe('Daily Sales items CSV (docs/decisions/017-item-options.md)', () => {
  it('has a row per order line: its options as one text, unit price and line total with two decimals', () => {
    const rows = dailySalesItemRows({
      orders: [
        {
          ...report.orders[0]!,
          items: [
            {
              menu_item_id: 16,
              product_name: 'Iced Latte',
              quantity: 3,
              price: 5.1,
              options: [
                { id: 1, group: 'Size', name: 'Large', price: 0.85 },
                { id: 2, group: 'Milk', name: 'Oat', price: 0.25 },
              ],
            },
            { menu_item_id: 12, product_name: 'Pizza', quantity: 1, price: 12, options: [] },
          ],
        },
        report.orders[1]!,
      ],
    });
    expect(rows).toEqual([
      ['12', 'Iced Latte', 'Size: Large · Milk: Oat', '3', '5.10', '15.30'],
      ['12', 'Pizza', '', '1', '12.00', '12.00'],
    ]);
    expect(salesItemsCsv.columns).toEqual([
      'Order ID',
      'Item',
      'Options',
      'Quantity',
      'Unit Price',
      'Line Total',
    ]);
    expect(salesItemsCsv.fileName('2026-11-23')).toBe('Daily_Sales_Items_2026-11-23.csv');
  });
});
