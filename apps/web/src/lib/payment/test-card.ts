import { TEST_CARDS } from '@tableserve/contract/subscription';

/**
 * The built-in card form used when Stripe is not configured (docs/product/platform.md#payments-test-mode: the `test`
 * provider behaves like Stripe test mode). It accepts only the two test cards and validates the
 * way Stripe Elements does, with Stripe's own wording.
 */
export const cardMessages = {
  invalidNumber: 'Your card number is invalid.',
  incompleteNumber: 'Your card number is incomplete.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  pastExpiry: "Your card's expiration date is in the past.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  incompleteCvc: "Your card's security code is incomplete.",
} as const;

const CARD_DIGITS = 16;
/** Stripe refuses expiry years this far ahead. */
const MAX_YEARS_AHEAD = 50;

export const cardDigits = (value: string): string => value.replace(/\D/g, '').slice(0, CARD_DIGITS);

/** '4242 4242 4242 4242': digits only, in groups of 4. */
export const formatCardNumber = (value: string): string => cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');

/** 'MM/YY' as the owner types: a leading 0 for months 2-9, the slash after the month. */
export function formatExpiry(value: string): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (value: string): string => value.replace(/\D/g, '').slice(0, 4);

/** The error of a card number, or null when it is one of the test cards. */
export function cardNumberError(value: string): string | null {
  const digits = cardDigits(value);
  if (digits.length < CARD_DIGITS) return cardMessages.incompleteNumber;
  return TEST_CARDS[digits] ? null : cardMessages.invalidNumber;
}

/** The error of an MM/YY expiry, or null when it is this month or later. */
export function expiryError(value: string, now: Date): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return cardMessages.incompleteExpiry;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return cardMessages.invalidExpiryMonth;
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return cardMessages.pastExpiry;
  if (year > thisYear + MAX_YEARS_AHEAD) return cardMessages.invalidExpiryYear;
  return null;
}

/** The error of a CVC: 3 or 4 digits. */
export function cvcError(value: string): string | null {
  return /^\d{3,4}$/.test(value) ? null : cardMessages.incompleteCvc;
}

export type TestCardValues = { number: string; expiry: string; cvc: string };
export type TestCardErrors = { number: string | null; expiry: string | null; cvc: string | null };

export type TestCardState = {
  errors: TestCardErrors;
  /** All three parts are valid; only then may the owner pay. */
  complete: boolean;
  /** The payment method the card stands for, once complete. */
  paymentMethodId: string | null;
};

export function testCardState(values: TestCardValues, now: Date): TestCardState {
  const errors = {
    number: cardNumberError(values.number),
    expiry: expiryError(values.expiry, now),
    cvc: cvcError(values.cvc),
  };
  const complete = errors.number === null && errors.expiry === null && errors.cvc === null;
  return {
    errors,
    complete,
    paymentMethodId: complete ? (TEST_CARDS[cardDigits(values.number)] ?? null) : null,
  };
}

/**
 * Whether to show a field's error yet: once the owner has left the field, or as soon as a
 * full-length value is wrong (a 16th digit that makes an unknown card, a past date).
 */
export function visibleCardErrors(
  values: TestCardValues,
  errors: TestCardErrors,
  touched: Record<keyof TestCardValues, boolean>,
): TestCardErrors {
  return {
    number: touched.number || cardDigits(values.number).length === CARD_DIGITS ? errors.number : null,
    expiry: touched.expiry || values.expiry.length === 5 ? errors.expiry : null,
    cvc: touched.cvc ? errors.cvc : null,
  };
}
