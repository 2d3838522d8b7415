import { type OpenBillSummary, tablesPanelMessages } from '@tableserve/contract/bills';
import { ownerOrderMessages, type StaffOrder } from '@tableserve/contract/owner-orders';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localKeys, sessionKeys } from '@/lib/storage';
import { staffOrder } from '@/orders/testing/staff-order';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { socketServerForEachTest } from '@/test/socket-server';
import { Component as OrderSummaryPage } from './order-summary';

const RESTAURANT_ID = 7;
const path = '/dashboard/order-summary';
const server = socketServerForEachTest();

afterEach(() => {
  toast.dismiss();
});

function signIn() {
  sessionStorage.setItem(sessionKeys.userId, '42');
  sessionStorage.setItem(sessionKeys.restaurantId, String(RESTAURANT_ID));
  localStorage.setItem(localKeys.restaurantToken, 'owner-token');
}

type Call = { url: string; method: string; body: unknown };
type ServerOptions = {
  orders?: StaffOrder[];
  counters?: { total: number; paid: number };
  /** The restaurant's bills (none: it is paid at the counter). */
  bills?: OpenBillSummary[];
  /** Overrides one answer; undefined lets the fake server answer. */
  answer?: (call: Call) => Response | undefined;
};

const isOpen = (order: StaffOrder) => ['Pending', 'Approved', 'Ready'].includes(order.status);

