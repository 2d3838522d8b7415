import { paymentSettingsScreen as text } from '@tableserve/contract/payment-settings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuItem, RESTAURANT_ID, renderToasts, signInRestaurantOwner } from '@/test/menu-item-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { MenuManagementPage } from './menu-management-page';

/** docs/decisions/020-money-model.md: each dish names one of the restaurant's tax rates, or the default. */

beforeEach(() => renderToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rates = [
  { tax_rate_id: 3, name: 'Food', rate_percent: 7, is_default: true },
  { tax_rate_id: 4, name: 'Alcohol', rate_percent: 20, is_default: false },
];

function fakeServer(taxRates = rates) {
  const pizza = menuItem({ menu_id: 1 });
  return stubFetch((call) => {
    if (call.url === `/api/v1/menu/get-menu-items/${RESTAURANT_ID}`)
      return jsonResponse(200, { data: [pizza] });
    if (call.url === `/api/v1/restaurant/payment-settings/${RESTAURANT_ID}`)
      return jsonResponse(200, {
        data: {
          payment_timing: 'counter',
          prices_include_tax: false,
          service_charge_percent: 0,
          service_charge_min_party: null,
          stripe_account_id: null,
          tax_registration_number: null,
          tax_rates: taxRates,
        },
      });
    if (call.url === '/api/v1/menu/update-menu-item/1')
      return jsonResponse(200, { message: 'Menu item updated', data: pizza });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = () => renderRoute(MenuManagementPage, { path: '/dashboard/menu-management' });

describe("Menu Management: a dish's tax rate", () => {
  it('offers the default (named with its rate) and each rate, and sends the one chosen', async () => {
    signInRestaurantOwner();
    const { calls } = fakeServer();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Margherita' }));
    const select = await screen.findByRole('combobox', { name: text.itemTaxRate });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Default (Food 7 %)', 'Food (7 %)', 'Alcohol (20 %)']);
    expect(select).toHaveValue('');
    await user.selectOptions(select, 'Alcohol (20 %)');
    await user.click(screen.getByRole('button', { name: /^Update item/ }));
    await vi.waitFor(() =>
      expect(calls().some((call) => call.url.endsWith('/update-menu-item/1'))).toBe(true),
    );
    expect(calls().find((call) => call.url.endsWith('/update-menu-item/1'))?.body).toMatchObject({
      tax_rate_id: 4,
    });
  });

  it('is not shown while the restaurant has no tax rates', async () => {
    signInRestaurantOwner();
    const { calls } = fakeServer([]);
    renderPage();
    await screen.findByRole('article', { name: 'Margherita' });
    await vi.waitFor(() =>
      expect(calls().some((call) => call.url.includes('/payment-settings/'))).toBe(true),
    );
    expect(screen.queryByRole('combobox', { name: text.itemTaxRate })).not.toBeInTheDocument();
  });
});
