import type { ChosenOption } from '@tableserve/contract/option-choices';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CART_LIFETIME_MS,
  cartItem,
  cartLineKey,
  cartLinesFor,
  cartTotals,
  readCart,
  setCartQuantity,
  useCart,
} from './cart';

const burger = {
  menu_id: 1,
  item_name: 'Burger',
  description: 'Beef',
  price: 12.5,
  image: null,
  category: 'MainCourse' as const,
  options: [],
};
const soda = { ...burger, menu_id: 2, item_name: 'Soda', price: 2.1, category: 'Beverage' as const };

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('the stored cart (currentCart)', () => {
  it('keeps lines in the order they were added, under the key currentCart', () => {
    setCartQuantity(7, soda, 1);
    setCartQuantity(7, burger, 2);
    setCartQuantity(7, soda, 3);
    expect(cartLinesFor(7).map((line) => [line.item_name, line.quantity])).toEqual([
      ['Soda', 3],
      ['Burger', 2],
    ]);
    expect(JSON.parse(localStorage.getItem('currentCart') ?? '{}').restaurant_id).toBe(7);
  });

  it('removes a line whose quantity drops to 0 or below, and the cart with its last line', () => {
    setCartQuantity(7, burger, 2);
    setCartQuantity(7, soda, 1);
    setCartQuantity(7, soda, 0);
    expect(cartLinesFor(7).map((line) => line.menu_id)).toEqual([1]);
    setCartQuantity(7, burger, -1);
    expect(localStorage.getItem('currentCart')).toBeNull();
  });

  it('caps a quantity at 50, as the server refuses more', () => {
    setCartQuantity(7, burger, 51);
    expect(cartLinesFor(7)[0]?.quantity).toBe(50);
  });

  it('expires an hour after its last change', () => {
    const start = Date.UTC(2026, 10, 23, 19);
    setCartQuantity(7, burger, 1, start);
    expect(readCart(start + CART_LIFETIME_MS - 1)).not.toBeNull();
    expect(readCart(start + CART_LIFETIME_MS)).toBeNull();
    expect(localStorage.getItem('currentCart')).toBeNull();
  });

  it("does not show another restaurant's cart, and a new restaurant's first item replaces it", () => {
    setCartQuantity(7, burger, 2);
    expect(cartLinesFor(8)).toEqual([]);
    setCartQuantity(8, soda, 1);
    expect(cartLinesFor(7)).toEqual([]);
    expect(cartLinesFor(8).map((line) => line.menu_id)).toEqual([2]);
  });

  it('forgets unreadable stored data', () => {
    localStorage.setItem('currentCart', '{not json');
    expect(readCart()).toBeNull();
    localStorage.setItem('currentCart', JSON.stringify({ items: 'nope' }));
    expect(readCart()).toBeNull();
  });

  it('adds up counts and sub-total in cents, without float drift', () => {
    expect(
      cartTotals([
        { ...soda, quantity: 3 },
        { ...burger, price: 0.1, quantity: 3 },
      ]),
    ).toEqual({ count: 6, subtotal: 6.6 });
  });
});

describe('lines with options (ADR 017)', () => {
  const medium: ChosenOption = { id: 11, group: 'Doneness', name: 'Medium', price: 0 };
  const wellDone: ChosenOption = { id: 13, group: 'Doneness', name: 'Well done', price: 0 };
  const bacon: ChosenOption = { id: 21, group: 'Extras', name: 'Bacon', price: 2 };
  const egg: ChosenOption = { id: 23, group: 'Extras', name: 'Fried egg', price: 1.5 };

  it('prices a line with its options, in cents', () => {
    expect(
      cartItem({ ...burger, price: 16 }, [
        { ...bacon, price: 0.6 },
        { ...egg, price: 1 },
      ]).price,
    ).toBe(17.6);
    expect(
      cartItem({ ...burger, price: 0.1 }, [
        { ...bacon, price: 0.1 },
        { ...egg, price: 0.1 },
      ]).price,
    ).toBe(0.3);
    expect(cartItem(burger)).toEqual(burger);
  });

  it('keys a line by its dish and its choices, whatever order they were chosen in', () => {
    expect(cartLineKey(cartItem(burger, [medium, egg, bacon]))).toBe('1-11-21-23');
    expect(cartLineKey(cartItem(burger, [bacon, medium, egg]))).toBe('1-11-21-23');
    expect(cartLineKey(burger)).toBe('1');
  });

  it('merges the same choices into one line and keeps other choices apart', () => {
    setCartQuantity(7, cartItem(burger, [medium, bacon]), 1);
    setCartQuantity(7, cartItem(burger, [wellDone]), 2);
    setCartQuantity(7, burger, 1);
    setCartQuantity(7, cartItem(burger, [bacon, medium]), 3);
    expect(
      cartLinesFor(7).map((line) => [line.options.map((option) => option.name), line.price, line.quantity]),
    ).toEqual([
      [['Medium', 'Bacon'], 14.5, 3],
      [['Well done'], 12.5, 2],
      [[], 12.5, 1],
    ]);

    setCartQuantity(7, cartItem(burger, [wellDone]), 0);
    expect(cartLinesFor(7).map(cartLineKey)).toEqual(['1-11-21', '1']);
    expect(cartTotals(cartLinesFor(7))).toEqual({ count: 4, subtotal: 56 });
  });

  it('reads a cart stored before options as lines without any', () => {
    const { options: _none, ...oldLine } = { ...burger, quantity: 2 };
    localStorage.setItem(
      'currentCart',
      JSON.stringify({ restaurant_id: 7, items: [oldLine], expires_at: Date.now() + 60_000 }),
    );
    expect(cartLinesFor(7)).toEqual([{ ...burger, options: [], quantity: 2 }]);
    setCartQuantity(7, burger, 3);
    expect(cartLinesFor(7)).toEqual([{ ...burger, options: [], quantity: 3 }]);
  });

  it('forgets a stored cart whose options are not readable', () => {
    localStorage.setItem(
      'currentCart',
      JSON.stringify({
        restaurant_id: 7,
        items: [{ ...burger, options: [{ id: 'x' }], quantity: 1 }],
        expires_at: Date.now() + 60_000,
      }),
    );
    expect(readCart()).toBeNull();
  });

  it('counts a dish across all its choices, and adds to the line of the same choices', () => {
    const { result } = renderHook(() => useCart(7));
    act(() => result.current.add(cartItem(burger, [medium]), 2));
    act(() => result.current.add(cartItem(burger, [wellDone, bacon])));
    act(() => result.current.add(cartItem(burger, [medium])));
    expect(result.current.dishCount(1)).toBe(4);
    expect(result.current.quantityOf(cartItem(burger, [medium]))).toBe(3);
    expect(result.current.lines).toHaveLength(2);
  });
});

describe('useCart', () => {
  it('follows changes made anywhere in the tab', () => {
    const { result } = renderHook(() => useCart(7));
    act(() => result.current.add(burger));
    act(() => result.current.add(burger));
    expect(result.current.quantityOf(burger)).toBe(2);
    act(() => setCartQuantity(7, soda, 1));
    expect(result.current).toMatchObject({ count: 3, subtotal: 27.1 });
    act(() => result.current.remove(burger));
    expect(result.current.lines.map((line) => line.menu_id)).toEqual([2]);
  });

  it('clears itself when its hour is up while the page stays open', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { result } = renderHook(() => useCart(7));
    act(() => result.current.add(burger));
    act(() => vi.advanceTimersByTime(CART_LIFETIME_MS));
    expect(result.current.lines).toEqual([]);
    expect(localStorage.getItem('currentCart')).toBeNull();
  });
});