/** The Order Summary API as the server behaves it, over an in-memory list (newest = highest id). */
function fakeOrderServer({
  orders = [],
  counters = { total: 5, paid: 2 },
  bills = [],
  answer,
}: ServerOptions = {}) {
  const state = { orders: [...orders], bills: [...bills] };
  const stub = stubFetch((call) => {
    const override = answer?.(call);
    if (override) return override;
    const url = new URL(call.url, 'http://app.test');
    if (url.pathname === `/api/v1/bills/open/${RESTAURANT_ID}`)
      return jsonResponse(200, { bills: state.bills });
    if (url.pathname === `/api/v1/customer/orders/${RESTAURANT_ID}`) {
      const query = url.searchParams;
      const filter = query.get('filter');
      const search = (query.get('search') ?? '').toLowerCase();
      const page = Number(query.get('page'));
      const perPage = Number(query.get('per_page'));
      let list = state.orders.filter((order) =>
        filter === 'pending'
          ? isOpen(order)
          : filter === 'completed'
            ? order.status === 'Completed'
            : filter === 'cancelled'
              ? order.status === 'Cancelled'
              : true,
      );
      if (search)
        list = list.filter(
          (order) =>
            order.customer_name.toLowerCase().includes(search) ||
            `#${order.order_id}` === search.replace(/^#?/, '#'),
        );
      list.sort((a, b) =>
        query.get('sort') === 'oldest' ? a.order_id - b.order_id : b.order_id - a.order_id,
      );
      return jsonResponse(200, {
        orders: list.slice((page - 1) * perPage, page * perPage),
        pagination: {
          page,
          per_page: perPage,
          total: list.length,
          total_pages: Math.max(1, Math.ceil(list.length / perPage)),
          working_hours_total_orders: counters.total,
          working_hours_paid_orders: counters.paid,
          working_hours_date: '2026-11-23',
        },
      });
    }
    const markOne = url.pathname.match(/^\/api\/v1\/owner\/restaurant\/7\/mark-paid\/(\d+)$/);
    const markMany = url.pathname === '/api/v1/owner/restaurant/7/mark-paid';
    if (markOne || markMany) {
      const ids = markOne ? [Number(markOne[1])] : (call.body as { order_ids: number[] }).order_ids;
      if (!ids.every((id) => state.orders.some((order) => order.order_id === id && order.status === 'Ready')))
        return jsonResponse(409, { message: 'Not ready' });
      state.orders = state.orders.map((order) =>
        ids.includes(order.order_id) ? { ...order, status: 'Completed' as const } : order,
      );
      const paid = state.orders.filter((order) => ids.includes(order.order_id));
      return jsonResponse(
        200,
        markOne ? { message: 'Order marked as paid', order: paid[0] } : { message: 'ok', orders: paid },
      );
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  const listCalls = () =>
    stub
      .calls()
      .filter((call) => call.url.startsWith(`/api/v1/customer/orders/${RESTAURANT_ID}?`))
      .map((call) => Object.fromEntries(new URL(call.url, 'http://app.test').searchParams));
  return { ...stub, state, listCalls };
}

function renderPage() {
  render(<ToastContainer autoClose={false} />);
  return renderRoute(OrderSummaryPage, {
    path,
    destinations: [
      '/login',
      '/dashboard/create-restaurant',
      '/dashboard/menu-management',
      '/dashboard/generate-qr-code',
    ],
  });
}

/** Twelve orders #1–#12 in mixed states; #12 and #9 are Ready. */
function mixedOrders(): StaffOrder[] {
  const statuses = ['Pending', 'Approved', 'Ready', 'Completed', 'Cancelled'] as const;
  return Array.from({ length: 12 }, (_, index) =>
    staffOrder({
      order_id: index + 1,
      customer_name: `Guest ${index + 1}`,
      status: index + 1 === 12 ? 'Ready' : statuses[index % 5],
      total_amount: 10 + index,
    }),
  );
}

const row = (orderId: number) => {
  const cell = screen.getByText(`Order #${orderId}`);
  return cell.closest('tr') as HTMLElement;
};
const lastListCall = (listCalls: () => Record<string, string>[]) => listCalls().at(-1);

describe('Order Summary', () => {
  it('asks for page 1 of all orders, newest first, 10 a page, and shows the counters and the table', async () => {
    signIn();
    const { listCalls } = fakeOrderServer({
      counters: { total: 14, paid: 3 },
      orders: [
        staffOrder({
          order_id: 12,
          table_number: 4,
          customer_name: 'Ada Lovelace',
          phone_number: '5035550100',
          total_amount: 27.25,
          status: 'Ready',
          other_order_details: 'No onions please',
        }),
        staffOrder({ order_id: 11, table_number: null, customer_name: 'Grace Hopper', status: 'Pending' }),
      ],
    });
    renderPage();
    await screen.findByText('Order #12');
    // Asked once, and again when the socket first connects: always page 1 of all orders, newest first.
    for (const call of listCalls())
      expect(call).toEqual({ page: '1', per_page: '10', filter: 'all', sort: 'newest' });
    expect(screen.getByRole('heading', { level: 1, name: 'Order Summary' })).toBeInTheDocument();

    expect(screen.getByRole('status', { name: 'Total Orders' })).toHaveTextContent(/^Total OrdersToday14$/);
    expect(screen.getByRole('status', { name: 'Paid Orders' })).toHaveTextContent(/^Paid OrdersToday3/);

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Select',
      'Table',
      'Order Details',
      'Customer',
      'Total',
      'Status',
      'Action',
    ]);
    const ada = within(row(12));
    expect(ada.getByText('4')).toBeInTheDocument();
    expect(ada.getByText('Pizza')).toBeInTheDocument();
    expect(ada.getByText('2 ×')).toBeInTheDocument();
    expect(ada.getByText('No onions please')).toBeInTheDocument();
    expect(ada.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(ada.getByRole('link', { name: '503-555-0100' })).toHaveAttribute('href', 'tel:5035550100');
    expect(ada.getByText('$27.25')).toBeInTheDocument();
    expect(ada.getByText('Ready')).toBeInTheDocument();
    expect(within(row(11)).getByText(ownerOrderMessages.pickUp)).toBeInTheDocument();
    expect(within(row(11)).getByText('Pending')).toBeInTheDocument();
    await screen.findByRole('status', { name: 'Live updates: Live' });
    expect(server().handshakes).toEqual([
      { token: 'owner-token', restaurantId: '7', transport: 'websocket' },
    ]);
  });

  it('shows each line’s options under it, two lines of one dish apart (docs/decisions/017-item-options.md)', async () => {
    signIn();
    const burger = { menu_item_id: 16, product_name: 'Smash Burger', price: 18, allergens: [] };
    fakeOrderServer({
      orders: [
        staffOrder({
          order_id: 12,
          items: [
            { ...burger, quantity: 2, options: [{ id: 102, group: 'Doneness', name: 'Medium', price: 0 }] },
            {
              ...burger,
              quantity: 1,
              price: 20,
              options: [
                { id: 103, group: 'Doneness', name: 'Well done', price: 0 },
                { id: 201, group: 'Extras', name: 'Bacon', price: 2 },
              ],
            },
          ],
        }),
      ],
    });
    renderPage();
    await screen.findByText('Order #12');
    const lines = within(row(12)).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '2 ×Smash BurgerDoneness: Medium',
      // The group's dot holds to the group before it (optionsText), so a narrow column breaks after it.
      '1 ×Smash BurgerDoneness: Well done\u00a0· Extras: Bacon',
    ]);
  });

  it('sends the filter, sort and a debounced search, each time from page 1', async () => {
    signIn();
    const user = userEvent.setup();
    const { listCalls } = fakeOrderServer({ orders: mixedOrders() });
    renderPage();
    await screen.findByText('Page 1 of 2');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(lastListCall(listCalls)).toMatchObject({ page: '2', filter: 'all' });

    expect(
      within(screen.getByLabelText('Show'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pending Orders', 'Completed Orders', 'Cancelled Orders', 'All Orders']);
    expect(screen.getByLabelText('Show')).toHaveValue('all');
    await user.selectOptions(screen.getByLabelText('Show'), 'Pending Orders');
    await waitFor(() =>
      expect(lastListCall(listCalls)).toEqual({
        page: '1',
        per_page: '10',
        filter: 'pending',
        sort: 'newest',
      }),
    );

    expect(
      within(screen.getByLabelText('Sort'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest First', 'Oldest First']);
    await user.selectOptions(screen.getByLabelText('Sort'), 'Oldest First');
    await waitFor(() =>
      expect(lastListCall(listCalls)).toMatchObject({ page: '1', filter: 'pending', sort: 'oldest' }),
    );

    const before = listCalls().length;
    await user.type(screen.getByLabelText('Search orders'), 'Guest 3');
    await waitFor(() => expect(lastListCall(listCalls)).toMatchObject({ page: '1', search: 'Guest 3' }));
    // One request for the whole word, not one per keystroke.
    expect(
      listCalls()
        .slice(before)
        .filter((call) => call.search),
    ).toEqual([{ page: '1', per_page: '10', filter: 'pending', sort: 'oldest', search: 'Guest 3' }]);
    expect(await screen.findByText('Order #3')).toBeInTheDocument();
  });

  it("pages with Previous and Next and says 'Page X of Y'", async () => {
    signIn();
    const user = userEvent.setup();
    const { listCalls } = fakeOrderServer({
      orders: [
        ...mixedOrders(),
        ...mixedOrders().map((order) => ({ ...order, order_id: order.order_id + 12 })),
      ],
    });
    renderPage();

    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getAllByText(/^Order #\d+$/)).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getAllByText(/^Order #\d+$/)).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    // The socket's first connection refetches the page shown (whichever it is by then): count the
    // pages asked for, not the refetches.
    const pages = listCalls().map((call) => call.page);
    expect(pages.filter((page, index) => page !== pages[index - 1])).toEqual(['1', '2', '3', '2']);
  });

  it('offers Mark as Paid and the checkbox on Ready rows only, and marks one order paid', async () => {
    signIn();
    const user = userEvent.setup();
    const { calls } = fakeOrderServer({ orders: mixedOrders().slice(0, 5) });
    renderPage();
    await screen.findByText('Order #5');

    expect(
      screen
        .getAllByRole('button', { name: /^Mark as Paid/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Mark as Paid order #3']);
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      'Select order #3',
    ]);
    for (const orderId of [1, 2, 4, 5]) {
      expect(within(row(orderId)).queryByRole('button', { name: /Mark as Paid/ })).toBeNull();
      expect(within(row(orderId)).queryByRole('checkbox')).toBeNull();
    }
    const button = within(row(3)).getByRole('button', { name: 'Mark as Paid order #3' });
    expect(button).toHaveTextContent('Mark as Paid');

    await user.click(button);
    await waitFor(() => expect(within(row(3)).getByText('Completed')).toBeInTheDocument());
    expect(calls().filter((call) => call.method === 'POST')).toMatchObject([
      { url: '/api/v1/owner/restaurant/7/mark-paid/3', method: 'POST' },
    ]);
    expect(within(row(3)).queryByRole('button', { name: /Mark as Paid/ })).toBeNull();
    expect(within(row(3)).queryByRole('checkbox')).toBeNull();
  });

  it('says so in a toast when Mark as Paid fails', async () => {
    signIn();
    const user = userEvent.setup();
    fakeOrderServer({
      orders: [staffOrder({ order_id: 3, status: 'Ready' })],
      answer: (call) => (call.method === 'POST' ? jsonResponse(500, { message: 'boom' }) : undefined),
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Mark as Paid order #3' }));
    expect(
      await screen.findByText('Failed to update order status to Completed. Please try again later.'),
    ).toBeInTheDocument();
    expect(ownerOrderMessages.statusFailed('Completed')).toBe(
      'Failed to update order status to Completed. Please try again later.',
    );
    expect(within(row(3)).getByText('Ready')).toBeInTheDocument();
  });

  it("totals the ticked orders and marks them all paid at once with 'Mark Selected as Paid'", async () => {
    signIn();
    const user = userEvent.setup();
    const { calls } = fakeOrderServer({
      orders: [
        staffOrder({ order_id: 3, status: 'Ready', total_amount: 10.1 }),
        staffOrder({ order_id: 4, status: 'Ready', total_amount: 0.2 }),
        staffOrder({ order_id: 5, status: 'Ready', total_amount: 7 }),
      ],
    });
    renderPage();

    expect(screen.queryByText('Total Selected')).toBeNull();
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #4' }));
    const bar = within(screen.getByRole('region', { name: 'Selected orders' }));
    expect(bar.getByText('Total Selected')).toBeInTheDocument();
    expect(bar.getByText('2 orders')).toBeInTheDocument();
    expect(bar.getByText('$10.30')).toBeInTheDocument();

    await user.click(bar.getByRole('button', { name: 'Mark Selected as Paid' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull());
    expect(calls().filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/v1/owner/restaurant/7/mark-paid', body: { order_ids: [4, 3] } }),
    ]);
    await waitFor(() => expect(within(row(4)).getByText('Completed')).toBeInTheDocument());
    expect(within(row(3)).getByText('Completed')).toBeInTheDocument();
    expect(within(row(5)).getByRole('checkbox', { name: 'Select order #5' })).not.toBeChecked();
  });

  it('keeps the selection and says so when the batch is refused', async () => {
    signIn();
    const user = userEvent.setup();
    fakeOrderServer({
      orders: [staffOrder({ order_id: 3, status: 'Ready' })],
      answer: (call) =>
        call.method === 'POST' ? jsonResponse(409, { message: 'Order #3 is not Ready' }) : undefined,
    });
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #3' }));
    await user.click(screen.getByRole('button', { name: 'Mark Selected as Paid' }));
    expect(await screen.findByText(ownerOrderMessages.statusFailed('Completed'))).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Selected orders' })).toBeInTheDocument();
  });

  it("shows 'No Orders Present' and, for a restaurant without any order yet, where orders come from", async () => {
    signIn();
    const user = userEvent.setup();
    fakeOrderServer({ orders: [] });
    renderPage();

    expect(await screen.findByText('No Orders Present')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sales Report' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Menu Management' })).toHaveAttribute(
      'href',
      '/dashboard/menu-management',
    );
    expect(screen.getByRole('link', { name: 'Generate QR Code' })).toHaveAttribute(
      'href',
      '/dashboard/generate-qr-code',
    );

    await user.selectOptions(screen.getByLabelText('Show'), 'Cancelled Orders');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Menu Management' })).toBeNull());
    expect(screen.getByText('No Orders Present')).toBeInTheDocument();
  });

  it('says the orders failed to load and tries again', async () => {
    signIn();
    const user = userEvent.setup();
    let fail = true;
    fakeOrderServer({
      orders: [staffOrder({ order_id: 3 })],
      answer: (call) =>
        fail && call.url.includes('/customer/orders/') ? jsonResponse(500, { message: 'down' }) : undefined,
    });
    renderPage();

    expect(await screen.findByText('Failed to load orders. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Order #3')).toBeInTheDocument();
    expect(screen.queryByText(ownerOrderMessages.loadFailed)).toBeNull();
  });

  it('logs the owner out when the server refuses the token', async () => {
    signIn();
    fakeOrderServer({ answer: () => jsonResponse(401, { message: 'Unauthorized' }) });
    const { router } = renderPage();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(localKeys.restaurantToken)).toBeNull();
    expect(sessionStorage.getItem(sessionKeys.userId)).toBeNull();
  });

  it("keeps a staff member signed in on a role's 403 and says why (docs/product/staff.md#roles)", async () => {
    signIn();
    sessionStorage.setItem(sessionKeys.role, 'server');
    fakeOrderServer({
      answer: () => jsonResponse(403, { message: 'Your role does not allow this.', code: 'FORBIDDEN' }),
    });
    const { router } = renderPage();

    expect(
      await screen.findByRole('heading', { name: 'Your role does not allow this.' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(localStorage.getItem(localKeys.restaurantToken)).toBe('owner-token');
  });

  it('shows a server neither the Sales Report nor the set-up hint, which their role lacks', async () => {
    signIn();
    sessionStorage.setItem(sessionKeys.role, 'server');
    fakeOrderServer({ orders: [] });
    renderPage();

    expect(await screen.findByText('No Orders Present')).toBeInTheDocument();
    expect(screen.queryByText('Your first orders will appear here')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sales Report' })).toBeNull();
  });

  it('shows a new order live and drops a ticked order that stops being Ready', async () => {
    signIn();
    const user = userEvent.setup();
    const { state } = fakeOrderServer({
      orders: [staffOrder({ order_id: 3, status: 'Ready', total_amount: 12 })],
    });
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #3' }));
    await screen.findByRole('status', { name: 'Live updates: Live' });

    const fresh = staffOrder({ order_id: 4, customer_name: 'Grace Hopper', status: 'Pending' });
    state.orders = [...state.orders, fresh];
    act(() => server().emit('new_order', fresh));
    expect(await screen.findByText('Order #4')).toBeInTheDocument();
    expect(row(4)).toHaveAttribute('data-fresh', 'true');
    expect(screen.getByText('New order #4 from Grace Hopper')).toBeInTheDocument();

    state.orders = state.orders.map((order) =>
      order.order_id === 3 ? { ...order, status: 'Cancelled' } : order,
    );
    act(() => server().emit('order_update', { order_id: 3, status: 'Cancelled', total_amount: 12 }));
    await waitFor(() => expect(within(row(3)).getByText('Cancelled')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull();
  });

  it('shows no Tables panel to a restaurant without bills (paid at the counter)', async () => {
    signIn();
    fakeOrderServer({ orders: mixedOrders() });
    renderPage();
    expect(await screen.findByText('Order #12')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: tablesPanelMessages.title })).toBeNull();
  });

  it("shows each table's bill in the Tables panel and follows it live until paid", async () => {
    signIn();
    const bill: OpenBillSummary = {
      bill_id: 31,
      table_number: 2,
      order_ids: [5, 6],
      total: 37.5,
      paid: 20,
      pending: 5,
      outstanding: 12.5,
      tips: 3,
      status: 'open',
      updated_at: '2026-11-23T19:00:00.000Z',
    };
    const { state } = fakeOrderServer({ orders: mixedOrders(), bills: [bill] });
    renderPage();
    const table = await screen.findByRole('table', { name: tablesPanelMessages.title });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Table', 'Orders', 'Total', 'Paid', 'Outstanding', 'Tips']);
    const tableTwo = within(table).getByRole('rowheader', { name: 'Table 2' }).closest('tr') as HTMLElement;
    expect(
      within(tableTwo)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['#5, #6', '$37.50', '$20.00$5.00 confirming', '$12.50', '$3.00']);
    expect(within(tableTwo).queryByText(tablesPanelMessages.paidBadge)).toBeNull();

    await screen.findByRole('status', { name: 'Live updates: Live' });
    const settled = { ...bill, paid: 37.5, pending: 0, outstanding: 0, tips: 6, status: 'paid' as const };
    state.bills = [settled];
    act(() => server().emit('bill.updated', settled));
    const paid = await within(table).findByRole('rowheader', {
      name: `Table 2 ${tablesPanelMessages.paidBadge}`,
    });
    expect(
      within(paid.closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['#5, #6', '$37.50', '$37.50', '$0.00', '$6.00']);
  });

  it('shows the same orders and controls as cards on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    signIn();
    const user = userEvent.setup();
    fakeOrderServer({
      orders: [
        staffOrder({ order_id: 3, status: 'Ready', table_number: null, customer_name: 'Ada Lovelace' }),
        staffOrder({ order_id: 2, status: 'Approved', table_number: 5 }),
      ],
    });
    renderPage();

    const card = within(await screen.findByRole('listitem', { name: 'Order #3' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.getByText(ownerOrderMessages.pickUp)).toBeInTheDocument();
    expect(card.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(card.getByText('$27.25')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Order #2' })).getByText('Table 5'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Order #2' })).queryByRole('checkbox')).toBeNull();
    await user.click(card.getByRole('checkbox', { name: 'Select order #3' }));
    expect(screen.getByRole('button', { name: 'Mark Selected as Paid' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Mark as Paid order #3' })).toBeInTheDocument();
  });
});
