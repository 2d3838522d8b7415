/**
 * The bill's arithmetic (docs/decisions/020-money-model.md), shared by the server, which prices
 * and stores every figure, and the web, which shows the same figures before an order exists.
 * No zod: the cart imports it on the diner's first load.
 *
 * Money is integer cents. Rates are integer thousandths of a percent (7 % = 7000, 8.875 % =
 * 8875), so every rate a tax authority publishes is exact. One rounding rule everywhere: **per
 * line, half up** — each line's tax and each share is rounded once, and every total is the sum of
 * rounded figures, so lines, taxes, service, tips and the total add up to the cent by
 * construction. Amounts that must split exactly (a service charge over lines, a bill over
 * diners) are divided by largest remainder, never rounded independently.
 */

/** 100 % in the unit of every rate. */
export const RATE_SCALE = 100_000;
/** A percent as people write it (8.875) to a rate (8875), and back. */
export const rateFromPercent = (percent: number): number => Math.round((percent * RATE_SCALE) / 100);
export const percentFromRate = (rate: number): number => (rate * 100) / RATE_SCALE;

/** The highest tax rate a restaurant may set (100 %: no real rate is near it). */
export const MAX_TAX_RATE = 100_000;
/** The highest service charge (30 %). */
export const MAX_SERVICE_RATE = 30_000;
/** The tip buttons, in percent of what the diner pays. */
export const TIP_PRESETS = [10, 15, 20] as const;
/** Above this percentage the web asks the diner to confirm the tip. */
export const TIP_CONFIRM_PERCENT = 100;
/** The server refuses a tip above this percentage of what it tips on (docs/decisions/020-money-model.md). */
export const MAX_TIP_PERCENT = 300;
/** Nor above this many cents, whatever the bill ($1,000). */
export const MAX_TIP_CENTS = 100_000;
/** At most this many diners share one item or split one bill evenly. */
export const MAX_SPLIT_WAYS = 20;

/** Where the restaurant is paid (docs/decisions/020-money-model.md#when-the-restaurant-is-paid). */
export const PAYMENT_TIMINGS = ['counter', 'order', 'end_of_meal'] as const;
export type PaymentTiming = (typeof PAYMENT_TIMINGS)[number];

/**
 * An order's money, apart from its kitchen status (docs/product/payments.md#ledger): partly paid
 * while its bill is open and holds money.
 */
export const PAYMENT_STATES = ['unpaid', 'partly_paid', 'paid', 'partly_refunded', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** a × b / c, rounded half up: exact for non-negative integers whose product stays below 2^53. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const numerator = 2 * a * b + c;
  const denominator = 2 * c;
  return (numerator - (numerator % denominator)) / denominator;
}

/**
 * `total` divided in proportion to `weights`, by largest remainder: the parts are whole cents,
 * never negative, and add up to `total` exactly. Ties go to the earlier part; all-zero weights
 * divide evenly.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const effective = sum > 0 ? weights : weights.map(() => 1);
  const weightSum = sum > 0 ? sum : weights.length;
  const parts = effective.map((weight) => Math.floor((total * weight) / weightSum));
  const remainders = effective.map((weight, index) => ({
    index,
    remainder: (total * weight) % weightSum,
  }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** `total` in `ways` parts that differ by at most a cent, the larger ones first. */
export const splitEvenly = (total: number, ways: number): number[] =>
  allocate(
    total,
    Array.from({ length: ways }, () => 1),
  );

/**
 * A line's tax. Tax-exclusive prices (US) add it: amount × rate. Tax-inclusive prices (EU, UK)
 * contain it: amount − amount / (1 + rate), the net rounded half up so the tax is what is left.
 */
export function lineTax(amountCents: number, rate: number, pricesIncludeTax: boolean): number {
  if (rate <= 0 || amountCents <= 0) return 0;
  return pricesIncludeTax
    ? amountCents - mulDivHalfUp(amountCents, RATE_SCALE, RATE_SCALE + rate)
    : mulDivHalfUp(amountCents, rate, RATE_SCALE);
}

