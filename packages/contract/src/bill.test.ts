import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  type BillFigures,
  lineTax,
  maxTipCents,
  mulDivHalfUp,
  type PricingRules,
  priceBill,
  RATE_SCALE,
  serviceApplies,
  shareOfLine,
  splitEvenly,
  sumLines,
  tipForPercent,
} from './bill';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('rounding: per line, half up', () => {
  it('rounds a half cent up and anything less down', () => {
    expect(mulDivHalfUp(50, 1, 100)).toBe(1); // 0.5 → 1
    expect(mulDivHalfUp(49, 1, 100)).toBe(0);
    expect(mulDivHalfUp(150, 1, 100)).toBe(2); // 1.5 → 2 (half up, not to even)
    expect(mulDivHalfUp(250, 1, 100)).toBe(3); // 2.5 → 3
  });

  it('adds a US sales tax to the price: $10.00 at 8.875 % is $0.89', () => {
    expect(lineTax(1000, 8875, false)).toBe(89); // 88.75 → 89
    expect(lineTax(1999, 7000, false)).toBe(140); // 139.93 → 140
  });

  it('finds the VAT inside an EU price: €12.00 at 20 % holds €2.00', () => {
    expect(lineTax(1200, 20_000, true)).toBe(200);
    expect(lineTax(1000, 7000, true)).toBe(65); // net 934.58 → 935, tax 65
  });

  it('taxes nothing at 0 % or on a free line', () => {
    expect(lineTax(1000, 0, false)).toBe(0);
    expect(lineTax(0, 20_000, true)).toBe(0);
  });

  it('gives a tip as a percentage of what it tips on, capped at 300 % and $1,000', () => {
    expect(tipForPercent(2345, 15)).toBe(352); // 351.75 → 352
    expect(maxTipCents(1000)).toBe(3000);
    expect(maxTipCents(100_000)).toBe(100_000);
  });
});

describe('dividing money', () => {
  it('splits $100.00 three ways as 33.34 + 33.33 + 33.33', () => {
    expect(splitEvenly(10_000, 3)).toEqual([3334, 3333, 3333]);
  });

  it('gives each share of a shared line, which add up to the line', () => {
    expect([0, 1, 2].map((index) => shareOfLine(1000, 3, index))).toEqual([334, 333, 333]);
  });

  it('divides by largest remainder, in proportion', () => {
    expect(allocate(100, [1, 1, 2])).toEqual([25, 25, 50]);
    expect(allocate(10, [3, 3, 3])).toEqual([4, 3, 3]);
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
  });
});

describe('a bill', () => {
  const us: PricingRules = { pricesIncludeTax: false, serviceRate: 0, serviceMinParty: null };

  it('adds US tax by rate and sums to the cent', () => {
    const bill = priceBill(
      [
        { amountCents: 1250, tax: { name: 'Food', rate: 7000 } },
        { amountCents: 800, tax: { name: 'Alcohol', rate: 20_000 } },
        { amountCents: 399, tax: { name: 'Food', rate: 7000 } },
      ],
      us,
    );
    expect(bill.taxes).toEqual([
      { name: 'Food', rate: 7000, taxCents: 88 + 28 },
      { name: 'Alcohol', rate: 20_000, taxCents: 160 },
    ]);
    expect(bill.subtotalCents).toBe(2449);
    expect(bill.totalCents).toBe(2449 + 276);
  });

  it('keeps an inclusive total at the menu prices and shows the tax inside it', () => {
    const bill = priceBill([{ amountCents: 1200, tax: { name: 'VAT', rate: 20_000 } }], {
      pricesIncludeTax: true,
      serviceRate: 12_500,
      serviceMinParty: null,
    });
    expect(bill.taxIncluded).toBe(true);
    expect(bill.taxCents).toBe(200);
    expect(bill.serviceCents).toBe(150);
    expect(bill.totalCents).toBe(1350);
  });

  it('charges service only to parties of the minimum size', () => {
    const rules: PricingRules = { pricesIncludeTax: false, serviceRate: 18_000, serviceMinParty: 6 };
    expect(serviceApplies(rules, 5)).toBe(false);
    expect(serviceApplies(rules, null)).toBe(false);
    expect(serviceApplies(rules, 6)).toBe(true);
    expect(priceBill([{ amountCents: 10_000, tax: null }], rules, 8).serviceCents).toBe(1800);
  });
});

