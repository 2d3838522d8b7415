import { checkoutPaymentMessages } from '@tableserve/contract/bill-page';
import { UNPAID_ORDER_TIMEOUT_MINUTES } from '@tableserve/contract/bills';
import type { PlaceOrderBody } from '@tableserve/contract/order';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CartItem, cartItem, setCartQuantity } from '@/session/diner/cart';
import { saveCurrentRestaurant } from '@/session/diner/current-restaurant';
import { saveTableFromCode } from '@/session/diner/table-from-code';
import { customerSession, renderWithToasts, signInCustomer } from '@/test/customer-fixtures';
import { restaurantFixture } from '@/test/menu-fixtures';
import { deferred, type FetchCall, jsonResponse, stubFetch as stubRouteFetch } from '@/test/render-route';
import { Component as CheckoutPage } from './customer-details';

const RESTAURANT_ID = 7;
const soup: CartItem = {
  menu_id: 3,
  item_name: 'Tomato Soup',
  description: '',
  price: 4.5,
  image: null,
  category: 'Starter',
  options: [],
};
const pie: CartItem = {
  menu_id: 8,
  item_name: 'Apple Pie',
  description: '',
  price: 6.25,
  image: null,
  category: 'Dessert',
  options: [],
};

const isMenuRead = (call: FetchCall) =>
  call.method === 'GET' && call.url.startsWith('/api/v1/customer/display-menu/');

/**
 * The checkout reads the restaurant's menu for its pricing (docs/decisions/020-money-model.md),
 * as the cart did: answered here (not found: no pricing, '+ Tax & fees'), and left out of the
 * calls each test counts.
 */
function stubFetch(handler: (call: FetchCall) => Response | Promise<Response>) {
  const fetchMock = vi.fn(handler);
  const api = stubRouteFetch((call) =>
    isMenuRead(call) ? jsonResponse(404, { message: 'Restaurant not found' }) : fetchMock(call),
  );
  return { fetchMock, calls: () => api.calls().filter((call) => !isMenuRead(call)) };
}

/** A fake navigator.geolocation, the browser boundary, answering with a position or an error. */
function stubGeolocation(answer: { latitude: number; longitude: number } | 'denied') {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (answer === 'denied')
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
    else success({ coords: answer } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => {
  saveCurrentRestaurant({
    ...restaurantFixture({ restaurant_id: RESTAURANT_ID, number_of_tables: 6 }),
    token: 'tok_roma',
  });
  setCartQuantity(RESTAURANT_ID, soup, 2);
  setCartQuantity(RESTAURANT_ID, pie, 1);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'geolocation');
});

const openCheckout = () =>
  renderWithToasts(CheckoutPage, {
    path: '/customer_details',
    destinations: ['/customer/order-status', '/cart', '/menu-display'],
  });

/** An accordion header; unlike the login form's own "Log In" submit button, it is expandable. */
const panelHeader = (title: string) =>
  screen.getAllByRole('button', { name: title }).find((button) => button.hasAttribute('aria-expanded'))!;
const submitButton = () => screen.getByRole('button', { name: /Submit Order|Processing Order\.\.\./ });
const tableSelect = () => screen.getByLabelText('Table number') as HTMLSelectElement;
const placed = { message: 'Order placed successfully', order_id: 55, status: 'Pending', total_amount: 15.25 };

