import { percentFromRate, type TaxFigure, type TaxRate } from '@tableserve/contract/bill';

/** Money is integer cents inside; the API speaks dollars with at most two decimals. */
export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/** Dollars with at most two decimals (checked by the contract) to integer cents. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,234.50', as the web shows money: what receipts print. */
export const formatCents = (cents: number) => usd.format(cents / 100);
/** Each rate's tax as the API shows it: the rate in percent, the amount in dollars. */
export const taxesInDollars = (figures: readonly TaxFigure[]) =>
  figures.map((figure) => ({
    name: figure.name,
    rate_percent: percentFromRate(figure.rate),
    amount: centsToDollars(figure.taxCents),
  }));

/** A stored line's tax rate (a copy of the moment's, docs/decisions/020-money-model.md), or none. */
export const storedTaxOf = (line: { taxName: string | null; taxRate: number }): TaxRate | null =>
  line.taxName === null ? null : { name: line.taxName, rate: line.taxRate };
