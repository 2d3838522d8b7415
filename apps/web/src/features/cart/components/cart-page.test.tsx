import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CartLine, cartItem } from '@/session/diner/cart';
import { demoMenu, displayMenuFixture, restaurantFixture } from '@/test/menu-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { CartPage } from './cart-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pizza: CartLine = {
  menu_id: 2,
  item_name: 'Margherita Pizza',
  description: 'Tomato, fior di latte, basil.',
  price: 16,
  image: 'https://images.example.com/pizza.jpg',
  category: 'MainCourse',
  options: [],
  quantity: 1,
};
const knots: CartLine = {
  menu_id: 1,
  item_name: 'Garlic Knots',
  description: 'Six warm knots.',
  price: 4.25,
  image: null,
  category: 'Starter',
  options: [],
  quantity: 2,
};

function storeRestaurant(id = 7, token = 'tok_roma') {
  localStorage.setItem('current_restaurant_id', String(id));
  localStorage.setItem('restaurant_id', String(id));
  localStorage.setItem('token', token);
  localStorage.setItem(
    'current_restaurant_details',
    JSON.stringify(restaurantFixture({ restaurant_id: id })),
  );
}

function storeCart(lines: CartLine[], restaurantId = 7) {
  localStorage.setItem(
    'currentCart',
    JSON.stringify({ restaurant_id: restaurantId, items: lines, expires_at: Date.now() + 30 * 60_000 }),
  );
}

const renderCart = (state?: unknown) => {
  const rendered = renderRoute(CartPage, {
    path: '/cart',
    destinations: ['/customer_details', '/menu-display'],
  });
  if (state !== undefined) void rendered.router.navigate('/cart', { state });
  return rendered;
};

const line = (name: string) => screen.getByRole('listitem', { name });
const summary = () => screen.getByText(/^Subtotal/).closest('div') as HTMLElement;

