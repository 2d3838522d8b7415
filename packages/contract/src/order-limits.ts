/** How much one order may hold. No zod here: the diner's menu page counts with them (docs/performance.md). */
export const MAX_QUANTITY = 50;
export const MAX_ORDER_LINES = 50;
