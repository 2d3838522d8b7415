import type { DisplayMenuResponse, MenuPricing } from '@tableserve/contract/customer-menu';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@/session/diner/cart';
import { demoMenu, displayMenuFixture, restaurantFixture } from '@/test/menu-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { CartPage } from './cart-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Garlic Knots (menu 1) are food at 7 %, the pizza (menu 2) taxed at the 20 % rate.
const lines: CartLine[] = [
  { ...demoMenu[1]!, options: [], quantity: 1 },
  { ...demoMenu[0]!, options: [], quantity: 2 },
];

function pricedMenu(pricing: Partial<MenuPricing>): DisplayMenuResponse {
  const menu = displayMenuFixture();
  return {
    ...menu,
    menu: menu.menu.map((item) => ({ ...item, tax_rate_id: item.menu_id === 2 ? 12 : 11 })),
    pricing: {
      payment_timing: 'counter',
      prices_include_tax: false,
      service_charge_percent: 0,
      service_charge_min_party: null,
      tax_rates: [
        { tax_rate_id: 11, name: 'Food', rate_percent: 7 },
        { tax_rate_id: 12, name: 'Alcohol', rate_percent: 20 },
      ],
      ...pricing,
    },
  };
}

async function renderCart(menu: DisplayMenuResponse) {
  stubFetch(() => jsonResponse(200, menu));
  localStorage.setItem('current_restaurant_id', '7');
  localStorage.setItem('token', 'tok_roma');
  localStorage.setItem('current_restaurant_details', JSON.stringify(restaurantFixture()));
  localStorage.setItem(
    'currentCart',
    JSON.stringify({ restaurant_id: 7, items: lines, expires_at: Date.now() + 30 * 60_000 }),
  );
  renderRoute(CartPage, { path: '/cart', destinations: ['/customer_details', '/menu-display'] });
  return screen.findByText('Total');
}

const figure = (label: string) => within(screen.getByText(label).parentElement as HTMLElement);

describe('the cart priced as the restaurant prices (docs/decisions/020-money-model.md)', () => {
  it('adds each tax by rate, the service charge and the total, with no "+ Tax & fees"', async () => {
    await renderCart(pricedMenu({ service_charge_percent: 10 }));
    // $16.00 at 20 % = $3.20; $15.00 at 7 % = $1.05; 10 % service on $31.00 = $3.10.
    expect(figure('Tax (Alcohol 20 %)').getByText('$3.20')).toBeInTheDocument();
    expect(figure('Tax (Food 7 %)').getByText('$1.05')).toBeInTheDocument();
    expect(figure('Service charge').getByText('$3.10')).toBeInTheDocument();
    expect(figure('Total').getByText('$38.35')).toBeInTheDocument();
    expect(screen.queryByText('+ Tax & fees')).not.toBeInTheDocument();
  });

  it('shows the tax the prices include, adding nothing', async () => {
    await renderCart(
      pricedMenu({
        prices_include_tax: true,
        tax_rates: [
          { tax_rate_id: 11, name: 'VAT', rate_percent: 20 },
          { tax_rate_id: 12, name: 'VAT', rate_percent: 20 },
        ],
      }),
    );
    // $31.00 with 20 % VAT in it: $31.00 − round($25.8333) = $5.17 (the lines: $2.67 + $2.50).
    expect(figure('Total').getByText('$31.00')).toBeInTheDocument();
    expect(screen.getByText('Includes VAT 20 %: $5.17')).toBeInTheDocument();
    expect(screen.queryByText(/^Tax \(/)).not.toBeInTheDocument();
  });

  it("leaves a minimum party's service charge to checkout, where the party size is asked", async () => {
    await renderCart(pricedMenu({ service_charge_percent: 10, service_charge_min_party: 6 }));
    expect(screen.queryByText('Service charge')).not.toBeInTheDocument();
    expect(figure('Total').getByText('$35.25')).toBeInTheDocument();
  });

  it('keeps "+ Tax & fees" for a restaurant without rates or service', async () => {
    stubFetch(() => jsonResponse(200, pricedMenu({ payment_timing: 'end_of_meal', tax_rates: [] })));
    localStorage.setItem('current_restaurant_id', '7');
    localStorage.setItem('token', 'tok_roma');
    localStorage.setItem(
      'currentCart',
      JSON.stringify({ restaurant_id: 7, items: lines, expires_at: Date.now() + 30 * 60_000 }),
    );
    renderRoute(CartPage, { path: '/cart', destinations: ['/customer_details', '/menu-display'] });
    expect(await screen.findByText('+ Tax & fees')).toBeInTheDocument();
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
  });
});
