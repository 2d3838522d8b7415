import { describe, expect, it } from 'vitest';
import { localKeys, localStore } from '@/lib/storage';
import { paymentTimingOf, readPaymentTiming, savePaymentTiming, visitBillPath } from './payment-timing';
import { saveTableFromCode } from './table-from-code';

describe('payment timing of the visit', () => {
  it("reads the menu answer's timing, and none from a server without one", () => {
    expect(paymentTimingOf({ pricing: { payment_timing: 'end_of_meal' } })).toBe('end_of_meal');
    expect(paymentTimingOf({ pricing: { payment_timing: 'later' } })).toBeNull();
    expect(paymentTimingOf({ restaurant: {} })).toBeNull();
    expect(paymentTimingOf(null)).toBeNull();
  });

  it('keeps it for the restaurant whose menu was opened only', () => {
    savePaymentTiming(7, 'order');
    expect(readPaymentTiming(7)).toBe('order');
    expect(readPaymentTiming(8)).toBeNull();
    savePaymentTiming(7, null);
    expect(readPaymentTiming(7)).toBeNull();
  });

  it("leads to the table's bill at a restaurant paid at the end of the meal, from a table's code", () => {
    localStore.set(localKeys.token, 'tok_roma');
    savePaymentTiming(7, 'end_of_meal');
    expect(visitBillPath(7)).toBeNull();
    saveTableFromCode(7, 4);
    expect(visitBillPath(7)).toBe('/bill?token=tok_roma&table=4');
    // With the card's key, which opens the bill (docs/decisions/025-table-keys.md).
    saveTableFromCode(7, 4, 'table-four-key00');
    expect(visitBillPath(7)).toBe('/bill?token=tok_roma&table=4&key=table-four-key00');
    savePaymentTiming(7, 'counter');
    expect(visitBillPath(7)).toBeNull();
  });
});
