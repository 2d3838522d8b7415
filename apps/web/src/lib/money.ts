/** Money is integer cents inside the app; the API sends dollars (docs/product/api-conventions.md#money). */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** '$50.00': a dollar sign and two decimals (docs/product/api-conventions.md#money). */
export const formatCents = (cents: number): string => usd.format(cents / 100);

export const formatDollars = (dollars: number): string => formatCents(dollarsToCents(dollars));

/** A line's total: unit price times quantity, counted in cents so 3 × $0.10 is $0.30. */
export const lineTotal = (price: number, quantity: number): number =>
  (dollarsToCents(price) * quantity) / 100;
