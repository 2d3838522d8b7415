import { describe, expect, it } from 'vitest';
import { billLine, billView } from '../testing/bill-fixtures';
import {
  amountCents,
  keepPossible,
  parseDollars,
  splitBody,
  tipBody,
  tipCents,
  tipNeedsConfirmation,
  tipTooLarge,
} from './pay-choice';

describe('amountCents', () => {
  const bill = billView();

  it('pays everything left for the whole bill', () => {
    expect(amountCents(billView({ paid: 10, outstanding: 30.01 }), { kind: 'all' })).toBe(3001);
  });

  it('splits the total evenly, the first parts taking the extra cents, summed over the parts paid', () => {
    expect(amountCents(bill, { kind: 'even', ways: 3, parts: 1 })).toBe(1334);
    expect(amountCents(bill, { kind: 'even', ways: 3, parts: 2 })).toBe(2668);
    expect(amountCents(bill, { kind: 'even', ways: 3, parts: 3 })).toBe(4001);
  });

  it('never asks more than is left when splitting evenly', () => {
    expect(amountCents(billView({ paid: 30, outstanding: 10.01 }), { kind: 'even', ways: 2, parts: 1 })).toBe(
      1001,
    );
  });

  it('takes a typed amount up to what is left, refusing fractional cents, zero and more', () => {
    expect(amountCents(bill, { kind: 'amount', amount: '12.5' })).toBe(1250);
    expect(amountCents(bill, { kind: 'amount', amount: '40.01' })).toBe(4001);
    expect(amountCents(bill, { kind: 'amount', amount: '40.02' })).toBeNull();
    expect(amountCents(bill, { kind: 'amount', amount: '1.234' })).toBeNull();
    expect(amountCents(bill, { kind: 'amount', amount: '0' })).toBeNull();
    expect(amountCents(bill, { kind: 'amount', amount: '-3' })).toBeNull();
  });

  it('sums the chosen items, a shared dish by its free shares', () => {
    const split = {
      kind: 'items' as const,
      items: [
        { orderItemId: 11, shareCount: 1, shares: 1 },
        { orderItemId: 12, shareCount: 3, shares: 1 },
      ],
    };
    // $10.01 in 3: 334, 334, 333 cents.
    expect(amountCents(bill, split)).toBe(3000 + 334);
    expect(amountCents(bill, { kind: 'items', items: [] })).toBeNull();
  });

  it('gives a diner the shares still free of a dish someone already split', () => {
    const shared = billView({
      lines: [billLine(12, 'House Red', 10.01, { share_count: 3, shares_taken: [0, 1], left: 3.33 })],
    });
    expect(
      amountCents(shared, { kind: 'items', items: [{ orderItemId: 12, shareCount: 3, shares: 1 }] }),
    ).toBe(333);
  });
});

describe('tips', () => {
  it('computes the presets with the bill arithmetic, half up', () => {
    expect(tipCents(1335, { kind: 'percent', percent: 10 })).toBe(134);
    expect(tipCents(1335, { kind: 'percent', percent: 15 })).toBe(200);
    expect(tipCents(1335, { kind: 'percent', percent: 20 })).toBe(267);
    expect(tipCents(1335, { kind: 'none' })).toBe(0);
    expect(tipCents(1335, { kind: 'amount', amount: '2.50' })).toBe(250);
    expect(tipCents(1335, { kind: 'amount', amount: '2.505' })).toBeNull();
  });

  it('asks to confirm a tip above 100 % of what the diner pays, not at 100 %', () => {
    expect(tipNeedsConfirmation(1000, 1000)).toBe(false);
    expect(tipNeedsConfirmation(1000, 1001)).toBe(true);
  });

  it('refuses a tip above the server cap: 300 % or $1,000', () => {
    expect(tipTooLarge(1000, 3000)).toBe(false);
    expect(tipTooLarge(1000, 3001)).toBe(true);
    expect(tipTooLarge(100_000, 100_001)).toBe(true);
  });
});

describe('request bodies', () => {
  it('sends dollars and the contract shapes', () => {
    expect(splitBody({ kind: 'amount', amount: '12.5' })).toEqual({ kind: 'amount', amount: 12.5 });
    expect(splitBody({ kind: 'even', ways: 4, parts: 2 })).toEqual({ kind: 'even', ways: 4, parts: 2 });
    expect(splitBody({ kind: 'items', items: [{ orderItemId: 12, shareCount: 2, shares: 1 }] })).toEqual({
      kind: 'items',
      items: [{ order_item_id: 12, share_count: 2, shares: 1 }],
    });
    expect(tipBody({ kind: 'amount', amount: '3' })).toEqual({ kind: 'amount', amount: 3 });
    expect(tipBody({ kind: 'percent', percent: 15 })).toEqual({ kind: 'percent', percent: 15 });
    expect(parseDollars(' 7.05 ')).toBe(705);
  });
});

describe('keepPossible', () => {
  it('drops paid lines, takes the split someone chose and caps the shares at those free', () => {
    const split = {
      kind: 'items' as const,
      items: [
        { orderItemId: 11, shareCount: 1, shares: 1 },
        { orderItemId: 12, shareCount: 2, shares: 2 },
      ],
    };
    const now = billView({
      lines: [
        billLine(11, 'Margherita Pizza', 30, { shares_taken: [0], left: 0 }),
        billLine(12, 'House Red', 10.01, { share_count: 3, shares_taken: [0], left: 6.67 }),
      ],
    });
    expect(keepPossible(split, now)).toEqual({
      kind: 'items',
      items: [{ orderItemId: 12, shareCount: 3, shares: 2 }],
    });
    expect(keepPossible({ kind: 'even', ways: 3, parts: 1 }, now)).toEqual({
      kind: 'even',
      ways: 3,
      parts: 1,
    });
  });
});
