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
  network: 'Network error. Please check your connection.',
  failed: 'An error occurred. Please try again.',
} as const;
