/**
 * The texts of the diner's bill page (docs/decisions/020-money-model.md), apart from bills.ts so
 * the page and its tests share them without the API's schemas. The server's own texts (declined,
 * changed, paid…) are billMessages in bills.ts.
 */
export const billPageMessages = {
  title: 'Your bill',
  table: (table: number) => `Table ${table}`,
  subtotal: 'Subtotal',
  includes: (tax: string) => `Includes ${tax}`,
  serviceCharge: 'Service charge',
  total: 'Total',
  paid: 'Paid',
  beingPaid: 'Being paid',
  leftToPay: 'Left to pay',
  viewBill: 'View bill & pay',
  howToPay: 'How do you want to pay?',
  payAll: 'Pay the whole bill',
  payEven: 'Split evenly',
  payAmount: 'Pay an amount',
  payItems: 'Pay for items',
  ways: 'Split between',
  parts: 'Parts you pay',
  sharedBy: 'Shared by',
  sharesPaid: (taken: number, count: number) => `${taken} of ${count} shares paid`,
  amountLabel: 'Amount (in dollars)',
  amountInvalid: 'Enter an amount in dollars, like 12.50.',
  chooseItems: 'Choose at least one item.',
  tip: 'Tip',
  noTip: 'No tip',
  customTip: 'Custom',
  customTipLabel: 'Tip (in dollars)',
  receiptEmail: 'Email my receipt (optional)',
  downloadReceipt: 'Download receipt (PDF)',
  pay: (amount: string) => `Pay ${amount}`,
  yourPart: 'Your part',
  leftForOthers: (amount: string) => `Left for the others: ${amount}`,
  confirmTipTitle: 'Leave this tip?',
  confirmTip: (tip: string, amount: string) =>
    `Your tip of ${tip} is more than the ${amount} you are paying. Is that right?`,
  confirmTipYes: 'Yes, leave this tip',
  confirmTipNo: 'Change the tip',
  /** The test provider's stand-in for the bank's 3-D Secure challenge (Stripe's opens its own). */
  authenticateTitle: 'Authenticate this payment',
  authenticateBody: (amount: string) =>
    `Your bank asks you to confirm this payment of ${amount}. In test mode no bank is involved: complete or cancel it here.`,
  authenticateComplete: 'Complete authentication',
  authenticateCancel: 'Cancel payment',
  /**
   * The bill page reached by a table's code without its key (a card printed before keys, or the
   * menu link with a table added: docs/decisions/025-table-keys.md), for anyone but a diner who
   * ordered on the table's bill, who sees it by their login.
   */
  outdatedCodeTitle: 'This table’s code is out of date',
  outdatedCode:
    'To see or pay this table’s bill, please ask a member of staff for the bill, or for a new table card.',
  outdatedCodeOrdering: 'You can still order from the menu as usual.',
  backToMenu: 'Back to Menu',
  /** The restaurant's own header on the bill page: back to the menu and to the diner's order. */
  menuLink: 'Menu',
  orderLink: 'Your order',
  /** A bill paid in full, and the payments this browser made on it (docs/product/payments.md#split-bill). */
  paidBadge: 'Paid',
  yourPayment: 'You paid',
  yourPayments: 'Your payments',
  billSettled: 'This bill is paid in full. Thank you!',
  cardEnding: (last4: string) => `Card ending in ${last4}`,
  card: 'Card',
  paymentAmount: 'Your part',
  paymentTip: 'Tip',
  paymentCharged: 'Charged to your card',
  payForSomeoneElse: 'Pay for someone else too',
  /** The page could not open a bill: the three reasons a diner can act on (docs/product/payments.md#split-bill). */
  nothingToPayTitle: 'Nothing to pay yet',
  nothingToPay: (table: number) =>
    `Table ${table} has no bill to pay right now. Once you order, your bill appears here.`,
  noSuchTableTitle: 'We could not find this table',
  noSuchTable: (table: number, tables: number) =>
    `This restaurant has no table ${table} (its tables are numbered 1 to ${tables}). Please check the number on your table’s card.`,
  badLinkTitle: 'This bill link does not work',
  badLink: 'The link is incomplete or mistyped. Please scan the code on your table’s card again.',
  /** "Pay for items": what a line costs the diner, beside the bill's menu prices. */
  allInPrices: (extras: string) => `Prices here include ${extras}.`,
  taxAndService: 'tax and the service charge',
  taxOnly: 'tax',
  serviceOnly: 'the service charge',
  sharedWith: (item: string) => `People sharing ${item}`,
  sharesYouPay: (item: string) => `Shares of ${item} you pay`,
  /** The tip's base (docs/product/payments.md#tips) and the service charge already in the bill. */
  tipBase: (amount: string) => `Worked out on the ${amount} you are paying.`,
  serviceIncluded: (amount: string) => `The bill already includes a ${amount} service charge.`,
  network: 'Network error. Please check your connection.',
  failed: 'An error occurred. Please try again.',
} as const;

/**
 * When and how the diner pays, said at checkout (docs/product/payments.md#payment-timing). Paid
 * when ordering, an unpaid order is cancelled after `minutes` (UNPAID_ORDER_TIMEOUT_MINUTES).
 */
export const checkoutPaymentMessages = {
  title: 'How you pay',
  endOfMeal:
    'You pay at the end of your meal, from your phone: tap “View bill & pay” on the menu or on your order’s page, then pay the whole bill or split it with your table, by card.',
  whenOrdering: (minutes: number) =>
    `You pay by card right after you submit, on the next page. Your order goes to the kitchen once it is paid; an order left unpaid for ${minutes} minutes is cancelled.`,
  payWithin: (minutes: number) =>
    `Please pay within ${minutes} minutes of ordering: an unpaid order is then cancelled.`,
} as const;
