/** How much one order may hold. No zod here: the diner's menu page counts with them (docs/performance.md). */
export const MAX_QUANTITY = 50;
export const MAX_ORDER_LINES = 50;
/**
 * The most lines a table's bill holds, its live orders together (docs/product/payments.md#bill-size):
 * five dishes for each diner of the largest party an order may name (MAX_PARTY_SIZE, 50). An
 * order that would take a bill past it is refused; the table pays the bill and the next order
 * starts a new one. Every read of a bill, its payments and its receipts are bounded by it.
 */
export const MAX_BILL_LINES = 250;