describe('Checkout: who is ordering', () => {
  it('shows a friendly empty state with Back to Menu when the cart is empty', () => {
    localStorage.removeItem('currentCart');
    openCheckout();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Menu' })).toHaveAttribute(
      'href',
      '/menu-display?token=tok_roma',
    );
  });

  it('offers four panels: Log In, Create an Account, Login as Guest and Forgot Password', () => {
    openCheckout();
    const headers = ['Log In', 'Create an Account', 'Login as Guest', 'Forgot Password'].map(panelHeader);
    expect(headers.map((header) => header.getAttribute('aria-expanded'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    fireEvent.click(headers[2]!);
    expect(headers[2]).toHaveAttribute('aria-expanded', 'true');
    expect(headers[0]).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('form', { name: 'Login as Guest' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit Order/ })).not.toBeInTheDocument();
  });

  it('shows the order summary with lines, quantities, line totals and the sub-total', () => {
    openCheckout();
    const items = within(screen.getByRole('list', { name: 'Order items' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Tomato Soup');
    expect(items[0]).toHaveTextContent('2 × $4.50');
    expect(items[0]).toHaveTextContent('$9.00');
    expect(items[1]).toHaveTextContent('Apple Pie');
    expect(screen.getByText('Subtotal (3 items)').nextSibling).toHaveTextContent('$15.25');
  });

  it('continues as a guest and then shows the order form with a welcome', async () => {
    const guest = customerSession({ customer_name: 'Sam', is_guest: true });
    const api = stubFetch(() =>
      jsonResponse(201, { message: 'Welcome! You can now place your order.', data: guest }),
    );
    openCheckout();
    fireEvent.click(panelHeader('Login as Guest'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '5550001111' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/i }));
    fireEvent.click(screen.getByRole('button', { name: /^Continue as Guest/ }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Sam' })).toHaveFocus();
    expect(api.calls()[0]?.body).toMatchObject({ is_guest: true, restaurant_id: RESTAURANT_ID });
    expect(screen.getByRole('radio', { name: /Dine In/ })).toBeChecked();
    expect(submitButton()).toHaveTextContent('Submit Order');
  });
});

describe('Checkout: the order form', () => {
  beforeEach(() => {
    signInCustomer();
  });

  it('offers tables 1 to number_of_tables for dine-in', () => {
    openCheckout();
    const options = within(tableSelect()).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['', '1', '2', '3', '4', '5', '6']);
    expect(options[3]).toHaveTextContent('Table 3');
  });

  it('fetches the restaurant when its details are not stored', async () => {
    localStorage.removeItem('current_restaurant_details');
    const api = stubFetch(() =>
      jsonResponse(200, { data: restaurantFixture({ restaurant_id: RESTAURANT_ID, number_of_tables: 3 }) }),
    );
    openCheckout();
    await waitFor(() => expect(within(tableSelect()).getAllByRole('option')).toHaveLength(4));
    expect(api.calls()[0]?.url).toBe(`/api/v1/restaurant/get-restaurant/${RESTAURANT_ID}`);
  });

  it('clears the table when the order type changes', () => {
    stubGeolocation({ latitude: 40.7, longitude: -74 });
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '3' } });
    expect(tableSelect()).toHaveValue('3');
    fireEvent.click(screen.getByRole('radio', { name: /Pickup/ }));
    expect(screen.queryByLabelText('Table number')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Dine In/ }));
    expect(tableSelect()).toHaveValue('');
  });

  it("chooses dine-in at the scanned code's table, so placing the order is one tap (ADR 013)", async () => {
    saveTableFromCode(RESTAURANT_ID, 5);
    const api = stubFetch(() => jsonResponse(201, placed));
    openCheckout();
    expect(screen.getByRole('radio', { name: /Dine In/ })).toBeChecked();
    expect(tableSelect()).toHaveValue('5');
    expect(tableSelect()).toHaveAccessibleDescription(
      'From the QR code on your table. Sitting somewhere else? Choose that table.',
    );
    fireEvent.click(submitButton());
    await screen.findByText('Page /customer/order-status');
    expect(api.calls()[0]?.body).toMatchObject({ order_type: 'dine-in', table_no: 5 });
  });

  it("switching to Pickup clears the code's table; back to Dine In brings it back", () => {
    stubGeolocation({ latitude: 40.7, longitude: -74 });
    saveTableFromCode(RESTAURANT_ID, 5);
    openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: /Pickup/ }));
    expect(screen.queryByLabelText('Table number')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Dine In/ }));
    expect(tableSelect()).toHaveValue('5');
    // Another table chosen by hand is the diner's, and says nothing of the code.
    fireEvent.change(tableSelect(), { target: { value: '2' } });
    expect(tableSelect()).toHaveAccessibleDescription(
      'The number is on the card with the QR code at your table.',
    );
  });

  it('ignores a table scanned at another restaurant', () => {
    saveTableFromCode(RESTAURANT_ID + 1, 5);
    openCheckout();
    expect(tableSelect()).toHaveValue('');
  });

  it('asks for a table for a dine-in order', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, placed));
    openCheckout();
    fireEvent.click(submitButton());
    expect(await screen.findByText('Please select a table number for dine-in order')).toBeInTheDocument();
    expect(tableSelect()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks to log in or continue as guest when the session is gone', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, placed));
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '2' } });
    // Another tab logged out; this page has not heard of it yet.
    localStorage.removeItem('CustomerToken');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Please log in or continue as guest')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('places a dine-in order with the bearer and an Idempotency-Key, then opens its status', async () => {
    const session = signInCustomer({ customer_id: 9 });
    const api = stubFetch(() => jsonResponse(201, placed));
    const { router } = openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '4' } });
    fireEvent.click(submitButton());

    await screen.findByText('Page /customer/order-status');
    const [call] = api.calls();
    expect(call).toMatchObject({ url: '/api/v1/customer/place-order', method: 'POST' });
    expect(call?.headers.Authorization).toBe(`Bearer ${session.token}`);
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      restaurant_id: RESTAURANT_ID,
      customer_details: { customer_name: 'Ada Diner', email: 'ada@example.com', phone_number: '5551234567' },
      order_items: [
        { menu_item_id: 3, quantity: 2 },
        { menu_item_id: 8, quantity: 1 },
      ],
      order_type: 'dine-in',
      table_no: 4,
      is_guest: false,
      order_time: expect.stringMatching(/^([01]\d|2[0-3]):[0-5]\d$/),
      customer_location: null,
    });

    const { pathname, search, state } = router.state.location;
    expect(pathname).toBe('/customer/order-status');
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      orderId: '55',
      restaurant_id: String(RESTAURANT_ID),
      token: session.token,
    });
    expect(state).toEqual({ orderId: 55, restaurant_id: RESTAURANT_ID, token: session.token });
    expect(localStorage.getItem('currentCart')).toBeNull();
    expect(localStorage.getItem('orderId')).toBe('55');
  });

  it('asks for the location when Pickup is chosen and sends it with the order', async () => {
    const getCurrentPosition = stubGeolocation({ latitude: 40.7, longitude: -74 });
    const api = stubFetch(() => jsonResponse(201, placed));
    openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: /Pickup/ }));
    expect(await screen.findByText(/Your location is shared/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('customerLocation') ?? 'null')).toEqual({
      latitude: 40.7,
      longitude: -74,
    });

    fireEvent.click(submitButton());
    await screen.findByText('Page /customer/order-status');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(api.calls()[0]?.body).toMatchObject({
      order_type: 'pickup',
      table_no: null,
      customer_location: { latitude: 40.7, longitude: -74 },
    });
  });

  it('asks for the location again on submit and says Failed to get location', async () => {
    const getCurrentPosition = stubGeolocation('denied');
    const { fetchMock } = stubFetch(() => jsonResponse(201, placed));
    openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: /Pickup/ }));
    await waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(1));

    fireEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get location');
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says Failed to get location when the browser has no geolocation', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse(201, placed));
    openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: /Pickup/ }));
    fireEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get location');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads 'Processing Order...' while busy and submits once on a double click", async () => {
    const reply = deferred<Response>();
    const { fetchMock } = stubFetch(() => reply.promise);
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '1' } });
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    fireEvent.submit(screen.getByRole('form', { name: 'Order details' }));
    await waitFor(() => expect(submitButton()).toHaveTextContent('Processing Order...'));
    expect(submitButton()).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => reply.resolve(jsonResponse(201, placed)));
    await screen.findByText('Page /customer/order-status');
  });

  it("shows the server's message, and keeps the cart", async () => {
    stubFetch(() => jsonResponse(400, { message: 'Apple Pie is no longer available' }));
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '1' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Apple Pie is no longer available')).toBeInTheDocument();
    expect(localStorage.getItem('currentCart')).not.toBeNull();
    // The mutation's onError (which shows the message) runs before it leaves its pending state.
    await waitFor(() => expect(submitButton()).toHaveTextContent('Submit Order'));
  });

  it('says Error placing order when no answer arrives, and retries with the same key and body', async () => {
    let attempt = 0;
    const api = stubFetch(() => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(201, placed);
    });
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '2' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Error placing order')).toBeInTheDocument();

    await waitFor(() => expect(submitButton()).toBeEnabled());
    fireEvent.click(submitButton());
    await screen.findByText('Page /customer/order-status');
    const [first, retry] = api.calls();
    expect(retry?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(retry?.body).toEqual(first?.body);
  });

  it('uses a new key once the cart changed', async () => {
    const api = stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '2' } });
    fireEvent.click(submitButton());
    await screen.findByText('Error placing order');
    await waitFor(() => expect(submitButton()).toBeEnabled());

    act(() => setCartQuantity(RESTAURANT_ID, pie, 2));
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.calls()).toHaveLength(2));
    const [first, second] = api.calls();
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
    expect(second?.body).toMatchObject({
      order_items: [
        { menu_item_id: 3, quantity: 2 },
        { menu_item_id: 8, quantity: 2 },
      ],
    });
  });

  it('ends the session on a 401 and says Session expired. Please login again.', async () => {
    stubFetch(() => jsonResponse(401, { message: 'Please log in to continue' }));
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '2' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Session expired. Please login again.')).toBeInTheDocument();
    expect(localStorage.getItem('CustomerToken')).toBeNull();
    expect(localStorage.getItem('customerData')).toBeNull();
    expect(panelHeader('Login as Guest')).toBeInTheDocument();
  });
});

