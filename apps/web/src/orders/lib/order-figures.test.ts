import { describe, expect, it } from 'vitest';
import { orderFigures, showsPaymentState } from './order-figures';

describe("an order's stored figures (docs/decisions/020-money-model.md)", () => {
  it('reads the figures the server sent, in cents, with each tax at its rate', () => {
    expect(
      orderFigures({
        total_amount: 36.35,
        subtotal: 33,
        tax: 3.35,
        tax_included: false,
        taxes: [
          { name: 'Food', rate_percent: 7, amount: 1.75 },
          { name: 'Sales', rate_percent: 8.875, amount: 1.6 },
        ],
        service: 0,
      }),
    ).toEqual({
      lines: [],
      subtotalCents: 3300,
      taxes: [
        { name: 'Food', rate: 7000, taxCents: 175 },
        { name: 'Sales', rate: 8875, taxCents: 160 },
      ],
      taxCents: 335,
      taxIncluded: false,
      serviceCents: 0,
      totalCents: 3635,
    });
  });

  it('has none for an order sent without them: its total shows as before', () => {
    expect(orderFigures({ total_amount: 25 })).toBeNull();
  });

  it('shows the payment state for orders paid online, or refunded, never for the counter', () => {
    expect(showsPaymentState({ payment_timing: 'order', payment_state: 'unpaid' })).toBe(true);
    expect(showsPaymentState({ payment_timing: 'end_of_meal', payment_state: 'paid' })).toBe(true);
    expect(showsPaymentState({ payment_timing: 'counter', payment_state: 'unpaid' })).toBe(false);
    expect(showsPaymentState({ payment_timing: 'counter', payment_state: 'partly_refunded' })).toBe(true);
    expect(showsPaymentState({})).toBe(false);
  });
});
