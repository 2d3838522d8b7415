import { describe, expect, it } from 'vitest';
import { checkForgotPassword, checkGuest, checkLogin, checkSignup } from './customer-forms';

const signup = {
  customer_name: ' Ada Diner ',
  email: 'Ada@Example.com',
  phone_number: '5551234567',
  password: 'tomato-basil',
  confirmPassword: 'tomato-basil',
};

describe('checkSignup', () => {
  it('names every empty field', () => {
    const check = checkSignup(
      { customer_name: '', email: '', phone_number: '', password: '', confirmPassword: '' },
      true,
      1,
    );
    expect(check).toEqual({
      kind: 'fields',
      fieldErrors: {
        customer_name: 'Name is required',
        email: 'Email is required',
        phone_number: 'Phone number is required',
        password: 'Password is required',
      },
    });
  });

  it('wants a 10-digit phone and an 8-character password', () => {
    const check = checkSignup(
      { ...signup, phone_number: '55512', password: 'short', confirmPassword: 'short' },
      true,
      1,
    );
    expect(check).toEqual({
      kind: 'fields',
      fieldErrors: {
        phone_number: 'Phone must be exactly 10 digits',
        password: 'Password must be at least 8 characters',
      },
    });
  });

  it('checks passwords, then terms, then the restaurant, with the spec texts', () => {
    expect(checkSignup({ ...signup, confirmPassword: 'other-pass' }, false, null)).toEqual({
      kind: 'message',
      message: 'Passwords do not match',
    });
    expect(checkSignup(signup, false, null)).toEqual({
      kind: 'message',
      message: 'Please accept the Terms and Conditions',
    });
    expect(checkSignup(signup, true, null)).toEqual({
      kind: 'message',
      message: 'Restaurant information is missing. Please refresh the page and try again.',
    });
  });

  it('gives the request body, trimmed, without the confirmation', () => {
    expect(checkSignup(signup, true, 4)).toEqual({
      kind: 'ok',
      value: {
        customer_name: 'Ada Diner',
        email: 'ada@example.com',
        phone_number: '5551234567',
        password: 'tomato-basil',
        restaurant_id: 4,
      },
    });
  });
});

describe('checkGuest', () => {
  const guest = { customer_name: 'Sam', email: 'sam@example.com', phone_number: '5550001111' };

  it('needs name, email and phone, then the terms, then the restaurant', () => {
    expect(checkGuest({ customer_name: '', email: '', phone_number: '' }, true, 1)).toMatchObject({
      kind: 'fields',
      fieldErrors: { customer_name: 'Name is required', email: 'Email is required' },
    });
    expect(checkGuest(guest, false, 1)).toEqual({
      kind: 'message',
      message: 'Please accept the Terms and Conditions',
    });
    expect(checkGuest(guest, true, null)).toMatchObject({ kind: 'message' });
    expect(checkGuest(guest, true, 2)).toEqual({ kind: 'ok', value: { ...guest, restaurant_id: 2 } });
  });
});

describe('checkLogin and checkForgotPassword', () => {
  it('require their fields', () => {
    expect(checkLogin({ email: '', password: '' })).toEqual({
      kind: 'fields',
      fieldErrors: { email: 'Email is required', password: 'Password is required' },
    });
    expect(checkForgotPassword({ email: 'nope' })).toEqual({
      kind: 'fields',
      fieldErrors: { email: 'Enter a valid email address' },
    });
    expect(checkForgotPassword({ email: ' Ada@Example.com ' })).toEqual({
      kind: 'ok',
      value: 'ada@example.com',
    });
  });
});