// ---------------------------------------------------------------------------------------------
// The property the issue asks for: for 10,000 generated bills, every way of sharing them adds
// up to the bill to the cent, no share is negative, and each tax is the sum of its lines' taxes.

const taxRateArb = fc.option(
  fc.record({
    name: fc.constantFrom('Food', 'Alcohol', 'Takeaway'),
    rate: fc.integer({ min: 0, max: 30_000 }),
  }),
  { nil: null },
);
const billArb = fc.record({
  lines: fc.array(fc.record({ amountCents: fc.integer({ min: 0, max: 500_000 }), tax: taxRateArb }), {
    minLength: 1,
    maxLength: 30,
  }),
  rules: fc.record({
    pricesIncludeTax: fc.boolean(),
    serviceRate: fc.integer({ min: 0, max: 30_000 }),
    serviceMinParty: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  }),
  partySize: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
  ways: fc.integer({ min: 1, max: 20 }),
  sharers: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 30, maxLength: 30 }),
  tipPercents: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 20, maxLength: 20 }),
});

function expectConsistent(bill: BillFigures) {
  for (const figure of bill.taxes) {
    const ofRate = bill.lines.filter(
      (line) => line.tax?.name === figure.name && line.tax.rate === figure.rate,
    );
    expect(figure.taxCents).toBe(sum(ofRate.map((line) => line.taxCents)));
  }
  expect(bill.taxCents).toBe(sum(bill.taxes.map((figure) => figure.taxCents)));
  expect(bill.totalCents).toBe(
    bill.subtotalCents + (bill.taxIncluded ? 0 : bill.taxCents) + bill.serviceCents,
  );
  expect(bill.totalCents).toBe(sum(bill.lines.map((line) => line.payableCents)));
}

describe('10,000 generated bills', () => {
  it('share out to the cent, never negative, with taxes that are the sums of their lines', () => {
    fc.assert(
      fc.property(billArb, ({ lines, rules, partySize, ways, sharers, tipPercents }) => {
        const bill = priceBill(lines, rules, partySize);
        expectConsistent(bill);
        expect(sumLines(bill.lines, bill.taxIncluded)).toEqual(bill);

        // Split evenly among N.
        const even = splitEvenly(bill.totalCents, ways);
        expect(sum(even)).toBe(bill.totalCents);
        expect(Math.min(...even)).toBeGreaterThanOrEqual(0);
        expect(Math.max(...even) - Math.min(...even)).toBeLessThanOrEqual(1);

        // By items, each line shared by its own number of diners.
        const byItems = bill.lines.flatMap((line, index) => {
          const count = sharers[index] ?? 1;
          return Array.from({ length: count }, (_, share) => shareOfLine(line.payableCents, count, share));
        });
        expect(sum(byItems)).toBe(bill.totalCents);
        expect(Math.min(...byItems)).toBeGreaterThanOrEqual(0);

        // Tips ride on top of each share and never change what the bill is.
        const tips = even.map((share, index) => tipForPercent(share, tipPercents[index] ?? 0));
        expect(Math.min(...tips)).toBeGreaterThanOrEqual(0);
        expect(sum(even.map((share, index) => share + (tips[index] ?? 0))) - sum(tips)).toBe(bill.totalCents);

        // The service charge is what its rate says of the subtotal, divided over the lines.
        const expectedService = serviceApplies(rules, partySize)
          ? mulDivHalfUp(bill.subtotalCents, rules.serviceRate, RATE_SCALE)
          : 0;
        expect(bill.serviceCents).toBe(expectedService);
      }),
      { numRuns: 10_000, seed: 20_261_127 },
    );
    // Ten thousand bills take about 5 s on an idle core: a loaded machine needs the room.
  }, 120_000);
});
