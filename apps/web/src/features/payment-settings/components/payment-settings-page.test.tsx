import { type PaymentSettings, paymentSettingsScreen as text } from '@tableserve/contract/payment-settings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESTAURANT_ID, signInRestaurantOwner } from '@/test/menu-item-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { PaymentSettingsPage } from './payment-settings-page';

/** docs/decisions/020-money-model.md: the Payments & taxes screen. */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const settingsUrl = `/api/v1/restaurant/payment-settings/${RESTAURANT_ID}`;
const ratesUrl = `/api/v1/restaurant/tax-rates/${RESTAURANT_ID}`;

function fakeServer(stored: Partial<PaymentSettings> = {}) {
  let settings: PaymentSettings = {
    payment_timing: 'counter',
    prices_include_tax: false,
    service_charge_percent: 0,
    service_charge_min_party: null,
    stripe_account_id: null,
    tax_registration_number: null,
    tax_rates: [],
    ...stored,
  };
  return stubFetch((call) => {
    if (call.url === settingsUrl && call.method === 'GET') return jsonResponse(200, { data: settings });
    if (call.url === settingsUrl && call.method === 'PUT') {
      settings = { ...settings, ...(call.body as object) };
      return jsonResponse(200, { message: 'Payment settings saved', data: settings });
    }
    if (call.url === ratesUrl && call.method === 'POST') {
      const body = call.body as { name: string; rate_percent: number; is_default: boolean };
      if (settings.tax_rates.some((rate) => rate.name === body.name))
        return jsonResponse(409, { message: 'A tax rate with this name already exists' });
      settings = { ...settings, tax_rates: [...settings.tax_rates, { tax_rate_id: 9, ...body }] };
      return jsonResponse(201, { message: 'Tax rate added', data: settings });
    }
    if (call.url === `${ratesUrl}/3` && call.method === 'DELETE') {
      settings = { ...settings, tax_rates: settings.tax_rates.filter((rate) => rate.tax_rate_id !== 3) };
      return jsonResponse(200, { message: 'Tax rate deleted', data: settings });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const food = { tax_rate_id: 3, name: 'Food', rate_percent: 8.875, is_default: true };

describe('the Payments & taxes screen', () => {
  it('shows at the counter chosen by default, and saves the chosen timing and service charge', async () => {
    signInRestaurantOwner();
    const { calls } = fakeServer();
    renderRoute(PaymentSettingsPage, { path: '/dashboard/payment-settings' });

    expect(await screen.findByRole('radio', { name: new RegExp(text.timings.counter.label) })).toBeChecked();
    expect(screen.getByText(text.timings.end_of_meal.help)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(text.timings.end_of_meal.label) }));
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(text.pricesInclude) }));
    const percent = screen.getByLabelText(text.servicePercent);
    await userEvent.clear(percent);
    await userEvent.type(percent, '12.5');
    await userEvent.type(screen.getByLabelText(text.serviceMinParty), '6');
    await userEvent.type(screen.getByLabelText(text.taxRegistration), 'GB 123 4567 89');
    await userEvent.click(screen.getByRole('button', { name: text.save }));

    expect(await screen.findByText('Payment settings saved')).toBeInTheDocument();
    expect(calls().find((call) => call.method === 'PUT')?.body).toEqual({
      payment_timing: 'end_of_meal',
      prices_include_tax: true,
      service_charge_percent: 12.5,
      service_charge_min_party: 6,
      stripe_account_id: null,
      tax_registration_number: 'GB 123 4567 89',
    });
  });

  it('names a bad field and sends nothing', async () => {
    signInRestaurantOwner();
    const { calls } = fakeServer();
    renderRoute(PaymentSettingsPage, { path: '/dashboard/payment-settings' });
    await userEvent.type(await screen.findByLabelText(text.stripeAccount), 'sk_live_1');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    expect(
      await screen.findByText('Stripe account id must look like acct_ followed by letters and digits'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(text.stripeAccount)).toHaveAttribute('aria-invalid', 'true');
    expect(calls().filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('adds a tax rate, and says so when the name is taken', async () => {
    signInRestaurantOwner();
    const { calls } = fakeServer({ tax_rates: [food] });
    renderRoute(PaymentSettingsPage, { path: '/dashboard/payment-settings' });
    const list = await screen.findByRole('list', { name: text.taxHeading });
    expect(within(list).getByText('Food')).toBeInTheDocument();
    expect(within(list).getByText('8.875 %')).toBeInTheDocument();
    expect(within(list).getByText(text.defaultBadge)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: text.addRate }));
    const form = screen.getByRole('form', { name: text.addRate });
    await userEvent.type(within(form).getByLabelText(text.rateName), 'Food');
    await userEvent.type(within(form).getByLabelText(text.ratePercent), '20');
    await userEvent.click(within(form).getByRole('button', { name: text.saveRate }));
    expect(await within(form).findByText('A tax rate with this name already exists')).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText(text.rateName));
    await userEvent.type(within(form).getByLabelText(text.rateName), 'Alcohol');
    await userEvent.click(within(form).getByRole('button', { name: text.saveRate }));
    expect(await screen.findByText('Tax rate added')).toBeInTheDocument();
    expect(within(list).getByText('Alcohol')).toBeInTheDocument();
    expect(
      calls()
        .filter((call) => call.method === 'POST')
        .at(-1)?.body,
    ).toEqual({
      name: 'Alcohol',
      rate_percent: 20,
      is_default: false,
    });
  });

  it('deletes a tax rate only after the confirmation', async () => {
    signInRestaurantOwner();
    const { calls } = fakeServer({ tax_rates: [food] });
    renderRoute(PaymentSettingsPage, { path: '/dashboard/payment-settings' });
    await userEvent.click(await screen.findByRole('button', { name: text.delete('Food') }));
    const dialog = screen.getByRole('dialog', { name: text.deleteTitle });
    expect(within(dialog).getByText(text.confirmDelete('Food'))).toBeInTheDocument();
    expect(calls().filter((call) => call.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: text.deleteConfirm }));
    expect(await screen.findByText(text.noTaxRates)).toBeInTheDocument();
    expect(calls().filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
