/** Money is integer cents inside; the API speaks dollars with at most two decimals. */
export const centsToDollars = (cents: number) => Math.round(cents) / 100;