describe('Checkout: dishes with options (ADR 017)', () => {
  const burger: CartItem = {
    menu_id: 12,
    item_name: 'Smash Burger',
    description: '',
    price: 14,
    image: null,
    category: 'MainCourse',
    options: [],
  };
  const medium = { id: 31, group: 'Doneness', name: 'Medium', price: 0 };
  const wellDone = { id: 33, group: 'Doneness', name: 'Well done', price: 0 };
  const bacon = { id: 41, group: 'Extras', name: 'Bacon', price: 2 };
  const egg = { id: 43, group: 'Extras', name: 'Fried egg', price: 1.5 };

  beforeEach(() => {
    localStorage.removeItem('currentCart');
    setCartQuantity(RESTAURANT_ID, cartItem(burger, [medium, bacon, egg]), 2);
    setCartQuantity(RESTAURANT_ID, soup, 1);
    signInCustomer();
  });

  it('shows each line’s choices in the order summary, priced with them', () => {
    openCheckout();
    const [first, second] = within(screen.getByRole('list', { name: 'Order items' })).getAllByRole(
      'listitem',
    );
    expect(within(first!).getByText('Doneness: Medium · Extras: Bacon, Fried egg')).toBeInTheDocument();
    expect(first).toHaveTextContent('2 × $17.50');
    expect(first).toHaveTextContent('$35.00');
    expect(second).toHaveTextContent(/^Tomato SoupQuantity 1 × \$4\.50\$4\.50$/);
    expect(screen.getByText('Subtotal (3 items)').nextSibling).toHaveTextContent('$39.50');
  });

  it('sends the chosen options by id, and none for a dish without', async () => {
    const api = stubFetch(() => jsonResponse(201, placed));
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '4' } });
    fireEvent.click(submitButton());
    await screen.findByText('Page /customer/order-status');
    expect((api.calls()[0]?.body as PlaceOrderBody | undefined)?.order_items).toStrictEqual([
      { menu_item_id: 12, quantity: 2, options: [31, 41, 43] },
      { menu_item_id: 3, quantity: 1 },
    ]);
  });

  it("shows the server's refusal of the choices, and keeps the cart", async () => {
    stubFetch(() => jsonResponse(400, { message: 'Smash Burger: Choose a Doneness' }));
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '1' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Smash Burger: Choose a Doneness')).toBeInTheDocument();
    expect(localStorage.getItem('currentCart')).not.toBeNull();
  });

  it('uses a new key once only the choices changed', async () => {
    const api = stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    openCheckout();
    fireEvent.change(tableSelect(), { target: { value: '2' } });
    fireEvent.click(submitButton());
    await screen.findByText('Error placing order');
    await waitFor(() => expect(submitButton()).toBeEnabled());

    act(() => {
      localStorage.removeItem('currentCart');
      setCartQuantity(RESTAURANT_ID, cartItem(burger, [wellDone, bacon, egg]), 2);
      setCartQuantity(RESTAURANT_ID, soup, 1);
    });
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.calls()).toHaveLength(2));
    const [first, second] = api.calls();
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
    expect(second?.body).toMatchObject({ order_items: [{ menu_item_id: 12, options: [33, 41, 43] }, {}] });
  });
});

