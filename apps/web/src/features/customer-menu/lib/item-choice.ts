import { formatDollars } from '@/lib/money';

/** The texts of a dish with options on the diner's menu (ADR 017; ours, not the spec's). */
export const itemChoiceTexts = {
  /** Beside Add on the dish's card: its lines in the cart, whatever was chosen. */
  inCart: (count: number) => `${count} in cart`,
  each: (price: number) => `${formatDollars(price)} each`,
  /** The sheet's button: what the chosen quantity adds to the cart. */
  addToCart: (total: number) => `Add to cart · ${formatDollars(total)}`,
} as const;
