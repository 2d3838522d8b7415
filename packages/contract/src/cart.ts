/** Texts shared by the diner's menu, cart and checkout pages (docs/product/ordering.md#cart). */
export const cartMessages = {
  emptyCart: 'Your cart is empty',
  emptyCartCheckout: 'Your cart is empty.',
  taxAndFees: '+ Tax & fees',
  todaysSpecial: "Today's Special",
  allItems: 'All Items',
  backToMenu: 'Back to Menu',
  /** docs/decisions/015-stock-and-sold-out.md: a dish in the cart that left the menu (sold out, or switched off). */
  soldOut: 'Sold out',
  removeSoldOut: 'Some dishes in your cart just sold out. Remove them to check out.',
  /** The bill's figures (docs/decisions/020-money-model.md); `rate` as bill.ts formatRate writes it. */
  addedTax: (name: string, rate: string) => `Tax (${name} ${rate})`,
  includedTax: (name: string, rate: string, amount: string) => `Includes ${name} ${rate}: ${amount}`,
  serviceCharge: 'Service charge',
  total: 'Total',
  partySize: 'Guests at the table',
  partySizeHint: (minParty: number) => `A service charge applies to tables of ${minParty} or more.`,
} as const;
