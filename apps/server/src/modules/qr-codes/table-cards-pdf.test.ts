import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableCardsPdf } from './table-cards-pdf';
import { qrModules } from './table-codes';

const link = 'https://tables.example/menu?t=abc&table=1';
const codes = {
  restaurant_name: 'Trattoria Demo',
  number_of_tables: 1,
  codes: [{ table_no: 1, link, qr: qrModules(link) }],
};

afterEach(() => {
  vi.useRealTimers();
});

describe('tableCardsPdf (docs/product/restaurant-setup.md#qr-code)', () => {
  it('makes the same bytes for the same codes, whenever it is asked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T20:00:00Z'));
    const first = await tableCardsPdf(codes, 'a4');
    vi.setSystemTime(new Date('2026-11-27T09:30:01Z'));
    const later = await tableCardsPdf(codes, 'a4');
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(first).toString('latin1')).not.toContain('/CreationDate');
  });
});
