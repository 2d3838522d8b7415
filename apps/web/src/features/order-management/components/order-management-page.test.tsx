import { orderMoneyMessages } from '@tableserve/contract/ledger';
import type { MenuItem } from '@tableserve/contract/menu';
import { ownerOrderMessages, type StaffOrder } from '@tableserve/contract/owner-orders';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chosenOptions, unitPriceOf } from '@/lib/item-options';
import { localKeys, sessionKeys } from '@/lib/storage';
import { smashBurger } from '@/orders/testing/smash-burger';
import { staffOrder } from '@/orders/testing/staff-order';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { OrderManagementPage } from './order-management-page';

// The live socket has its own tests (use-staff-order-events.test.tsx); here it is simply live.
vi.mock('@/orders/hooks/use-staff-order-events', () => ({ useStaffOrderEvents: () => 'live' }));

const RESTAURANT_ID = 7;
const ORDERS_URL = new RegExp(`^/api/v1/owner/restaurant/${RESTAURANT_ID}/orders\\?page=(\\d+)&per_page=10$`);

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
const MENU = [
  menuItem(11, 'Pizza', 12.5),
  menuItem(12, 'Soda', 2.25),
  { ...menuItem(13, 'Tiramisu', 6.75), stock: 5 },
  menuItem(14, 'Old Special', 9, false),
  { ...menuItem(15, 'Burrata', 11), stock: 0 },
  smashBurger(16),
];

