import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeJwt } from '@/test/fake-jwt';
import {
  clearCustomerSession,
  isTokenExpired,
  readCustomer,
  saveCustomerSession,
  tokenExpiresAt,
  useCustomer,
} from './customer-session';

const session = {
  customer_id: 4,
  customer_name: 'Ana',
  email: 'ana@example.com',
  phone_number: '5551234567',
  is_guest: true,
  restaurant_id: 7,
  token: fakeJwt({ exp: 2_000_000_000 }),
};

afterEach(() => localStorage.clear());

describe('the diner session', () => {
  it('stores customerData without the token, and the token as CustomerToken', () => {
    saveCustomerSession(session);
    expect(localStorage.getItem('CustomerToken')).toBe(session.token);
    expect(JSON.parse(localStorage.getItem('customerData') ?? '{}')).toEqual({
      customer_id: 4,
      customer_name: 'Ana',
      email: 'ana@example.com',
      phone_number: '5551234567',
      is_guest: true,
      restaurant_id: 7,
    });
    expect(readCustomer()?.customer_name).toBe('Ana');
  });

  it('logout clears the stored customer data and token', () => {
    saveCustomerSession(session);
    clearCustomerSession();
    expect(localStorage.getItem('customerData')).toBeNull();
    expect(localStorage.getItem('CustomerToken')).toBeNull();
    expect(readCustomer()).toBeNull();
  });

  it('reads the expiry of a token, and treats an unreadable one as expired', () => {
    expect(tokenExpiresAt(session.token)).toBe(2_000_000_000_000);
    expect(isTokenExpired(session.token, 1_999_999_999_999)).toBe(false);
    expect(isTokenExpired(session.token, 2_000_000_000_000)).toBe(true);
    expect(isTokenExpired('garbage')).toBe(true);
    expect(isTokenExpired(fakeJwt({ sub: '4' }))).toBe(true);
  });

  it('useCustomer follows logins and logouts', () => {
    const { result } = renderHook(() => useCustomer());
    expect(result.current).toBeNull();
    act(() => saveCustomerSession(session));
    expect(result.current?.customer_id).toBe(4);
    act(() => clearCustomerSession());
    expect(result.current).toBeNull();
  });
});
