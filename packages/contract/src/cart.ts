/** Texts shared by the diner's menu, cart and checkout pages (customer-side §2 Cart, §5, §8). */
export const cartMessages = {
  emptyCart: 'Your cart is empty',
  emptyCartCheckout: 'Your cart is empty.',
  taxAndFees: '+ Tax & fees',
  todaysSpecial: "Today's Special",
  allItems: 'All Items',
  backToMenu: 'Back to Menu',
} as const;
