import type { MenuItem } from '@tableserve/contract/menu';
import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localKeys, sessionKeys } from '@/lib/storage';
import { smashBurger } from '@/orders/testing/smash-burger';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { PlaceOrderPage } from './place-order-page';

const RESTAURANT_ID = 7;
const USER_ID = 3;

const menuItem = (menu_id: number, item_name: string, price: number, available = true): MenuItem => ({
  menu_id,
  item_name,
  description: '',
  price,
  category: 'MainCourse',
  image: null,
  available,
  restaurant_id: RESTAURANT_ID,
  allergens: [],
  dietary_tags: [],
  option_groups: [],
});
const MENU: MenuItem[] = [
  menuItem(11, 'Pizza', 12.5),
  menuItem(12, 'Soda', 2.25),
  { ...menuItem(13, 'Lasagne', 14), stock: 4, allergens: ['gluten', 'milk'] },
  menuItem(14, 'Old Special', 9, false),
  { ...menuItem(15, 'Burrata', 11), stock: 0 },
];

beforeEach(() => {
  sessionStorage.setItem(sessionKeys.userId, String(USER_ID));
  sessionStorage.setItem(sessionKeys.restaurantId, String(RESTAURANT_ID));
  localStorage.setItem(localKeys.restaurantToken, 'owner-token');
  render(<ToastContainer autoClose={false} />);
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Call = { url: string; method: string; body: unknown; headers: Record<string, string> };

function fakeServer({
  numberOfTables = 4,
  restaurantFails = false,
  menu = MENU,
  place,
}: {
  numberOfTables?: number;
  restaurantFails?: boolean;
  menu?: MenuItem[];
  place?: (call: Call) => Response | Promise<Response>;
} = {}) {
  let nextId = 40;
  const stub = stubFetch((call) => {
    if (call.url === `/api/v1/menu/get-menu-items/${RESTAURANT_ID}`) return jsonResponse(200, { data: menu });
    if (call.url === `/api/v1/restaurant/get-restaurant/${RESTAURANT_ID}`) {
      if (restaurantFails) return jsonResponse(500, { message: 'Internal error' });
      return jsonResponse(200, {
        data: {
          restaurant_id: RESTAURANT_ID,
          restaurant_name: 'Trattoria',
          name: 'Trattoria',
          description: '',
          address: '1 Main St',
          city: 'Portland',
          state: 'OR',
          phone: '5035550100',
          restaurant_type: 'Italian',
          number_of_tables: numberOfTables,
          opening_hours: {},
          timezone: 'America/Los_Angeles',
          latitude: null,
          longitude: null,
        },
      });
    }
    if (call.url === '/api/v1/customer/place-order' && call.method === 'POST') {
      if (place) return place(call);
      return jsonResponse(201, {
        message: 'Order placed successfully',
        order_id: nextId++,
        status: 'Pending',
        total_amount: 27.25,
      });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  return {
    ...stub,
    placeCalls: () => stub.calls().filter((call) => call.url === '/api/v1/customer/place-order'),
  };
}

const renderPage = () =>
  renderRoute(PlaceOrderPage, {
    path: '/dashboard/place-order',
    destinations: ['/dashboard/order-management', '/dashboard/create-restaurant', '/login'],
  });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Customer name'), '  Ada Lovelace ');
  await user.type(screen.getByLabelText('Phone number'), '(503) 555-0100');
  await user.selectOptions(screen.getByLabelText('Table'), 'Table 2');
  await user.selectOptions(screen.getByLabelText('Item 1'), 'Pizza · $12.50');
  await user.selectOptions(screen.getByLabelText('Item 1 Quantity'), '2');
  await user.click(screen.getByRole('button', { name: 'Add another item' }));
  await user.selectOptions(screen.getByLabelText('Item 2'), 'Soda · $2.25');
  await user.type(screen.getByLabelText('Other order details'), 'No ice');
}

const submit = () => screen.getByRole('button', { name: ownerOrderMessages.placeOrder });

describe('Place Order form', () => {
  it('says what the chosen dish contains, for the owner to tell the walk-in who asks', async () => {
    fakeServer();
    renderPage();
    const user = userEvent.setup();
    const item = await screen.findByLabelText('Item 1');
    await waitFor(() => expect(within(item).getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(item, 'Pizza · $12.50');
    expect(screen.queryByText(/^Contains/)).not.toBeInTheDocument();
    await user.selectOptions(item, 'Lasagne · $14.00 · 4 left');
    expect(item).toHaveAccessibleDescription('Contains: gluten, milk');
  });

  it('offers Pick-up and tables 1..number_of_tables, and only available menu items not sold out', async () => {
    fakeServer({ numberOfTables: 3 });
    renderPage();
    const table = await screen.findByLabelText('Table');
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Pick-up', 'Table 1', 'Table 2', 'Table 3']),
    );
    const items = within(screen.getByLabelText('Item 1')).getAllByRole('option');
    expect(items.map((option) => option.textContent)).toEqual([
      'Select a menu item',
      'Pizza · $12.50',
      'Soda · $2.25',
      'Lasagne · $14.00 · 4 left',
    ]);
  });

  it('offers only Pick-up when the restaurant cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer({ restaurantFails: true });
    renderPage();
    const table = await screen.findByLabelText('Table');
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(
      within(table)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pick-up']);
  });

  it('keeps the estimated total from the menu prices', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    expect(screen.getByLabelText('Estimated total')).toHaveTextContent('$27.25');
  });

  it('sends the docs/product/web-app.md#notifications payload with an Idempotency-Key, toasts the server message and starts over', async () => {
    const { placeCalls } = fakeServer();
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(submit());

    expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
    const [call] = placeCalls();
    expect(call?.body).toEqual({
      restaurant_id: RESTAURANT_ID,
      user_id: USER_ID,
      customer_name: 'Ada Lovelace',
      phone_number: '5035550100',
      total_amount: 27.25,
      other_order_details: 'No ice',
      table_number: 2,
      items: [
        { menu_id: 11, quantity: 2, options: [] },
        { menu_id: 12, quantity: 1, options: [] },
      ],
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers.Authorization).toBe('Bearer owner-token');
    await waitFor(() => expect(screen.getByLabelText('Customer name')).toHaveValue(''));
    expect(screen.getByLabelText('Item 1')).toHaveValue('');
    expect(screen.queryByLabelText('Item 2')).not.toBeInTheDocument();

    // The next order is a new one: a new key.
    await fillForm(user);
    await user.click(submit());
    await waitFor(() => expect(placeCalls()).toHaveLength(2));
    expect(placeCalls()[1]?.headers['Idempotency-Key']).not.toBe(call?.headers['Idempotency-Key']);
  });

  it("is busy with 'Placing Order...' while pending, so a double click places one order", async () => {
    const answer = deferred<Response>();
    const { placeCalls } = fakeServer({ place: () => answer.promise });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.dblClick(submit());

    const busy = screen.getByRole('button', { name: /Placing Order\.\.\./ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(placeCalls()).toHaveLength(1);
    answer.resolve(
      jsonResponse(201, {
        message: 'Order placed successfully',
        order_id: 9,
        status: 'Pending',
        total_amount: 27.25,
      }),
    );
    expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
  });

  it("toasts 'Error placing order' with the server's message, and a changed order gets a new key", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { placeCalls } = fakeServer({
      place: () =>
        fail
          ? jsonResponse(409, { message: 'Soda is no longer available', code: 'ITEM_UNAVAILABLE' })
          : jsonResponse(201, {
              message: 'Order placed successfully',
              order_id: 9,
              status: 'Pending',
              total_amount: 1,
            }),
    });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(submit());

    const alert = await screen.findByText(ownerOrderMessages.placeFailed);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText('Soda is no longer available')).toBeInTheDocument();
    // The form keeps what was typed.
    expect(screen.getByLabelText('Customer name')).toHaveValue('  Ada Lovelace ');

    // Changed payload after a refusal: a new key (the server remembers the refusal under the old one).
    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
    fail = false;
    await user.click(submit());
    await waitFor(() => expect(placeCalls()).toHaveLength(2));
    expect(placeCalls()[1]?.headers['Idempotency-Key']).not.toBe(placeCalls()[0]?.headers['Idempotency-Key']);
  });

  it('keeps the key when the very same order is sent again after a network failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { placeCalls } = fakeServer({
      place: () => {
        if (fail) throw new TypeError('Failed to fetch');
        return jsonResponse(201, {
          message: 'Order placed successfully',
          order_id: 9,
          status: 'Pending',
          total_amount: 1,
        });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(submit());
    expect(await screen.findByText(ownerOrderMessages.placeFailed)).toBeInTheDocument();
    fail = false;
    await user.click(submit());
    expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
    expect(placeCalls()[1]?.headers['Idempotency-Key']).toBe(placeCalls()[0]?.headers['Idempotency-Key']);
  });

  it('checks the required fields before sending anything (docs/product/staff-screens.md#owner-place-order)', async () => {
    const { placeCalls } = fakeServer();
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('Customer name');
    await user.type(screen.getByLabelText('Phone number'), '50355');
    await user.click(submit());

    expect(screen.getByText('Customer name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone must be exactly 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Choose a menu item')).toBeInTheDocument();
    expect(screen.getByLabelText('Customer name')).toHaveAttribute('aria-invalid', 'true');
    expect(placeCalls()).toHaveLength(0);
  });
});

describe('Place Order form: a dish with options (docs/decisions/017-item-options.md)', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Options for Smash Burger' });

  it('chooses its options first, shows them and the price with deltas, and sends their ids', async () => {
    const { placeCalls } = fakeServer({ menu: [...MENU, smashBurger(16)] });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Customer name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Phone number'), '5035550100');
    await user.selectOptions(screen.getByLabelText('Item 1'), 'Smash Burger · $16.00 · with options');

    // A required group left empty keeps the chooser open, in the server's words.
    await user.click(within(dialog()).getByRole('button', { name: 'Use these options' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Smash Burger: Choose a Doneness');
    await user.click(within(dialog()).getByRole('radio', { name: 'Medium' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Bacon' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Fried egg' }));
    expect(within(dialog()).getByText('$19.50 each')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Use these options' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Item 1')).toHaveValue('16');
    expect(screen.getByText('Doneness: Medium · Extras: Bacon, Fried egg')).toBeInTheDocument();
    expect(screen.getByText('$19.50 each')).toBeInTheDocument();
    expect(screen.getByLabelText('Estimated total')).toHaveTextContent('$19.50');
    await user.click(submit());

    expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
    expect(placeCalls()[0]?.body).toMatchObject({
      total_amount: 19.5,
      items: [{ menu_id: 16, quantity: 1, options: [102, 201, 202] }],
    });
  });

  it('keeps the row as it was when the chooser is cancelled, and changes a row’s options', async () => {
    fakeServer({ menu: [...MENU, smashBurger(16)] });
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByLabelText('Item 1'), 'Pizza · $12.50');
    await user.selectOptions(screen.getByLabelText('Item 1'), 'Smash Burger · $16.00 · with options');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Item 1')).toHaveValue('11');

    await user.selectOptions(screen.getByLabelText('Item 1'), 'Smash Burger · $16.00 · with options');
    await user.click(within(dialog()).getByRole('radio', { name: 'Well done' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Use these options' }));
    await user.click(screen.getByRole('button', { name: 'Change options of item 1' }));
    expect(within(dialog()).getByRole('radio', { name: 'Well done' })).toBeChecked();
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Jalapeños' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Use these options' }));
    expect(screen.getByText('Doneness: Well done · Extras: Jalapeños')).toBeInTheDocument();
    expect(screen.getByLabelText('Estimated total')).toHaveTextContent('$16.75');
  });
});
