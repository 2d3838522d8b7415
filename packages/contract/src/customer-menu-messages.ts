// No zod here: the diner's menu page shows these without downloading the schemas (docs/performance.md).

/** What the server answers (the client maps them to its own texts, docs/product/menu.md#diner-menu). */
export const displayMenuServerMessages = {
  notFound: 'Restaurant not found',
  subscriptionInvalid: 'Subscription is not valid for this restaurant',
  noItems: 'No menu items found for this restaurant',
  tableNotFound: 'Table not found',
} as const;

/** What the diner sees (docs/product/menu.md#diner-menu). */
export const customerMenuMessages = {
  subscriptionExpired:
    "This restaurant's subscription has expired. Please contact the restaurant for assistance.",
  noItems: 'No menu items in the restaurant.',
  tryLater: ' Please try again later.',
  /** A table's code past the restaurant's number of tables (ADR 013). */
  tableNotFound: 'Please ask a member of staff for a new one, or see the menu and order without a table.',
} as const;