beforeEach(() => {
  sessionStorage.setItem(sessionKeys.userId, '3');
  sessionStorage.setItem(sessionKeys.restaurantId, String(RESTAURANT_ID));
  localStorage.setItem(localKeys.restaurantToken, 'owner-token');
  render(<ToastContainer autoClose={false} />);
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Call = { url: string; method: string; body: unknown };

/** The owner's order API as the server behaves, over an in-memory list (newest first). */
function fakeOrderServer(
  orders: StaffOrder[],
  answer?: (call: Call) => Response | Promise<Response> | undefined,
) {
  let list = [...orders];
  const prices = new Map(MENU.map((item) => [item.menu_id, item]));
  const stub = stubFetch((call) => {
    const override = answer?.(call);
    if (override) return override;
    const page = call.url.match(ORDERS_URL);
    if (page) {
      const number = Number(page[1]);
      return jsonResponse(200, {
        orders: list.slice((number - 1) * 10, number * 10),
        pagination: {
          page: number,
          per_page: 10,
          total: list.length,
          total_pages: Math.max(1, Math.ceil(list.length / 10)),
        },
      });
    }
    if (call.url === `/api/v1/menu/get-menu-items/${RESTAURANT_ID}`) return jsonResponse(200, { data: MENU });
    const approve = call.url.match(/\/owner\/restaurant\/7\/approve-order\/(\d+)$/);
    if (approve && call.method === 'POST') {
      list = list.map((order) =>
        order.order_id === Number(approve[1]) ? { ...order, status: 'Approved' } : order,
      );
      return jsonResponse(200, {
        message: 'Order approved',
        order: list.find((order) => order.order_id === Number(approve[1])),
      });
    }
    const update = call.url.match(/\/customer\/update-order\/(\d+)$/);
    if (update && call.method === 'PUT') {
      const lines = (
        call.body as { order_items: { menu_item_id: number; quantity: number; options: number[] }[] }
      ).order_items;
      const items = lines.map((line) => ({
        menu_item_id: line.menu_item_id,
        product_name: prices.get(line.menu_item_id)!.item_name,
        price: unitPriceOf(prices.get(line.menu_item_id)!, line.options),
        quantity: line.quantity,
        options: chosenOptions(prices.get(line.menu_item_id)!.option_groups, line.options),
        allergens: [],
      }));
      // The server prices the lines itself: a total the client could not have guessed.
      const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0) + 0.01;
      list = list.map((order) =>
        order.order_id === Number(update[1]) ? { ...order, items, total_amount: total } : order,
      );
      return jsonResponse(200, {
        message: 'Order updated',
        order: list.find((order) => order.order_id === Number(update[1])),
      });
    }
    const remove = call.url.match(/\/owner\/restaurant\/7\/delete-order\/(\d+)$/);
    if (remove && call.method === 'DELETE') {
      list = list.filter((order) => order.order_id !== Number(remove[1]));
      return jsonResponse(200, { message: 'Order deleted' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  return { ...stub, callsTo: (part: string) => stub.calls().filter((call) => call.url.includes(part)) };
}

const renderPage = () =>
  renderRoute(OrderManagementPage, {
    path: '/dashboard/order-management',
    destinations: ['/dashboard/place-order', '/dashboard/create-restaurant', '/login'],
  });

const card = (orderId: number) => screen.findByRole('article', { name: `Order #${orderId}` });

const fiveItems = [
  { menu_item_id: 11, product_name: 'Pizza', quantity: 2, price: 12.5, options: [], allergens: [] },
  { menu_item_id: 12, product_name: 'Soda', quantity: 1, price: 2.25, options: [], allergens: [] },
  { menu_item_id: 13, product_name: 'Tiramisu', quantity: 1, price: 6.75, options: [], allergens: [] },
  { menu_item_id: 15, product_name: 'Garlic Bread', quantity: 1, price: 4, options: [], allergens: [] },
  { menu_item_id: 16, product_name: 'Lemonade', quantity: 3, price: 3, options: [], allergens: [] },
];

describe('Order Management: the cards', () => {
  it("shows each order's number, status, customer, phone, table or Pick-up, note, items and total", async () => {
    fakeOrderServer([
      staffOrder({
        order_id: 2,
        table_number: null,
        other_order_details: 'No onions please',
        status: 'Ready',
      }),
      staffOrder({ order_id: 1 }),
    ]);
    renderPage();

    const pickUp = await card(2);
    expect(within(pickUp).getByRole('heading', { name: 'Order #2' })).toBeInTheDocument();
    expect(within(pickUp).getByText('Ready')).toBeInTheDocument();
    expect(within(pickUp).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(pickUp).getByRole('link', { name: '503-555-0100' })).toHaveAttribute(
      'href',
      'tel:5035550100',
    );
    expect(within(pickUp).getByText(ownerOrderMessages.pickUp)).toBeInTheDocument();
    expect(within(pickUp).getByText('No onions please')).toBeInTheDocument();
    expect(within(pickUp).getByText('Pizza')).toBeInTheDocument();
    expect(within(pickUp).getByText('$25.00')).toBeInTheDocument();
    expect(within(pickUp).getByText('$27.25')).toBeInTheDocument();
    expect(within(await card(1)).getByText('Table 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Order Management' })).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Place Order' })).toHaveAttribute(
      'href',
      '/dashboard/place-order',
    );
  });

  it('shows what each dish contains under its line, on Pending and Approved orders alike', async () => {
    const satay: StaffOrder['items'][number] = {
      menu_item_id: 21,
      product_name: 'Satay',
      quantity: 1,
      price: 9,
      options: [],
      allergens: ['peanuts', 'sesame'],
    };
    const rice: StaffOrder['items'][number] = {
      menu_item_id: 22,
      product_name: 'Rice',
      quantity: 1,
      price: 3,
      options: [],
      allergens: [],
    };
    fakeOrderServer([
      staffOrder({ order_id: 2, status: 'Approved', items: [satay, rice] }),
      staffOrder({ order_id: 1, items: [satay, rice] }),
    ]);
    renderPage();

    for (const id of [2, 1]) {
      const lines = within(await card(id)).getAllByRole('listitem');
      expect(within(lines[0]!).getByText('Contains: peanuts, sesame')).toBeInTheDocument();
      expect(within(lines[1]!).queryByText(/Contains/)).not.toBeInTheDocument();
    }
  });

  it("shows 3 items, then 'Show All' reveals the rest and 'Show Less' folds them again", async () => {
    fakeOrderServer([staffOrder({ order_id: 1, status: 'Approved', items: fiveItems })]);
    const user = userEvent.setup();
    renderPage();

    const order = await card(1);
    expect(within(order).getAllByRole('listitem')).toHaveLength(3);
    expect(within(order).queryByText('Garlic Bread')).not.toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.showAll }));
    expect(within(order).getAllByRole('listitem')).toHaveLength(5);
    expect(within(order).getByText('Lemonade')).toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.showLess }));
    expect(within(order).getAllByRole('listitem')).toHaveLength(3);
  });

  it('offers no Show All for 3 items or fewer', async () => {
    fakeOrderServer([staffOrder({ order_id: 1, items: fiveItems.slice(0, 3) })]);
    renderPage();
    await card(1);
    expect(screen.queryByRole('button', { name: ownerOrderMessages.showAll })).not.toBeInTheDocument();
  });

  it("says 'No Orders Present' when there are none", async () => {
    fakeOrderServer([]);
    renderPage();
    expect(await screen.findByText(ownerOrderMessages.noOrders)).toBeInTheDocument();
  });

  it("pages 10 orders at a time with Previous/Next and 'Page X of Y'", async () => {
    const { callsTo } = fakeOrderServer(
      Array.from({ length: 12 }, (_, index) => staffOrder({ order_id: 12 - index })),
    );
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('article', { name: 'Order #1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(callsTo('/orders?page=2&per_page=10')).toHaveLength(1);
  });

  it('shows the load failure with Try again, which loads the orders', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeOrderServer([staffOrder({ order_id: 1 })], (call) =>
      fail && ORDERS_URL.test(call.url) ? jsonResponse(500, { message: 'Internal error' }) : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText(ownerOrderMessages.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card(1)).toBeInTheDocument();
  });

  it('logs the owner out when the token is refused', async () => {
    fakeOrderServer([], () => jsonResponse(401, { message: 'Unauthorized' }));
    const { router } = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(localKeys.restaurantToken)).toBeNull();
  });

  it("says a role's 403 plainly and keeps the person signed in (docs/product/staff.md#roles)", async () => {
    fakeOrderServer([], () =>
      jsonResponse(403, { message: 'Your role does not allow this.', code: 'FORBIDDEN' }),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Your role does not allow this.' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem(localKeys.restaurantToken)).not.toBeNull();
  });
});

