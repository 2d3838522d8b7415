/** Money is integer cents inside; the API speaks dollars with at most two decimals. */
export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/** Dollars with at most two decimals (checked by the contract) to integer cents. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,234.50', as the web shows money: what receipts print. */
export const formatCents = (cents: number) => usd.format(cents / 100);
/** A rate in thousandths of a percent (contract bill.ts) as the API shows it: 8875 is 8.875. */
export const rateToPercent = (rate: number) => rate / 1000;
