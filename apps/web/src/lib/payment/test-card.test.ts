import { describe, expect, it } from 'vitest';
import {
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  testCardState,
  visibleCardErrors,
} from './test-card';

const now = new Date(2026, 2, 15); // 15 March 2026, local time

describe('formatting', () => {
  it('groups the card number in fours, digits only, at most 16', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242 4242 4242 4242 999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242')).toBe('4242');
  });

  it('writes the expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04');
  });

  it('keeps up to 4 CVC digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
});

describe('cardNumberError', () => {
  it('accepts the two test cards', () => {
    expect(cardNumberError('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberError('4000 0000 0000 0002')).toBeNull();
  });

  it("rejects any other number as 'Your card number is invalid.'", () => {
    expect(cardNumberError('5555 5555 5555 4444')).toBe('Your card number is invalid.');
    expect(cardNumberError('4242 4242 4242 4241')).toBe('Your card number is invalid.');
  });

  it('calls a short number incomplete', () => {
    expect(cardNumberError('4242 4242')).toBe('Your card number is incomplete.');
  });
});

describe('expiryError', () => {
  it('accepts this month and later', () => {
    expect(expiryError('03/26', now)).toBeNull();
    expect(expiryError('12/30', now)).toBeNull();
  });

  it('refuses a date in the past', () => {
    expect(expiryError('02/26', now)).toBe("Your card's expiration date is in the past.");
    expect(expiryError('12/25', now)).toBe("Your card's expiration date is in the past.");
  });

  it('refuses an incomplete date or an impossible month', () => {
    expect(expiryError('1', now)).toBe("Your card's expiration date is incomplete.");
    expect(expiryError('12/3', now)).toBe("Your card's expiration date is incomplete.");
    expect(expiryError('13/30', now)).toBe("Your card's expiration month is invalid.");
    expect(expiryError('00/30', now)).toBe("Your card's expiration month is invalid.");
  });
});

describe('cvcError', () => {
  it('wants 3 or 4 digits', () => {
    expect(cvcError('123')).toBeNull();
    expect(cvcError('1234')).toBeNull();
    expect(cvcError('12')).toBe("Your card's security code is incomplete.");
  });
});

describe('testCardState', () => {
  it('is complete only when number, expiry and CVC are all valid', () => {
    const values = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
    expect(testCardState(values, now)).toMatchObject({ complete: true, paymentMethodId: 'pm_card_visa' });
    expect(testCardState({ ...values, cvc: '12' }, now)).toMatchObject({
      complete: false,
      paymentMethodId: null,
    });
    expect(testCardState({ ...values, expiry: '01/20' }, now).complete).toBe(false);
    expect(testCardState({ ...values, number: '4111 1111 1111 1111' }, now).complete).toBe(false);
  });

  it('maps the declining test card to its payment method', () => {
    const values = { number: '4000000000000002', expiry: '12/30', cvc: '999' };
    expect(testCardState(values, now).paymentMethodId).toBe('pm_card_chargeDeclined');
  });

  it('maps the 3-D Secure test card to Stripe’s pm_card_threeDSecure2Required', () => {
    const values = { number: '4000 0027 6000 3184', expiry: '12/30', cvc: '123' };
    expect(testCardState(values, now)).toMatchObject({
      complete: true,
      paymentMethodId: 'pm_card_threeDSecure2Required',
    });
  });
});

describe('visibleCardErrors', () => {
  const untouched = { number: false, expiry: false, cvc: false };

  it('hides errors while the owner is still typing', () => {
    const values = { number: '4242 42', expiry: '1', cvc: '1' };
    const { errors } = testCardState(values, now);
    expect(visibleCardErrors(values, errors, untouched)).toEqual({ number: null, expiry: null, cvc: null });
  });

  it('shows a wrong full-length value at once, and everything after leaving a field', () => {
    const values = { number: '1111 1111 1111 1111', expiry: '01/20', cvc: '1' };
    const { errors } = testCardState(values, now);
    expect(visibleCardErrors(values, errors, untouched)).toEqual({
      number: 'Your card number is invalid.',
      expiry: "Your card's expiration date is in the past.",
      cvc: null,
    });
    expect(visibleCardErrors(values, errors, { ...untouched, cvc: true }).cvc).toBe(
      "Your card's security code is incomplete.",
    );
  });
});