describe('Order Management: a Pending order', () => {
  it('disables − at 1, and + raises the quantity', async () => {
    fakeOrderServer([
      staffOrder({
        order_id: 1,
        items: [
          { menu_item_id: 11, product_name: 'Pizza', quantity: 1, price: 12.5, options: [], allergens: [] },
        ],
      }),
    ]);
    const user = userEvent.setup();
    renderPage();

    const order = await card(1);
    const minus = within(order).getByRole('button', { name: 'Decrease Pizza' });
    expect(minus).toBeDisabled();
    await user.click(within(order).getByRole('button', { name: 'Increase Pizza' }));
    expect(within(order).getByRole('group', { name: 'Quantity of Pizza' })).toHaveTextContent('2');
    expect(minus).toBeEnabled();
    // The order keeps at least one line.
    expect(within(order).getByRole('button', { name: 'Remove Pizza' })).toBeDisabled();
  });

  it("approves with 'Approve' (POST approve-order)", async () => {
    const { callsTo } = fakeOrderServer([staffOrder({ order_id: 4 })]);
    const user = userEvent.setup();
    renderPage();

    const order = await card(4);
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.approve }));
    await waitFor(() => expect(within(order).getByText('Approved')).toBeInTheDocument());
    expect(callsTo('/approve-order/4')).toEqual([expect.objectContaining({ method: 'POST' })]);
    // Approved: no more editing nor approving.
    expect(within(order).queryByRole('button', { name: ownerOrderMessages.approve })).not.toBeInTheDocument();
    expect(within(order).queryByRole('button', { name: 'Increase Pizza' })).not.toBeInTheDocument();
  });

  it("switches 'Approve' to 'Update Order' once edited, PUTs the lines and shows the server's total", async () => {
    const { callsTo } = fakeOrderServer([staffOrder({ order_id: 4 })]);
    const user = userEvent.setup();
    renderPage();

    const order = await card(4);
    await user.click(within(order).getByRole('button', { name: 'Increase Pizza' }));
    await user.click(within(order).getByRole('button', { name: 'Remove Soda' }));
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.addItems }));
    const panel = await within(order).findByRole('region', { name: 'Add items from the menu' });
    expect(within(panel).queryByText('Old Special')).not.toBeInTheDocument();
    // A sold-out dish is listed as such and cannot be added; a counted one says how many are left.
    expect(await within(panel).findByRole('button', { name: 'Add Burrata' })).toBeDisabled();
    expect(within(panel).getByText(/Sold out/)).toBeInTheDocument();
    expect(within(panel).getByText(/5 left/)).toBeInTheDocument();
    await user.click(await within(panel).findByRole('button', { name: 'Add Tiramisu' }));

    expect(within(order).queryByRole('button', { name: ownerOrderMessages.approve })).not.toBeInTheDocument();
    expect(within(order).getByText('$44.25')).toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.updateOrder }));

    await waitFor(() => expect(within(order).getByText('$44.26')).toBeInTheDocument());
    expect(within(order).getByRole('button', { name: ownerOrderMessages.approve })).toBeInTheDocument();
    expect(callsTo('/customer/update-order/4')).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: {
          order_items: [
            { menu_item_id: 11, quantity: 3, options: [] },
            { menu_item_id: 13, quantity: 1, options: [] },
          ],
          total_amount: 44.25,
        },
      }),
    ]);
    expect(callsTo('/approve-order/')).toHaveLength(0);
  });

  it("goes back to 'Approve' when the edit is undone by hand", async () => {
    fakeOrderServer([staffOrder({ order_id: 4 })]);
    const user = userEvent.setup();
    renderPage();
    const order = await card(4);
    await user.click(within(order).getByRole('button', { name: 'Increase Soda' }));
    expect(within(order).getByRole('button', { name: ownerOrderMessages.updateOrder })).toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: 'Decrease Soda' }));
    expect(within(order).getByRole('button', { name: ownerOrderMessages.approve })).toBeInTheDocument();
  });

  it('only logs a failed approval, with a quiet line under the card', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeOrderServer([staffOrder({ order_id: 4 })], (call) =>
      call.url.includes('/approve-order/')
        ? jsonResponse(409, { message: 'Only a Pending order can be approved' })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    const order = await card(4);
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.approve }));
    expect(await within(order).findByText(ownerOrderMessages.saveFailed)).toBeInTheDocument();
    expect(within(order).getByText('Only a Pending order can be approved')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Order Management: deleting', () => {
  it("asks 'Confirm Delete' or 'Cancel'; Cancel keeps the order", async () => {
    const { callsTo } = fakeOrderServer([staffOrder({ order_id: 5, status: 'Approved' })]);
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder }));
    expect(within(order).getByRole('button', { name: ownerOrderMessages.confirmDelete })).toBeInTheDocument();
    // Focus moves to the safe choice, and back to Delete Order after Cancel.
    expect(within(order).getByRole('button', { name: ownerOrderMessages.cancel })).toHaveFocus();
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.cancel }));
    expect(
      within(order).queryByRole('button', { name: ownerOrderMessages.confirmDelete }),
    ).not.toBeInTheDocument();
    expect(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder })).toHaveFocus();
    expect(callsTo('/delete-order/')).toHaveLength(0);
  });

  it('deletes after Confirm Delete, sets the orderDeleted session flag and says so', async () => {
    const { callsTo } = fakeOrderServer([staffOrder({ order_id: 5 }), staffOrder({ order_id: 4 })]);
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder }));
    expect(sessionStorage.getItem(sessionKeys.orderDeleted)).toBeNull();
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.confirmDelete }));

    expect(await screen.findByText('Order #5 deleted')).toBeInTheDocument();
    expect(sessionStorage.getItem(sessionKeys.orderDeleted)).toBe('true');
    expect(callsTo('/owner/restaurant/7/delete-order/5')).toEqual([
      expect.objectContaining({ method: 'DELETE' }),
    ]);
    // Paid at the counter, it has no bill: there is no money to ask about.
    expect(callsTo('/money-preview')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #5' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Order #4' })).toBeInTheDocument();
  });

  it('does not offer Delete for a Completed order', async () => {
    fakeOrderServer([staffOrder({ order_id: 6, status: 'Completed' })]);
    renderPage();
    const order = await card(6);
    expect(
      within(order).queryByRole('button', { name: ownerOrderMessages.deleteOrder }),
    ).not.toBeInTheDocument();
  });

  it('only logs a failed delete, with a quiet line, and leaves the flag unset', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeOrderServer([staffOrder({ order_id: 5 })], (call) =>
      call.method === 'DELETE' ? jsonResponse(500, { message: 'Internal error' }) : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder }));
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.confirmDelete }));
    expect(await within(order).findByText(ownerOrderMessages.saveFailed)).toBeInTheDocument();
    expect(sessionStorage.getItem(sessionKeys.orderDeleted)).toBeNull();
  });
});

