import { describe, expect, it } from 'vitest';
import { type LedgerInput, type LedgerPayment, ledgerOf, planGiveBack } from './ledger';

const order = (id: number, totalCents: number, lines: [number, number][], live = true) => ({
  id,
  live,
  totalCents,
  lines: lines.map(([lineId, payableCents]) => ({ id: lineId, payableCents })),
});
const paid = (id: number, amountCents: number, extra: Partial<LedgerPayment> = {}): LedgerPayment => ({
  id,
  status: 'succeeded',
  amountCents,
  tipCents: 0,
  claims: [],
  ...extra,
});

describe('the ledger (docs/product/payments.md#ledger)', () => {
  it('reads what is due, kept and left from the rows', () => {
    const ledger = ledgerOf({
      orders: [order(1, 846, [[11, 846]]), order(2, 4754, [[21, 4754]])],
      payments: [
        paid(1, 2000),
        { ...paid(2, 500), status: 'pending' },
        { ...paid(3, 900), status: 'failed' },
      ],
      refunds: [],
    });
    expect(ledger).toMatchObject({
      dueCents: 5600,
      paidCents: 2000,
      pendingCents: 500,
      keptCents: 2000,
      outstandingCents: 3100,
      surplusCents: 0,
      settled: false,
    });
  });

  it('lowers what is due by the refunds staff chose to give, not by what went back for a change', () => {
    const ledger = ledgerOf({
      orders: [order(1, 3000, [[11, 3000]])],
      payments: [paid(1, 3000)],
      refunds: [
        {
          paymentId: 1,
          orderId: 1,
          status: 'succeeded',
          amountCents: 500,
          tipCents: 0,
          automatic: false,
          lines: [],
        },
      ],
    });
    expect(ledger).toMatchObject({ dueCents: 2500, keptCents: 2500, outstandingCents: 0, settled: true });
  });
});

describe('what goes back when an order changes (docs/product/payments.md#order-changes)', () => {
  it('gives a cancelled order’s items back to the diner who paid them, tip included when nothing is due', () => {
    const input: LedgerInput = {
      orders: [order(1, 3000, [[11, 3000]], false)],
      payments: [paid(1, 3000, { tipCents: 450, claims: [{ orderItemId: 11, amountCents: 3000 }] })],
      refunds: [],
    };
    expect(planGiveBack(input, { orderId: 1, dueCents: 0, claimedLineIds: [11] })).toEqual([
      { paymentId: 1, amountCents: 3000, tipCents: 450, lines: [{ orderItemId: 11, amountCents: 3000 }] },
    ]);
  });

  it('gives back what a table paid beyond what is due once one order is cancelled: $20.00 − $8.46', () => {
    const input: LedgerInput = {
      orders: [order(1, 846, [[11, 846]]), order(2, 4754, [[21, 4754]], false)],
      payments: [paid(1, 2000, { tipCents: 300 })],
      refunds: [],
    };
    expect(planGiveBack(input, { orderId: 2, dueCents: 0, claimedLineIds: [21] })).toEqual([
      { paymentId: 1, amountCents: 1154, tipCents: 0, lines: [] },
    ]);
  });

  it('keeps what a diner paid by items for an order edited down, up to what it now costs', () => {
    // Steak $30 paid by items, edited to a $10 soup; another diner's $20 pasta still unpaid.
    const input: LedgerInput = {
      orders: [order(1, 1000, [[12, 1000]]), order(2, 2000, [[21, 2000]])],
      payments: [paid(1, 3000, { claims: [{ orderItemId: 11, amountCents: 3000 }] })],
      refunds: [],
    };
    expect(planGiveBack(input, { orderId: 1, dueCents: 1000, claimedLineIds: [11] })).toEqual([
      { paymentId: 1, amountCents: 2000, tipCents: 0, lines: [{ orderItemId: 11, amountCents: 2000 }] },
    ]);
  });

  it('draws a surplus from the payment with most left first, and nothing twice', () => {
    const input: LedgerInput = {
      orders: [order(1, 663, [[12, 663]])],
      payments: [paid(1, 1500), paid(2, 2032)],
      refunds: [
        {
          paymentId: 2,
          orderId: 1,
          status: 'pending',
          amountCents: 1000,
          tipCents: 0,
          automatic: true,
          lines: [],
        },
      ],
    };
    // Kept 3,532 − 1,000 = 2,532 against 663 due: 1,869 back, 1,500's payment first (1,500 vs 1,032 left).
    expect(planGiveBack(input, { orderId: 1, dueCents: 663, claimedLineIds: [] })).toEqual([
      { paymentId: 1, amountCents: 1500, tipCents: 0, lines: [] },
      { paymentId: 2, amountCents: 369, tipCents: 0, lines: [] },
    ]);
  });

  it('gives nothing back when the bill holds no more than is due (an edit up)', () => {
    const input: LedgerInput = {
      orders: [order(1, 4564, [[12, 4564]])],
      payments: [paid(1, 109)],
      refunds: [],
    };
    expect(planGiveBack(input, { orderId: 1, dueCents: 4564, claimedLineIds: [11] })).toEqual([]);
    expect(ledgerOf(input)).toMatchObject({ outstandingCents: 4455, settled: false, keptCents: 109 });
  });
});
