import type { KitchenAnalyticsResponse } from '@tableserve/contract/kitchen-analytics';
import type { DailySalesResponse } from '@tableserve/contract/owner-orders';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMULA_NAMES, formulaCells, hostileText, readCsv } from '@/test/csv-injection';
import { dailySalesCsv, dailySalesItemsCsv } from './daily-sales-csv';
import { kitchenAnalyticsCsv } from './kitchen-analytics-csv';

/**
 * Every CSV the owner can export (found in outside testing; SECURITY.md): whatever text reaches it, a spreadsheet
 * opening the file runs no formula, and the figures it writes still read as numbers.
 */

type SalesOrder = DailySalesResponse['orders'][number];

const order = (overrides: Partial<SalesOrder> = {}): SalesOrder => ({
  order_id: 12,
  table_number: 4,
  status: 'Completed',
  total_amount: 27.5,
  created_at: '2026-11-24T03:05:00.000Z',
  items: [],
  ...overrides,
});

const lineNamed = (name: string, group: string, option: string, price = 5.1) => ({
  menu_item_id: 16,
  product_name: name,
  quantity: 3,
  price,
  options: [{ id: 1, group, name: option, price: 0.85 }],
});

const kitchen = (text: string, bestSeller: string): KitchenAnalyticsResponse => ({
  from: text,
  to: text,
  timezone: text,
  late_after_minutes: 20,
  orders: 5,
  prepared_orders: 3,
  average_preparation_seconds: 900,
  p90_preparation_seconds: 1530,
  late_orders: 2,
  hours: [{ hour: 11, orders: 3 }],
  best_sellers: [{ product_name: bestSeller, quantity: 4, orders: 3 }],
});

const PLAIN_NUMBER = /^\d+(\.\d\d)?$/;
const runs = { seed: 20_261_218, numRuns: 200 };

describe("the CSV exports with the tester's names (found in outside testing; SECURITY.md)", () => {
  it('items CSV: a formula as the dish name or in its options is written as text', async () => {
    const csv = await dailySalesItemsCsv({
      orders: [order({ items: FORMULA_NAMES.map((name) => lineNamed(name, '+cmd', '@SUM(1+1)')) })],
    });
    expect(formulaCells(csv)).toEqual([]);
    expect(readCsv(csv)[1]).toEqual([
      '12',
      `'=HYPERLINK("http://x","y")`,
      `'+cmd: @SUM(1+1)`,
      '3',
      '5.10',
      '15.30',
    ]);
    expect(
      readCsv(csv)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(FORMULA_NAMES.map((name) => `'${name}`));
  });

  it('kitchen analytics CSV: a formula as a best seller, a date or the zone is written as text', async () => {
    for (const name of FORMULA_NAMES) {
      const csv = await kitchenAnalyticsCsv(kitchen(name, name));
      expect(formulaCells(csv)).toEqual([]);
      expect(readCsv(csv).at(-1)).toEqual(['Best sellers', `'${name}`, '4']);
    }
  });

  it('daily sales CSV: an unreadable time kept as sent is written as text, the five columns as specified', async () => {
    const csv = await dailySalesCsv({
      timezone: 'America/Los_Angeles',
      orders: [order(), ...FORMULA_NAMES.map((name) => order({ created_at: name }))],
    });
    expect(formulaCells(csv)).toEqual([]);
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'Order ID,Table Number,Status,Total Amount,Date',
      '12,4,Completed,27.50,"Nov 23, 2026, 7:05 PM"',
      `12,4,Completed,27.50,"'=HYPERLINK(""http://x"",""y"")"`,
    ]);
  });
});

describe('the CSV exports with any text (property; SECURITY.md)', () => {
  const cents = fc.integer({ min: 0, max: 1_000_000 });

  it('items CSV: no formula cell, and its quantity and prices still read as numbers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(hostileText, hostileText, hostileText, cents), { minLength: 1, maxLength: 4 }),
        async (lines) => {
          const items = lines.map(([name, group, option, price]) =>
            lineNamed(name, group, option, price / 100),
          );
          const csv = await dailySalesItemsCsv({ orders: [order({ items })] });
          expect(formulaCells(csv)).toEqual([]);
          const rows = readCsv(csv).slice(1);
          expect(rows).toHaveLength(lines.length);
          for (const row of rows) expect(row.slice(3).every((cell) => PLAIN_NUMBER.test(cell))).toBe(true);
        },
      ),
      runs,
    );
  });

  it('kitchen analytics CSV: no formula cell, and its counts still read as numbers', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (text, bestSeller) => {
        const csv = await kitchenAnalyticsCsv(kitchen(text, bestSeller));
        expect(formulaCells(csv)).toEqual([]);
        const value = (item: string) => readCsv(csv).find((row) => row[1] === item)?.[2];
        expect([value('Orders'), value('Average preparation (min)'), readCsv(csv).at(-1)?.[2]]).toEqual([
          '5',
          '15.00',
          '4',
        ]);
      }),
      runs,
    );
  });

  it('daily sales CSV: no formula cell, and the Total Amount still reads as a number', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(hostileText, cents), { minLength: 1, maxLength: 4 }),
        async (orders) => {
          const csv = await dailySalesCsv({
            timezone: 'America/Los_Angeles',
            orders: orders.map(([time, total]) => order({ created_at: time, total_amount: total / 100 })),
          });
          expect(formulaCells(csv)).toEqual([]);
          const rows = readCsv(csv).slice(1);
          expect(rows.map((row) => row[3])).toEqual(orders.map(([, total]) => (total / 100).toFixed(2)));
        },
      ),
      runs,
    );
  });
});