describe('Order Management: options (docs/decisions/017-item-options.md)', () => {
  const burgerLine = (quantity: number, ids: number[]): StaffOrder['items'][number] => ({
    menu_item_id: 16,
    product_name: 'Smash Burger',
    quantity,
    price: unitPriceOf(smashBurger(16), ids),
    options: chosenOptions(smashBurger(16).option_groups, ids),
    allergens: [],
  });

  it('shows each line’s options, and an edit keeps them', async () => {
    const { callsTo } = fakeOrderServer([
      staffOrder({ order_id: 5, status: 'Approved', items: [burgerLine(1, [101, 201])] }),
      staffOrder({ order_id: 4, items: [burgerLine(1, [101, 201]), burgerLine(1, [103])] }),
    ]);
    const user = userEvent.setup();
    renderPage();

    const approved = await card(5);
    expect(within(approved).getByText('Doneness: Medium rare · Extras: Bacon')).toBeInTheDocument();
    const order = await card(4);
    expect(within(order).getByText('Doneness: Medium rare · Extras: Bacon')).toBeInTheDocument();
    expect(within(order).getByText('Doneness: Well done')).toBeInTheDocument();
    await user.click(
      within(order).getByRole('button', { name: 'Increase Smash Burger (Doneness: Well done)' }),
    );
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.updateOrder }));

    await waitFor(() => expect(callsTo('/customer/update-order/4')).toHaveLength(1));
    expect(callsTo('/customer/update-order/4')[0]?.body).toEqual({
      order_items: [
        { menu_item_id: 16, quantity: 1, options: [101, 201] },
        { menu_item_id: 16, quantity: 2, options: [103] },
      ],
      total_amount: 50,
    });
  });

  it('chooses the options of a dish added from the menu, as a line of its own', async () => {
    const { callsTo } = fakeOrderServer([staffOrder({ order_id: 4, items: [burgerLine(1, [101])] })]);
    const user = userEvent.setup();
    renderPage();

    const order = await card(4);
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.addItems }));
    const panel = await within(order).findByRole('region', { name: 'Add items from the menu' });
    await user.click(await within(panel).findByRole('button', { name: 'Add Smash Burger' }));
    const dialog = screen.getByRole('dialog', { name: 'Options for Smash Burger' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Smash Burger: Choose a Doneness');
    await user.click(within(dialog).getByRole('radio', { name: 'Medium' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bacon' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fried egg' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to order' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(order).getByText('Doneness: Medium · Extras: Bacon, Fried egg')).toBeInTheDocument();
    expect(within(order).getByText('$19.50 each')).toBeInTheDocument();
    expect(within(order).getByText('$35.50')).toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.updateOrder }));
    await waitFor(() => expect(callsTo('/customer/update-order/4')).toHaveLength(1));
    expect(callsTo('/customer/update-order/4')[0]?.body).toEqual({
      order_items: [
        { menu_item_id: 16, quantity: 1, options: [101] },
        { menu_item_id: 16, quantity: 1, options: [102, 201, 202] },
      ],
      total_amount: 35.5,
    });
  });
});

