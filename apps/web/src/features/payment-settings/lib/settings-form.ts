import type { PaymentTiming } from '@tableserve/contract/bill';
import {
  type PaymentSettings,
  PaymentSettingsBody,
  type TaxRate,
  TaxRateBody,
} from '@tableserve/contract/payment-settings';
import { ApiRequestError } from '@/lib/api-client';
import { type FieldErrors, fieldErrorsFromIssues } from '@/lib/field-errors';

/** What to tell of a refused change that names no field (a 409, a lost connection). */
export const messageOf = (error: unknown) =>
  error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : String(error);

/** The settings form as typed: numbers stay text until sent, so a half-typed value is kept. */
export type SettingsForm = {
  payment_timing: PaymentTiming;
  prices_include_tax: boolean;
  service_charge_percent: string;
  service_charge_min_party: string;
  stripe_account_id: string;
  tax_registration_number: string;
};

export const settingsFormFrom = (settings: PaymentSettings): SettingsForm => ({
  payment_timing: settings.payment_timing,
  prices_include_tax: settings.prices_include_tax,
  service_charge_percent: String(settings.service_charge_percent),
  service_charge_min_party: settings.service_charge_min_party?.toString() ?? '',
  stripe_account_id: settings.stripe_account_id ?? '',
  tax_registration_number: settings.tax_registration_number ?? '',
});

/** '' is no number at all (the contract's "must be a number"), not 0. */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The body to send, or the errors the contract finds, keyed by field as the server names them. */
export function settingsBodyOf(
  form: SettingsForm,
): { body: PaymentSettingsBody; errors?: never } | { errors: FieldErrors } {
  const parsed = PaymentSettingsBody.safeParse({
    payment_timing: form.payment_timing,
    prices_include_tax: form.prices_include_tax,
    service_charge_percent: numberOf(form.service_charge_percent) ?? Number.NaN,
    service_charge_min_party: numberOf(form.service_charge_min_party) ?? null,
    stripe_account_id: form.stripe_account_id.trim() === '' ? null : form.stripe_account_id,
    tax_registration_number: form.tax_registration_number.trim() === '' ? null : form.tax_registration_number,
  });
  return parsed.success ? { body: parsed.data } : { errors: fieldErrorsFromIssues(parsed.error.issues) };
}

export type RateForm = { name: string; rate_percent: string; is_default: boolean };

export const emptyRateForm: RateForm = { name: '', rate_percent: '', is_default: false };

export const rateFormFrom = (rate: TaxRate): RateForm => ({
  name: rate.name,
  rate_percent: String(rate.rate_percent),
  is_default: rate.is_default,
});

export function rateBodyOf(form: RateForm): { body: TaxRateBody; errors?: never } | { errors: FieldErrors } {
  const parsed = TaxRateBody.safeParse({
    name: form.name,
    rate_percent: numberOf(form.rate_percent) ?? Number.NaN,
    is_default: form.is_default,
  });
  return parsed.success ? { body: parsed.data } : { errors: fieldErrorsFromIssues(parsed.error.issues) };
}
