import { paymentSettingsMessages } from '@tableserve/contract/payment-settings';
import { describe, expect, it } from 'vitest';
import { rateBodyOf, type SettingsForm, settingsBodyOf, settingsFormFrom } from './settings-form';

const form = (overrides: Partial<SettingsForm> = {}): SettingsForm => ({
  payment_timing: 'counter',
  prices_include_tax: false,
  service_charge_percent: '0',
  service_charge_min_party: '',
  stripe_account_id: '',
  tax_registration_number: '',
  ...overrides,
});

describe('the payment settings form', () => {
  it('reads the stored settings, empty text for none', () => {
    expect(
      settingsFormFrom({
        payment_timing: 'order',
        prices_include_tax: true,
        service_charge_percent: 12.5,
        service_charge_min_party: null,
        stripe_account_id: null,
        tax_registration_number: null,
        tax_rates: [],
      }),
    ).toEqual(form({ payment_timing: 'order', prices_include_tax: true, service_charge_percent: '12.5' }));
  });

  it('sends numbers, and null for an empty party size or Stripe account', () => {
    expect(settingsBodyOf(form({ service_charge_percent: '8.875', service_charge_min_party: '6' }))).toEqual({
      body: {
        payment_timing: 'counter',
        prices_include_tax: false,
        service_charge_percent: 8.875,
        service_charge_min_party: 6,
        stripe_account_id: null,
        tax_registration_number: null,
      },
    });
    expect(settingsBodyOf(form({ stripe_account_id: ' acct_1Abc ' }))).toMatchObject({
      body: { stripe_account_id: 'acct_1Abc' },
    });
  });

  it("names each field's problem with the contract's text", () => {
    expect(
      settingsBodyOf(
        form({ service_charge_percent: '31', service_charge_min_party: '1', stripe_account_id: 'sk_1' }),
      ).errors,
    ).toEqual({
      service_charge_percent: 'Service charge must be at most 30 %',
      service_charge_min_party: paymentSettingsMessages.minParty,
      stripe_account_id: paymentSettingsMessages.stripeAccount,
    });
    expect(settingsBodyOf(form({ service_charge_percent: '' })).errors).toEqual({
      service_charge_percent: 'Service charge must be a number',
    });
  });
});

describe('the tax rate form', () => {
  it('sends the rate in percent', () => {
    expect(rateBodyOf({ name: ' Food ', rate_percent: '8.875', is_default: true })).toEqual({
      body: { name: 'Food', rate_percent: 8.875, is_default: true },
    });
  });

  it('refuses an empty name, a rate above 100 % or with 4 decimals', () => {
    expect(rateBodyOf({ name: '', rate_percent: '101', is_default: false }).errors).toEqual({
      name: 'Tax rate name is required',
      rate_percent: 'Tax rate must be at most 100 %',
    });
    expect(rateBodyOf({ name: 'Food', rate_percent: '7.0001', is_default: false }).errors).toEqual({
      rate_percent: 'Tax rate can have at most 3 decimals',
    });
  });
});
