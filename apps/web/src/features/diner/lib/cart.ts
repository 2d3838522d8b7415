import type { MenuItem } from '@tableserve/contract/menu';
import { MAX_QUANTITY } from '@tableserve/contract/order';
import { useEffect, useSyncExternalStore } from 'react';
import { dollarsToCents } from '@/lib/money';
import { localKeys, localStore } from '@/lib/storage';
import { storageChanges } from './storage-changes';

/** customer-side §9: the cart clears itself after 1 hour, and a stored cart expires after the same hour. */
export const CART_LIFETIME_MS = 60 * 60 * 1000;

/** A cart line: the menu item's fields plus a quantity (customer-side §3). */
export type CartLine = Pick<
  MenuItem,
  'menu_id' | 'item_name' | 'description' | 'price' | 'image' | 'category'
> & {
  quantity: number;
};

/** What is stored under currentCart: one restaurant's lines and when they expire. */
export type Cart = { restaurant_id: number; items: CartLine[]; expires_at: number };

const cartChanges = storageChanges('tableserve:cart');

function isCart(value: unknown): value is Cart {
  const cart = value as Partial<Cart> | null;
  return (
    typeof cart?.restaurant_id === 'number' &&
    typeof cart.expires_at === 'number' &&
    Array.isArray(cart.items) &&
    cart.items.every((line) => typeof line?.menu_id === 'number' && Number.isInteger(line.quantity))
  );
}

/** The stored cart, or null when there is none, it is unreadable or its hour is up (then it is removed). */
export function readCart(now = Date.now()): Cart | null {
  const raw = localStore.get(localKeys.currentCart);
  if (!raw) return null;
  let cart: unknown;
  try {
    cart = JSON.parse(raw);
  } catch {
    cart = null;
  }
  if (!isCart(cart) || cart.expires_at <= now) {
    localStore.remove(localKeys.currentCart);
    return null;
  }
  return cart;
}

function writeCart(cart: Cart | null) {
  if (cart && cart.items.length > 0) localStore.set(localKeys.currentCart, JSON.stringify(cart));
  else localStore.remove(localKeys.currentCart);
  cartChanges.announce();
}

/** Forgets the cart: after a successful order, or when its hour is up. */
export function clearCart(): void {
  writeCart(null);
}

/** The lines of this restaurant's cart; a cart left from another restaurant does not count. */
export function cartLinesFor(restaurantId: number, now = Date.now()): CartLine[] {
  const cart = readCart(now);
  return cart?.restaurant_id === restaurantId ? cart.items : [];
}

/**
 * Sets one item's quantity in a restaurant's cart, keeping the order lines were added in.
 * 0 or below removes the line (customer-side §5 Cart); above MAX_QUANTITY is capped, as the
 * server refuses more. Every change starts the cart's hour again.
 */
export function setCartQuantity(
  restaurantId: number,
  item: Omit<CartLine, 'quantity'>,
  quantity: number,
  now = Date.now(),
): void {
  const items = cartLinesFor(restaurantId, now);
  const wanted = Math.min(Math.floor(quantity), MAX_QUANTITY);
  const index = items.findIndex((line) => line.menu_id === item.menu_id);
  const next =
    wanted <= 0
      ? items.filter((line) => line.menu_id !== item.menu_id)
      : index === -1
        ? [...items, { ...pickLine(item), quantity: wanted }]
        : items.map((line, at) => (at === index ? { ...line, quantity: wanted } : line));
  writeCart({ restaurant_id: restaurantId, items: next, expires_at: now + CART_LIFETIME_MS });
}

// Only the fields a cart line needs are stored, whatever object the caller passes.
function pickLine(item: Omit<CartLine, 'quantity'>): Omit<CartLine, 'quantity'> {
  const { menu_id, item_name, description, price, image, category } = item;
  return { menu_id, item_name, description, price, image, category };
}

export function cartTotals(lines: readonly CartLine[]): { count: number; subtotal: number } {
  let count = 0;
  let cents = 0;
  for (const line of lines) {
    count += line.quantity;
    cents += dollarsToCents(line.price) * line.quantity;
  }
  return { count, subtotal: cents / 100 };
}

const snapshot = () => localStore.get(localKeys.currentCart);

/**
 * A restaurant's cart, kept in step with every page and tab, with its actions. It clears itself
 * when its hour is up, even while the page stays open.
 */
export function useCart(restaurantId: number | null) {
  const raw = useSyncExternalStore(cartChanges.subscribe, snapshot);
  const cart = raw === null ? null : readCart();
  const lines = restaurantId !== null && cart?.restaurant_id === restaurantId ? cart.items : [];
  const expiresAt = cart?.expires_at;

  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = window.setTimeout(clearCart, Math.max(0, expiresAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  const quantityOf = (menuId: number) => lines.find((line) => line.menu_id === menuId)?.quantity ?? 0;
  const setQuantity = (item: Omit<CartLine, 'quantity'>, quantity: number) => {
    if (restaurantId !== null) setCartQuantity(restaurantId, item, quantity);
  };
  return {
    lines,
    ...cartTotals(lines),
    quantityOf,
    setQuantity,
    add: (item: Omit<CartLine, 'quantity'>) => setQuantity(item, quantityOf(item.menu_id) + 1),
    remove: (item: Omit<CartLine, 'quantity'>) => setQuantity(item, 0),
    clear: clearCart,
  };
}