describe('Checkout: when and how the diner pays (docs/product/payments.md#payment-timing)', () => {
  const timing = (value: string) =>
    sessionStorage.setItem('paymentTiming', JSON.stringify({ restaurant_id: RESTAURANT_ID, timing: value }));
  const note = () => screen.queryByRole('region', { name: checkoutPaymentMessages.title });

  it('says a dine-in order is paid at the end of the meal from the bill, and a pickup one when ordering', () => {
    timing('end_of_meal');
    signInCustomer();
    openCheckout();
    expect(note()).toHaveTextContent(checkoutPaymentMessages.endOfMeal);
    fireEvent.click(screen.getByRole('radio', { name: /Pickup/ }));
    expect(note()).toHaveTextContent(checkoutPaymentMessages.whenOrdering(UNPAID_ORDER_TIMEOUT_MINUTES));
  });

  it('says an order paid when ordering is paid by card next, and cancelled after 15 minutes unpaid', () => {
    timing('order');
    signInCustomer();
    openCheckout();
    expect(note()).toHaveTextContent(
      'You pay by card right after you submit, on the next page. Your order goes to the kitchen once it is paid; an order left unpaid for 15 minutes is cancelled.',
    );
  });

  it('says nothing more at a restaurant paid at the counter', () => {
    timing('counter');
    signInCustomer();
    openCheckout();
    expect(screen.getByRole('button', { name: 'Submit Order' })).toBeInTheDocument();
    expect(note()).not.toBeInTheDocument();
  });
});