describe('Cart page (docs/product/ordering.md#cart)', () => {
  it('lists each line with photo, name, unit price and line total, and the sub-total with + Tax & fees', () => {
    const { calls } = stubFetch(() => jsonResponse(200, displayMenuFixture()));
    storeRestaurant();
    storeCart([pizza, knots]);
    renderCart();

    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
    expect(screen.getByText('From Trattoria Roma')).toBeInTheDocument();
    expect(within(line('Margherita Pizza')).getByText('$16.00 each')).toBeInTheDocument();
    expect(
      within(line('Margherita Pizza')).getByRole('img', { name: 'Margherita Pizza' }),
    ).toBeInTheDocument();
    expect(within(line('Garlic Knots')).getByText('$4.25 each')).toBeInTheDocument();
    expect(within(line('Garlic Knots')).getByText('$8.50')).toBeInTheDocument();
    expect(
      within(line('Garlic Knots')).getByRole('img', { name: 'Garlic Knots (no photo)' }),
    ).toBeInTheDocument();

    expect(screen.getByText('Subtotal (3 items)')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('$24.50');
    expect(screen.getByText('+ Tax & fees')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Menu' })).toHaveAttribute(
      'href',
      '/menu-display?token=tok_roma',
    );
    // Its one call: the menu, to tell a dish that sold out since it was added.
    expect(calls()).toEqual([expect.objectContaining({ url: '/api/v1/customer/display-menu/tok_roma' })]);
  });

  it('marks a dish that sold out since it was added, and asks to remove it before checking out (docs/decisions/015-stock-and-sold-out.md)', async () => {
    // The menu now: Garlic Knots sold out (no longer listed), the pizza still on.
    stubFetch(() =>
      jsonResponse(200, displayMenuFixture({ menu: demoMenu.filter((item) => item.menu_id !== 1) })),
    );
    storeRestaurant();
    storeCart([pizza, knots]);
    const { router } = renderCart();
    const user = userEvent.setup();

    expect(await within(line('Garlic Knots')).findByText('Sold out')).toBeInTheDocument();
    expect(within(line('Margherita Pizza')).queryByText('Sold out')).not.toBeInTheDocument();
    // More of it cannot be asked for; it can only be removed.
    expect(
      within(line('Garlic Knots')).queryByRole('button', { name: /Add one more/ }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Some dishes in your cart just sold out. Remove them to check out.',
    );
    expect(router.state.location.pathname).toBe('/cart');

    await user.click(within(line('Garlic Knots')).getByRole('button', { name: 'Remove Garlic Knots' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(router.state.location.pathname).toBe('/customer_details');
  });

  it('replaces a photo that fails to load with a placeholder', () => {
    storeRestaurant();
    storeCart([pizza]);
    renderCart();
    fireEvent.error(within(line('Margherita Pizza')).getByRole('img', { name: 'Margherita Pizza' }));
    expect(
      within(line('Margherita Pizza')).getByRole('img', { name: 'Margherita Pizza (no photo)' }),
    ).toBeInTheDocument();
  });

  it('− and + change the quantity, line total and sub-total; reaching 0 removes the line', async () => {
    storeRestaurant();
    storeCart([pizza, knots]);
    renderCart();
    const user = userEvent.setup();

    await user.click(
      within(line('Margherita Pizza')).getByRole('button', { name: 'Add one more Margherita Pizza' }),
    );
    expect(within(line('Margherita Pizza')).getByText('$32.00')).toBeInTheDocument();
    expect(screen.getByText('Subtotal (4 items)')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('$40.50');

    await user.click(within(line('Garlic Knots')).getByRole('button', { name: 'Remove one Garlic Knots' }));
    await user.click(within(line('Garlic Knots')).getByRole('button', { name: 'Remove one Garlic Knots' }));
    expect(screen.queryByRole('listitem', { name: 'Garlic Knots' })).not.toBeInTheDocument();
    expect(screen.getByText('Subtotal (2 items)')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('$32.00');
    expect(JSON.parse(localStorage.getItem('currentCart') ?? 'null').items).toEqual([
      expect.objectContaining({ menu_id: 2, quantity: 2 }),
    ]);
  });

  it('Remove takes the line out, and the last one leaves the empty cart', async () => {
    storeRestaurant();
    storeCart([pizza, knots]);
    renderCart();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Garlic Knots' }));
    expect(screen.queryByRole('listitem', { name: 'Garlic Knots' })).not.toBeInTheDocument();
    expect(screen.getByText('Subtotal (1 item)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Margherita Pizza' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeInTheDocument();
    expect(localStorage.getItem('currentCart')).toBeNull();
  });

  it('an empty cart says so and leads back to the menu of the stored token', async () => {
    storeRestaurant();
    const { router } = renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Menu' }));
    expect(await screen.findByText('Page /menu-display')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?token=tok_roma');
  });

  it('does not show a cart that belongs to another restaurant', () => {
    storeRestaurant(7);
    storeCart([pizza], 3);
    renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('uses the restaurant id carried in navigation state', async () => {
    storeCart([pizza], 9);
    renderCart({ cart: [pizza], restaurant_id: 9 });
    expect(await screen.findByRole('listitem', { name: 'Margherita Pizza' })).toBeInTheDocument();
  });

  it('Checkout goes to /customer_details carrying the cart and the restaurant id', async () => {
    storeRestaurant();
    storeCart([pizza, knots]);
    const { router } = renderCart();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Page /customer_details')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      restaurant_id: 7,
      cart: [
        expect.objectContaining({ menu_id: 2, quantity: 1, price: 16 }),
        expect.objectContaining({ menu_id: 1, quantity: 2, price: 4.25 }),
      ],
    });
  });

  it('Checkout on a cart that has just run out says the cart is empty', async () => {
    storeRestaurant();
    storeCart([pizza]);
    renderCart();
    // The cart's hour runs out (or another tab empties it) without this page hearing about it yet.
    const stored = JSON.parse(localStorage.getItem('currentCart') ?? 'null');
    localStorage.setItem('currentCart', JSON.stringify({ ...stored, expires_at: Date.now() - 1 }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Your cart is empty\.$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.queryByText('Page /customer_details')).not.toBeInTheDocument();
  });
});

describe('Cart lines with options (ADR 017)', () => {
  const burger = (options: CartLine['options'], quantity: number): CartLine => ({
    ...cartItem(
      {
        menu_id: 5,
        item_name: 'Smash Burger',
        description: '',
        price: 14,
        image: null,
        category: 'MainCourse',
      },
      options,
    ),
    quantity,
  });
  const medium = { id: 31, group: 'Doneness', name: 'Medium', price: 0 };
  const wellDone = { id: 33, group: 'Doneness', name: 'Well done', price: 0 };
  const bacon = { id: 41, group: 'Extras', name: 'Bacon', price: 2 };
  const egg = { id: 43, group: 'Extras', name: 'Fried egg', price: 1.5 };
  const mediumWithExtras = 'Smash Burger, Doneness: Medium · Extras: Bacon, Fried egg';
  const wellDoneName = 'Smash Burger, Doneness: Well done';

  it('shows each line’s choices under the dish, priced with them', () => {
    storeRestaurant();
    storeCart([burger([medium, bacon, egg], 2), burger([wellDone], 1), knots]);
    renderCart();

    const first = within(line(mediumWithExtras));
    expect(first.getByRole('heading', { level: 3, name: 'Smash Burger' })).toBeInTheDocument();
    expect(first.getByText('Doneness: Medium · Extras: Bacon, Fried egg')).toBeInTheDocument();
    expect(first.getByText('$17.50 each')).toBeInTheDocument();
    expect(first.getByText('$35.00')).toBeInTheDocument();
    expect(within(line(wellDoneName)).getByText('$14.00 each')).toBeInTheDocument();
    expect(within(line('Garlic Knots')).queryByText(/:/)).not.toBeInTheDocument();
    expect(screen.getByText('Subtotal (5 items)')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('$57.50');
  });

  it('steps and removes one line of a dish, leaving its other choices alone', async () => {
    storeRestaurant();
    storeCart([burger([medium, bacon, egg], 2), burger([wellDone], 1)]);
    renderCart();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: `Add one more ${wellDoneName}` }));
    expect(within(line(wellDoneName)).getByText('$28.00')).toBeInTheDocument();
    expect(within(line(mediumWithExtras)).getByText('$35.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Remove ${mediumWithExtras}` }));
    expect(screen.queryByRole('listitem', { name: mediumWithExtras })).not.toBeInTheDocument();
    expect(screen.getByText('Subtotal (2 items)')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('currentCart') ?? 'null').items).toEqual([
      expect.objectContaining({ menu_id: 5, quantity: 2, price: 14, options: [wellDone] }),
    ]);
  });
});
