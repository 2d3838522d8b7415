import type { MenuItem } from '@tableserve/contract/menu';
import { type ChosenOption, choiceKey } from '@tableserve/contract/option-choices';
import { MAX_QUANTITY } from '@tableserve/contract/order';
import { useEffect, useSyncExternalStore } from 'react';
import { priceWithOptions } from '@/lib/item-options';
import { dollarsToCents } from '@/lib/money';
import { localKeys, localStore } from '@/lib/storage';
import { storageChanges } from './storage-changes';

/** docs/product/ordering.md#cart: the cart clears itself after 1 hour, and a stored cart expires after the same hour. */
export const CART_LIFETIME_MS = 60 * 60 * 1000;

/**
 * A cart line: the menu item's fields plus a quantity (docs/product/ordering.md#cart), and the options chosen
 * (ADR 017). `price` is the unit price with the options' deltas; the server prices it again.
 */
export type CartLine = Pick<
  MenuItem,
  'menu_id' | 'item_name' | 'description' | 'price' | 'image' | 'category'
> & {
  /** With its group's name and its delta, for display; none for a dish without options. */
  options: ChosenOption[];
  quantity: number;
};

/** What is put in the cart: a line without its quantity. */
export type CartItem = Omit<CartLine, 'quantity'>;

type Dish = Pick<MenuItem, 'menu_id' | 'item_name' | 'description' | 'price' | 'image' | 'category'>;

/** A dish with its chosen options, as a line of the cart holds it: the price includes the options. */
export function cartItem(dish: Dish, options: ChosenOption[] = []): CartItem {
  const { menu_id, item_name, description, image, category } = dish;
  return {
    menu_id,
    item_name,
    description,
    price: priceWithOptions(dish.price, options),
    image,
    category,
    options,
  };
}

/** A line's identity: its dish and its choices. The same choices add up; others make a line of their own. */
export const cartLineKey = (line: Pick<CartLine, 'menu_id' | 'options'>): string =>
  choiceKey(
    line.menu_id,
    line.options.map((option) => option.id),
  );

/** What is stored under currentCart: one restaurant's lines and when they expire. */
export type Cart = { restaurant_id: number; items: CartLine[]; expires_at: number };

const cartChanges = storageChanges('tableserve:cart');

/** A cart as stored: one written before options (ADR 017) has lines without them, read as none. */
type StoredCart = Omit<Cart, 'items'> & {
  items: (Omit<CartLine, 'options'> & { options?: ChosenOption[] })[];
};

const isChosenOption = (option: Partial<ChosenOption> | null) =>
  Number.isInteger(option?.id) &&
  typeof option?.group === 'string' &&
  typeof option.name === 'string' &&
  typeof option.price === 'number';

function isStoredCart(value: unknown): value is StoredCart {
  const cart = value as { restaurant_id?: unknown; expires_at?: unknown; items?: unknown } | null;
  return (
    typeof cart?.restaurant_id === 'number' &&
    typeof cart.expires_at === 'number' &&
    Array.isArray(cart.items) &&
    cart.items.every(
      (line: Partial<CartLine> | null) =>
        typeof line?.menu_id === 'number' &&
        Number.isInteger(line.quantity) &&
        (line.options === undefined || (Array.isArray(line.options) && line.options.every(isChosenOption))),
    )
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
  if (!isStoredCart(cart) || cart.expires_at <= now) {
    localStore.remove(localKeys.currentCart);
    return null;
  }
  return { ...cart, items: cart.items.map((line) => ({ ...line, options: line.options ?? [] })) };
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
 * Sets one line's quantity in a restaurant's cart (the line of that dish with those choices),
 * keeping the order lines were added in. 0 or below removes the line (docs/product/ordering.md#cart);
 * above MAX_QUANTITY is capped, as the server refuses more. Every change starts the cart's hour again.
 */
export function setCartQuantity(
  restaurantId: number,
  item: CartItem,
  quantity: number,
  now = Date.now(),
): void {
  const items = cartLinesFor(restaurantId, now);
  const wanted = Math.min(Math.floor(quantity), MAX_QUANTITY);
  const key = cartLineKey(item);
  const index = items.findIndex((line) => cartLineKey(line) === key);
  const next =
    wanted <= 0
      ? items.filter((line) => cartLineKey(line) !== key)
      : index === -1
        ? [...items, { ...pickLine(item), quantity: wanted }]
        : items.map((line, at) => (at === index ? { ...line, quantity: wanted } : line));
  writeCart({ restaurant_id: restaurantId, items: next, expires_at: now + CART_LIFETIME_MS });
}

// Only the fields a cart line needs are stored, whatever object the caller passes.
function pickLine(item: CartItem): CartItem {
  const { menu_id, item_name, description, price, image, category, options } = item;
  return { menu_id, item_name, description, price, image, category, options };
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
/** The server, and the hydration of its HTML, draw an empty cart: the phone's storage is not known there. */
const serverSnapshot = () => null;

/**
 * A restaurant's cart, kept in step with every page and tab, with its actions. It clears itself
 * when its hour is up, even while the page stays open.
 */
export function useCart(restaurantId: number | null) {
  const raw = useSyncExternalStore(cartChanges.subscribe, snapshot, serverSnapshot);
  const cart = raw === null ? null : readCart();
  const lines = restaurantId !== null && cart?.restaurant_id === restaurantId ? cart.items : [];
  const expiresAt = cart?.expires_at;

  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = window.setTimeout(clearCart, Math.max(0, expiresAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  /** How many of this line (this dish with these choices) the cart holds. */
  const quantityOf = (item: CartItem) => {
    const key = cartLineKey(item);
    return lines.find((line) => cartLineKey(line) === key)?.quantity ?? 0;
  };
  const setQuantity = (item: CartItem, quantity: number) => {
    if (restaurantId !== null) setCartQuantity(restaurantId, item, quantity);
  };
  return {
    lines,
    ...cartTotals(lines),
    quantityOf,
    /** How many of a dish the cart holds, whatever was chosen with it. */
    dishCount: (menuId: number) =>
      lines.reduce((count, line) => (line.menu_id === menuId ? count + line.quantity : count), 0),
    setQuantity,
    /** Adds to the line of these choices, or starts it. */
    add: (item: CartItem, quantity = 1) => setQuantity(item, quantityOf(item) + quantity),
    remove: (item: CartItem) => setQuantity(item, 0),
    clear: clearCart,
  };
}