export type TaxRate = { name: string; rate: number };
export type PricingRules = {
  pricesIncludeTax: boolean;
  /** The service charge's rate, 0 for none. */
  serviceRate: number;
  /** The service charge applies only to parties of at least this many; null: to every order. */
  serviceMinParty: number | null;
};
export type LineToPrice = { amountCents: number; tax: TaxRate | null };
export type PricedBillLine = {
  /** What the menu asked for the line (unit price with options × quantity). */
  amountCents: number;
  tax: TaxRate | null;
  taxCents: number;
  /** The line's share of the service charge. */
  serviceCents: number;
  /** What the line costs the diners: its amount, its tax when added, its service. */
  payableCents: number;
};
export type TaxFigure = TaxRate & { taxCents: number };
export type BillFigures = {
  lines: PricedBillLine[];
  /** The lines' amounts, as the menu priced them. */
  subtotalCents: number;
  /** Each rate's tax: the sum of its lines' taxes. */
  taxes: TaxFigure[];
  taxCents: number;
  /** True when the prices contain the tax (it is shown, not added). */
  taxIncluded: boolean;
  serviceCents: number;
  /** What is due, before tips: subtotal, the tax when added, the service charge. */
  totalCents: number;
};

/** Whether a party of `partySize` (unknown: null) pays the service charge. */
export function serviceApplies(rules: PricingRules, partySize: number | null): boolean {
  if (rules.serviceRate <= 0) return false;
  if (rules.serviceMinParty === null) return true;
  return partySize !== null && partySize >= rules.serviceMinParty;
}

/** Tax figures by rate (same name and rate), in the order each rate first appears. */
export function taxesByRate(lines: readonly { tax: TaxRate | null; taxCents: number }[]): TaxFigure[] {
  const figures = new Map<string, TaxFigure>();
  for (const line of lines) {
    if (!line.tax || line.tax.rate <= 0) continue;
    const key = `${line.tax.name}\u0000${line.tax.rate}`;
    const figure = figures.get(key) ?? { ...line.tax, taxCents: 0 };
    figure.taxCents += line.taxCents;
    figures.set(key, figure);
  }
  return [...figures.values()];
}

/** Sums lines that are already priced (an order's stored lines, or a bill's). */
export function sumLines(lines: readonly PricedBillLine[], taxIncluded: boolean): BillFigures {
  const sum = (pick: (line: PricedBillLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines: [...lines],
    subtotalCents: sum((line) => line.amountCents),
    taxes: taxesByRate(lines),
    taxCents: sum((line) => line.taxCents),
    taxIncluded,
    serviceCents: sum((line) => line.serviceCents),
    totalCents: sum((line) => line.payableCents),
  };
}

/**
 * One order's figures: each line's tax, the service charge on the subtotal (when the party
 * pays it) divided over the lines by their amounts, and the total.
 */
export function priceBill(
  lines: readonly LineToPrice[],
  rules: PricingRules,
  partySize: number | null = null,
): BillFigures {
  const subtotal = lines.reduce((total, line) => total + line.amountCents, 0);
  const service = serviceApplies(rules, partySize)
    ? mulDivHalfUp(subtotal, rules.serviceRate, RATE_SCALE)
    : 0;
  const services = allocate(
    service,
    lines.map((line) => line.amountCents),
  );
  const priced = lines.map((line, index): PricedBillLine => {
    const taxCents = lineTax(line.amountCents, line.tax?.rate ?? 0, rules.pricesIncludeTax);
    const serviceCents = services[index] ?? 0;
    return {
      amountCents: line.amountCents,
      tax: line.tax,
      taxCents,
      serviceCents,
      payableCents: line.amountCents + (rules.pricesIncludeTax ? 0 : taxCents) + serviceCents,
    };
  });
  return sumLines(priced, rules.pricesIncludeTax);
}

/** A percentage tip on `baseCents`, rounded half up. */
export const tipForPercent = (baseCents: number, percent: number): number =>
  mulDivHalfUp(baseCents, percent, 100);

/** The largest tip the server accepts on `baseCents`. */
export const maxTipCents = (baseCents: number): number =>
  Math.min(MAX_TIP_CENTS, mulDivHalfUp(baseCents, MAX_TIP_PERCENT, 100));

/** Share `index` (0-based) of `ways` of a line that costs `payableCents`. */
export const shareOfLine = (payableCents: number, ways: number, index: number): number =>
  splitEvenly(payableCents, ways)[index] ?? 0;

/** A rate as people write it: 7 %, 8.875 %. */
export const formatRate = (rate: number): string => `${Number((rate / 1000).toFixed(3))} %`;
