import { z } from 'zod';
import { MAX_SERVICE_RATE, MAX_TAX_RATE, PAYMENT_TIMINGS, percentFromRate } from './bill';
import { id, requiredText, token } from './fields';

/**
 * A restaurant's payment settings and tax rates (docs/decisions/020-money-model.md): when diners
 * pay, whether menu prices include tax, the service charge, the Stripe account, and the rates
 * each dish is taxed at. The API speaks percents with at most 3 decimals (8.875); the database
 * keeps thousandths of a percent (bill.ts RATE_SCALE), so every rate is exact.
 */

/** A restaurant has at most this many tax rates. */
export const MAX_TAX_RATES = 10;
export const TAX_REGISTRATION_MAX = 40;
export const TAX_RATE_NAME_MAX = 50;
/** A party smaller than 2 is one diner; the cap keeps the checkout's question sensible. */
export const MIN_PARTY_FLOOR = 2;
export const MIN_PARTY_CEILING = 50;

/** The highest percents, in the API's unit. */
export const MAX_TAX_PERCENT = percentFromRate(MAX_TAX_RATE);
export const MAX_SERVICE_PERCENT = percentFromRate(MAX_SERVICE_RATE);

export { percentFromRate, rateFromPercent } from './bill';

/** A percentage as the API takes it: 0 to `max`, at most 3 decimals. `label` names the field. */
export const percent = (label: string, max: number) =>
  z
    .number(`${label} must be a number`)
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max} %`)
    // 8.875 * 1000 is 8874.999999999998: compare with a tolerance, not exactly.
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, {
      message: `${label} can have at most 3 decimals`,
    });

export const paymentSettingsMessages = {
  saved: 'Payment settings saved',
  taxRateAdded: 'Tax rate added',
  taxRateUpdated: 'Tax rate updated',
  taxRateDeleted: 'Tax rate deleted',
  taxRateNotFound: 'Tax rate not found',
  tooManyTaxRates: `A restaurant can have at most ${MAX_TAX_RATES} tax rates`,
  duplicateName: 'A tax rate with this name already exists',
  minParty: `Minimum party must be a whole number from ${MIN_PARTY_FLOOR} to ${MIN_PARTY_CEILING}`,
  stripeAccount: 'Stripe account id must look like acct_ followed by letters and digits',
  taxRegistration: `Tax registration number must be up to ${TAX_REGISTRATION_MAX} letters, digits, spaces, dots, dashes or slashes`,
  paymentTiming: `Payment timing must be one of ${PAYMENT_TIMINGS.join(', ')}`,
  pricesIncludeTax: 'Prices include tax must be true or false',
  isDefault: 'Default must be true or false',
} as const;

const text = paymentSettingsMessages;

export const RestaurantIdParams = z.strictObject({ restaurant_id: id });
export const TaxRateParams = z.strictObject({ restaurant_id: id, tax_rate_id: id });

export const TaxRate = z.object({
  tax_rate_id: z.number().int(),
  name: z.string(),
  /** Percent with up to 3 decimals: 7, 8.875. */
  rate_percent: z.number(),
  /** Dishes that name no rate are taxed at the default one; without a default, not at all. */
  is_default: z.boolean(),
});
export type TaxRate = z.infer<typeof TaxRate>;

export const TaxRateBody = z.strictObject({
  name: requiredText('Tax rate name', TAX_RATE_NAME_MAX),
  rate_percent: percent('Tax rate', MAX_TAX_PERCENT),
  /** Absent: not the default on an add, unchanged on an edit. */
  is_default: z.boolean(text.isDefault).optional(),
});
export type TaxRateBody = z.infer<typeof TaxRateBody>;

export const PaymentSettings = z.object({
  payment_timing: z.enum(PAYMENT_TIMINGS),
  prices_include_tax: z.boolean(),
  service_charge_percent: z.number(),
  /** Only parties of this many or more pay the service charge; null: every order. */
  service_charge_min_party: z.number().int().nullable(),
  /** The restaurant's Stripe Connect account; card payments go to it when Stripe is on. */
  stripe_account_id: z.string().nullable(),
  /** Printed on every receipt (VAT, GST, EIN…); null: none. */
  tax_registration_number: z.string().nullable(),
  /** The default first, then in the order they were added. Changed through the tax-rate routes. */
  tax_rates: z.array(TaxRate),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;

/** Every field optional: what is absent stays as stored. */
export const PaymentSettingsBody = z.strictObject({
  payment_timing: z.enum(PAYMENT_TIMINGS, text.paymentTiming).optional(),
  prices_include_tax: z.boolean(text.pricesIncludeTax).optional(),
  service_charge_percent: percent('Service charge', MAX_SERVICE_PERCENT).optional(),
  service_charge_min_party: z
    .number(text.minParty)
    .int(text.minParty)
    .min(MIN_PARTY_FLOOR, text.minParty)
    .max(MIN_PARTY_CEILING, text.minParty)
    .nullable()
    .optional(),
  stripe_account_id: token(64, { pattern: /^acct_[A-Za-z0-9]+$/, message: text.stripeAccount, trim: true })
    .nullable()
    .optional(),
  /** Letters, digits and the separators tax numbers use ("GB 123 4567 89", "12-3456789"); null clears it. */
  tax_registration_number: token(TAX_REGISTRATION_MAX, {
    pattern: /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/,
    message: text.taxRegistration,
    trim: true,
  })
    .nullable()
    .optional(),
});
export type PaymentSettingsBody = z.infer<typeof PaymentSettingsBody>;

export const GetPaymentSettingsResponse = z.object({ data: PaymentSettings });
export type GetPaymentSettingsResponse = z.infer<typeof GetPaymentSettingsResponse>;

/** Every change answers with the whole settings, so a screen shows what is stored now. */
export const PaymentSettingsResponse = z.object({ message: z.string(), data: PaymentSettings });
export type PaymentSettingsResponse = z.infer<typeof PaymentSettingsResponse>;

/** The Payments & taxes screen's texts, used verbatim by the web and its tests. */
export const paymentSettingsScreen = {
  title: 'Payments & taxes',
  intro: 'When diners pay, how taxes are shown, and the service charge.',
  loading: 'Loading the payment settings…',
  loadFailed: 'Could not load the payment settings.',
  retry: 'Try again',
  timingHeading: 'When diners pay',
  timings: {
    counter: {
      label: 'At the counter',
      help: 'Diners order from their phone and pay staff, who mark the order paid.',
    },
    order: {
      label: 'When ordering',
      help: 'Diners pay by card right after ordering; the kitchen sees the order once it is paid.',
    },
    end_of_meal: {
      label: 'At the end of the meal',
      help: "A table's orders go to the kitchen at once and add up to one bill the table pays together.",
    },
  },
  pricesHeading: 'Prices',
  pricesInclude: 'Menu prices include tax',
  pricesIncludeHelp: 'As in the EU and the UK: the tax is shown on the bill, not added.',
  pricesExclude: 'Tax is added to menu prices',
  pricesExcludeHelp: 'As in the US: the tax is added to the bill.',
  serviceHeading: 'Service charge',
  servicePercent: 'Service charge (%)',
  servicePercentHint: `0 for none, up to ${MAX_SERVICE_PERCENT} %. Not taxed.`,
  serviceMinParty: 'Only for parties of at least',
  serviceMinPartyHint: 'Leave empty to charge every order. Diners are asked their party size at checkout.',
  taxRegistration: 'Tax registration number (optional)',
  taxRegistrationHint: 'Printed on every receipt: your VAT, GST or sales tax number.',
  stripeHeading: 'Card payments',
  stripeAccount: 'Stripe account id (optional)',
  stripeAccountHint: 'Your Stripe Connect account, acct_…: card payments are paid out to it.',
  save: 'Save settings',
  taxHeading: 'Tax rates',
  taxIntro: `Each dish is taxed at its rate, or at the default one. Up to ${MAX_TAX_RATES} rates.`,
  noTaxRates: 'No tax rates: dishes are not taxed.',
  defaultBadge: 'Default',
  addRate: 'Add tax rate',
  rateName: 'Name',
  ratePercent: 'Rate (%)',
  rateDefault: 'Use this rate for dishes without a rate of their own',
  saveRate: 'Save rate',
  cancel: 'Cancel',
  edit: (name: string) => `Edit ${name}`,
  delete: (name: string) => `Delete ${name}`,
  editLabel: 'Edit',
  deleteLabel: 'Delete',
  deleteTitle: 'Delete this tax rate?',
  confirmDelete: (name: string) =>
    `Dishes taxed at ${name} will be taxed at the default rate. Past orders keep their tax.`,
  deleteConfirm: 'Delete rate',
  limitReached: `You have ${MAX_TAX_RATES} tax rates, the most a restaurant can have.`,
  /** The Menu Management item form's select. */
  itemTaxRate: 'Tax rate',
  itemDefaultRate: (rate: { name: string; percent: number } | null) =>
    rate ? `Default (${rate.name} ${rate.percent} %)` : 'Default (no tax)',
  ratePercentShown: (percent: number) => `${percent} %`,
} as const;
