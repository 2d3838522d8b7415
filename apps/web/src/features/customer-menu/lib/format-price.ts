const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A price in dollars as the diner reads it: $x.xx, with thousands separators. */
export function formatPrice(amount: number): string {
  return dollars.format(amount);
}