describe('Order Management: an order that carries money (docs/product/payments.md#order-changes)', () => {
  const PREVIEW = '/owner/restaurant/7/orders/5/money-preview';
  const paidOrder = (overrides: Partial<StaffOrder> = {}) =>
    staffOrder({ order_id: 5, payment_timing: 'order', payment_state: 'paid', ...overrides });
  const refunds = orderMoneyMessages.refundsTo('$28.69', '4242');
  const preview = (message: string | null) =>
    jsonResponse(200, { refunds: [], refund_total: 0, asks_more: 0, message });
  const refused = (status: number, message: string, code: string) => jsonResponse(status, { message, code });

  it('asks the preview as the delete confirmation opens, and says what goes back before Confirm Delete', async () => {
    const answer = deferred<Response>();
    const { callsTo } = fakeOrderServer([paidOrder({ status: 'Approved' })], (call) =>
      call.url.endsWith(PREVIEW) ? answer.promise : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder }));
    expect(within(order).getByText(ownerOrderMessages.deleteQuestion(5))).toBeInTheDocument();
    expect(within(order).getByText(ownerOrderMessages.checkingMoney)).toBeInTheDocument();
    const confirm = within(order).getByRole('button', { name: ownerOrderMessages.confirmDelete });
    expect(confirm).toBeDisabled();
    expect(callsTo(PREVIEW)).toEqual([
      expect.objectContaining({ method: 'POST', body: { change: 'delete' } }),
    ]);

    answer.resolve(preview(refunds));
    expect(await within(order).findByText(refunds)).toBeInTheDocument();
    expect(within(order).queryByText(ownerOrderMessages.checkingMoney)).not.toBeInTheDocument();
    expect(confirm).toBeEnabled();
    expect(confirm).toHaveAccessibleDescription(refunds);
    await user.click(confirm);
    expect(await screen.findByText('Order #5 deleted')).toBeInTheDocument();
    expect(callsTo('/delete-order/5')).toHaveLength(1);
  });

  it.each([
    ['403, a role that may not refund', 403, orderMoneyMessages.refundNotAllowed, 'REFUND_NOT_ALLOWED'],
    ['409, a payment being confirmed', 409, orderMoneyMessages.paymentPending, 'PAYMENT_PENDING'],
  ])(
    "shows the preview's refusal (%s) and keeps Confirm Delete off, signed in",
    async (_label, status, message, code) => {
      const { callsTo } = fakeOrderServer([paidOrder()], (call) =>
        call.url.endsWith(PREVIEW) ? refused(status, message, code) : undefined,
      );
      const user = userEvent.setup();
      const { router } = renderPage();

      const order = await card(5);
      await user.click(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder }));
      expect(await within(order).findByText(message)).toBeInTheDocument();
      expect(within(order).getByRole('button', { name: ownerOrderMessages.confirmDelete })).toBeDisabled();
      expect(router.state.location.pathname).toBe('/dashboard/order-management');
      expect(localStorage.getItem(localKeys.restaurantToken)).toBe('owner-token');
      // Cancel, and the next confirmation asks again.
      await user.click(within(order).getByRole('button', { name: ownerOrderMessages.cancel }));
      await user.click(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder }));
      await waitFor(() => expect(callsTo(PREVIEW)).toHaveLength(2));
      expect(callsTo('/delete-order/')).toHaveLength(0);
    },
  );

  it("shows the delete's own refusal (a payment arrived since the preview) as the card's other failures", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeOrderServer([paidOrder()], (call) => {
      if (call.url.endsWith(PREVIEW)) return preview(refunds);
      if (call.method === 'DELETE') return refused(409, orderMoneyMessages.paymentPending, 'PAYMENT_PENDING');
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder }));
    await user.click(await within(order).findByRole('button', { name: ownerOrderMessages.confirmDelete }));
    expect(await within(order).findByText(ownerOrderMessages.saveFailed)).toBeInTheDocument();
    expect(within(order).getByText(orderMoneyMessages.paymentPending)).toBeInTheDocument();
    expect(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder })).toBeInTheDocument();
  });

  it('says when the preview could not be asked, and Try again asks it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    fakeOrderServer([paidOrder()], (call) =>
      call.url.endsWith(PREVIEW)
        ? fail
          ? jsonResponse(500, { message: 'Internal error' })
          : preview(null)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.deleteOrder }));
    expect(await within(order).findByText(ownerOrderMessages.moneyCheckFailed)).toBeInTheDocument();
    expect(within(order).getByRole('button', { name: ownerOrderMessages.confirmDelete })).toBeDisabled();
    fail = false;
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.tryAgain }));
    await waitFor(() =>
      expect(within(order).getByRole('button', { name: ownerOrderMessages.confirmDelete })).toBeEnabled(),
    );
    expect(within(order).queryByText(ownerOrderMessages.moneyCheckFailed)).not.toBeInTheDocument();
  });

  it('asks the preview before saving an edit; when money moves, saves only after Save changes', async () => {
    const { callsTo } = fakeOrderServer([paidOrder()], (call) =>
      call.url.endsWith(PREVIEW) ? preview(refunds) : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: 'Remove Soda' }));
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.updateOrder }));
    expect(await within(order).findByText(ownerOrderMessages.saveQuestion(5))).toBeInTheDocument();
    expect(within(order).getByText(refunds)).toBeInTheDocument();
    expect(callsTo(PREVIEW)).toEqual([
      expect.objectContaining({
        body: { change: 'edit', order_items: [{ menu_item_id: 11, quantity: 2, options: [] }] },
      }),
    ]);
    expect(callsTo('/customer/update-order/')).toHaveLength(0);
    // The lines wait while the confirmation is open.
    expect(within(order).getByRole('button', { name: 'Increase Pizza' })).toBeDisabled();

    // Cancel goes back to the edit, focus on Update Order.
    expect(within(order).getByRole('button', { name: ownerOrderMessages.cancel })).toHaveFocus();
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.cancel }));
    const update = within(order).getByRole('button', { name: ownerOrderMessages.updateOrder });
    expect(update).toHaveFocus();
    expect(within(order).queryByText('Soda')).not.toBeInTheDocument();

    await user.click(update);
    await user.click(await within(order).findByRole('button', { name: ownerOrderMessages.saveChanges }));
    await waitFor(() => expect(callsTo('/customer/update-order/5')).toHaveLength(1));
    expect(callsTo('/customer/update-order/5')[0]?.body).toMatchObject({
      order_items: [{ menu_item_id: 11, quantity: 2, options: [] }],
    });
    expect(
      await within(order).findByRole('button', { name: ownerOrderMessages.approve }),
    ).toBeInTheDocument();
    expect(within(order).queryByText(ownerOrderMessages.saveQuestion(5))).not.toBeInTheDocument();
  });

  it('closes the confirmation when the order leaves Pending meanwhile (approved elsewhere)', async () => {
    let approvedElsewhere = false;
    fakeOrderServer([paidOrder(), staffOrder({ order_id: 4 })], (call) => {
      if (call.url.endsWith(PREVIEW)) return preview(refunds);
      if (approvedElsewhere && ORDERS_URL.test(call.url))
        return jsonResponse(200, {
          orders: [paidOrder({ status: 'Approved' }), staffOrder({ order_id: 4, status: 'Approved' })],
          pagination: { page: 1, per_page: 10, total: 2, total_pages: 1 },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: 'Remove Soda' }));
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.updateOrder }));
    expect(await within(order).findByText(ownerOrderMessages.saveQuestion(5))).toBeInTheDocument();
    // Another change reads the lists again: order #5 is Approved by now.
    approvedElsewhere = true;
    await user.click(within(await card(4)).getByRole('button', { name: ownerOrderMessages.approve }));
    await waitFor(() =>
      expect(within(order).queryByText(ownerOrderMessages.saveQuestion(5))).not.toBeInTheDocument(),
    );
    expect(within(order).getByText('Soda')).toBeInTheDocument();
  });

  it('saves an edit at once when the preview says no money moves', async () => {
    const { callsTo } = fakeOrderServer([paidOrder({ payment_state: 'unpaid' })], (call) =>
      call.url.endsWith(PREVIEW) ? preview(null) : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: 'Increase Soda' }));
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.updateOrder }));
    await waitFor(() => expect(callsTo('/customer/update-order/5')).toHaveLength(1));
    expect(callsTo(PREVIEW)).toHaveLength(1);
    expect(within(order).queryByText(ownerOrderMessages.saveQuestion(5))).not.toBeInTheDocument();
  });

  it("shows a refused edit as the card's other failures, and keeps the person signed in", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { callsTo } = fakeOrderServer([paidOrder()], (call) =>
      call.url.endsWith(PREVIEW)
        ? refused(403, orderMoneyMessages.refundNotAllowed, 'REFUND_NOT_ALLOWED')
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    const order = await card(5);
    await user.click(within(order).getByRole('button', { name: 'Remove Soda' }));
    await user.click(within(order).getByRole('button', { name: ownerOrderMessages.updateOrder }));
    expect(await within(order).findByText(ownerOrderMessages.saveFailed)).toBeInTheDocument();
    expect(within(order).getByText(orderMoneyMessages.refundNotAllowed)).toBeInTheDocument();
    expect(callsTo('/customer/update-order/')).toHaveLength(0);
    expect(localStorage.getItem(localKeys.restaurantToken)).toBe('owner-token');
  });
});
