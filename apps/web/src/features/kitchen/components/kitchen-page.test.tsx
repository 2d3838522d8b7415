import type { OrderStatus } from '@tableserve/contract/order';
import { ownerOrderMessages, type StaffOrder } from '@tableserve/contract/owner-orders';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localKeys, sessionKeys } from '@/lib/storage';
import { staffOrder } from '@/orders/testing/staff-order';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { socketServerForEachTest } from '@/test/socket-server';
import { KitchenPage } from './kitchen-page';

const RESTAURANT_ID = 7;
const KITCHEN_URL = `/api/v1/kitchen/restaurant/${RESTAURANT_ID}/orders`;
const statusUrl = (orderId: number) =>
  `/api/v1/kitchen/restaurant/${RESTAURANT_ID}/update-order-status/${orderId}`;

const server = socketServerForEachTest();

beforeEach(() => {
  localStorage.setItem(localKeys.restaurantToken, 'owner-token');
  sessionStorage.setItem(sessionKeys.userId, '1');
  sessionStorage.setItem(sessionKeys.restaurantId, String(RESTAURANT_ID));
  render(<ToastContainer autoClose={false} />);
});
afterEach(() => {
  toast.dismiss();
});

/** One order in each status, as today's kitchen list answers (oldest first). */
function everyStatus(): StaffOrder[] {
  const statuses: OrderStatus[] = ['Pending', 'Approved', 'Ready', 'Completed', 'Cancelled'];
  return statuses.map((status, index) =>
    staffOrder({
      order_id: index + 1,
      status,
      table_number: index === 2 ? null : index + 1,
      customer_name: `${status} Guest`,
      created_at: `2026-11-23T19:0${index}:00.000Z`,
      updated_at: `2026-11-23T19:0${index}:00.000Z`,
    }),
  );
}

type Answer = (call: {
  url: string;
  method: string;
  body: unknown;
}) => Response | undefined | Promise<Response | undefined>;

/** The kitchen API over an in-memory list: the list, and status changes along the machine. */
function fakeKitchenServer(orders: StaffOrder[], answer?: Answer) {
  const list = { orders: [...orders] };
  const stub = stubFetch(async (call) => {
    const override = await answer?.(call);
    if (override) return override;
    if (call.url === KITCHEN_URL && call.method === 'GET') return jsonResponse(200, { orders: list.orders });
    const update = call.url.match(/\/update-order-status\/(\d+)$/);
    if (update && call.method === 'POST') {
      const orderId = Number(update[1]);
      const { status } = call.body as { status: OrderStatus };
      list.orders = list.orders.map((order) =>
        order.order_id === orderId ? { ...order, status, updated_at: new Date().toISOString() } : order,
      );
      const order = list.orders.find((listed) => listed.order_id === orderId);
      return jsonResponse(200, { message: `Order status updated to ${status}`, order });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  return { ...stub, list };
}

const renderKitchen = () =>
  renderRoute(KitchenPage, {
    path: '/dashboard/kitchen-management',
    destinations: ['/login', '/dashboard/create-restaurant'],
  });

const card = (orderId: number) => screen.getByRole('article', { name: `Order #${orderId}` });
const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

/** A stand-in for the browser's AudioContext that records the tones it is asked to play. */
class FakeAudioContext {
  static created: FakeAudioContext[] = [];
  static tones = 0;
  state: AudioContextState = 'running';
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.created.push(this);
  }
  createOscillator() {
    FakeAudioContext.tones += 1;
    return { type: 'sine', frequency: { setValueAtTime() {} }, connect() {}, start() {}, stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

describe('Kitchen Management', () => {
  it("shows today's orders by what the pass must do: to cook, ready, and done today tucked away", async () => {
    fakeKitchenServer(everyStatus());
    renderKitchen();

    expect(await screen.findByRole('heading', { name: 'Kitchen Management', level: 1 })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Order #1' });

    const toCook = section('To cook');
    const names = (region: HTMLElement) =>
      within(region)
        .getAllByRole('article', { hidden: true })
        .map((article) => article.getAttribute('aria-label'));
    expect(names(toCook)).toEqual(['Order #1', 'Order #2']);
    expect(names(section('Ready'))).toEqual(['Order #3']);

    const done = screen.getByText(/done today/i).closest('details');
    expect(done).not.toHaveAttribute('open');
    expect(within(done as HTMLElement).getByText('2')).toBeInTheDocument();
    // Latest first: the Cancelled order changed after the Completed one.
    expect(names(done as HTMLElement)).toEqual(['Order #5', 'Order #4']);

    // Big, readable facts on each card: number, table or pick-up, items with quantities, the note.
    expect(within(card(1)).getByText('Table 1')).toBeInTheDocument();
    expect(within(card(3)).getByText(ownerOrderMessages.pickUp)).toBeInTheDocument();
    expect(within(card(1)).getByText('2×')).toBeInTheDocument();
    expect(within(card(1)).getByText('Pizza')).toBeInTheDocument();
    expect(within(card(1)).getByText('Pending Guest')).toBeInTheDocument();
    expect(within(card(1)).getByText('Pending')).toBeInTheDocument();
    expect(within(card(1)).getByRole('timer')).toHaveTextContent(/^\d{2,}:\d{2}:\d{2}$/);
  });

  it("offers 'Mark as Ready' on Pending and Approved orders only; a Ready order says it is ready", async () => {
    fakeKitchenServer(everyStatus());
    renderKitchen();
    await screen.findByRole('article', { name: 'Order #1' });

    const markButtons = screen.getAllByRole('button', { name: ownerOrderMessages.markReady, hidden: true });
    expect(markButtons).toHaveLength(2);
    expect(within(card(1)).getByRole('button', { name: 'Mark as Ready' })).toBeInTheDocument();
    expect(within(card(2)).getByRole('button', { name: 'Mark as Ready' })).toBeInTheDocument();
    for (const orderId of [3, 4, 5])
      expect(within(card(orderId)).queryByRole('button', { name: 'Mark as Ready', hidden: true })).toBeNull();

    // Order 3 is a pick-up order; a table's Ready order reads 'Ready to serve'.
    expect(within(card(3)).getByText('Ready for pick-up')).toBeInTheDocument();
    expect(within(card(4)).getByText('Completed')).toBeInTheDocument();
    expect(within(card(5)).getByText('Cancelled')).toBeInTheDocument();
  });

  it('marks an order Ready: POSTs status Ready, shows it busy, then moves the card to Ready', async () => {
    const held = deferred<void>();
    const api = fakeKitchenServer(
      [staffOrder({ order_id: 4, status: 'Approved', table_number: 4 })],
      async (call) => {
        if (call.method === 'POST') await held.promise;
        return undefined;
      },
    );
    const user = userEvent.setup();
    renderKitchen();

    await user.click(
      await within(await screen.findByRole('article', { name: 'Order #4' })).findByRole('button', {
        name: 'Mark as Ready',
      }),
    );
    const busy = within(card(4)).getByRole('button', { name: /marking as ready/i });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    held.resolve();
    await waitFor(() => expect(within(card(4)).getByText('Ready to serve')).toBeInTheDocument());
    expect(within(section('Ready')).getByRole('article', { name: 'Order #4' })).toBeInTheDocument();
    expect(within(section('To cook')).queryByRole('article')).toBeNull();
    expect(screen.getByText(/all caught up/i)).toBeInTheDocument();

    const posts = api.calls().filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        url: statusUrl(4),
        body: { status: 'Ready' },
        headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
      }),
    ]);
  });

  it('recalls the order bumped last back to cooking with one tap, then the one before it (ADR 016)', async () => {
    const api = fakeKitchenServer([
      staffOrder({ order_id: 4, status: 'Ready', updated_at: '2026-11-23T19:10:00.000Z' }),
      staffOrder({ order_id: 5, status: 'Ready', updated_at: '2026-11-23T19:12:00.000Z' }),
      staffOrder({ order_id: 6, status: 'Approved' }),
    ]);
    const user = userEvent.setup();
    renderKitchen();

    const recall = await within(await screen.findByRole('region', { name: /^Ready/ })).findByRole('button', {
      name: 'Recall #5',
    });
    await user.click(recall);
    await waitFor(() =>
      expect(within(section('To cook')).getByRole('article', { name: 'Order #5' })).toBeInTheDocument(),
    );
    expect(api.calls().filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: statusUrl(5), body: { status: 'Approved' } }),
    ]);
    expect(screen.getByText('Order #5 is back to cooking')).toBeInTheDocument();

    await user.click(within(section('Ready')).getByRole('button', { name: 'Recall #4' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Ready/ })).not.toBeInTheDocument());
    expect(
      within(section('To cook'))
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual(['Order #4', 'Order #5', 'Order #6'].sort());
  });

  it('says what failed when a recall is refused (the order was paid meanwhile)', async () => {
    fakeKitchenServer([staffOrder({ order_id: 4, status: 'Ready' })], (call) =>
      call.method === 'POST'
        ? jsonResponse(409, { message: 'Cannot change an order from Completed to Approved' })
        : undefined,
    );
    const user = userEvent.setup();
    renderKitchen();
    await user.click(await screen.findByRole('button', { name: 'Recall #4' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ownerOrderMessages.statusFailed('Approved'));
  });

  it('says exactly what failed when the status cannot be changed, and keeps the button', async () => {
    fakeKitchenServer([staffOrder({ order_id: 4, status: 'Pending' })], (call) =>
      call.method === 'POST'
        ? jsonResponse(409, { message: 'Order cannot move from Cancelled to Ready' })
        : undefined,
    );
    const user = userEvent.setup();
    renderKitchen();

    await user.click(await screen.findByRole('button', { name: 'Mark as Ready' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update order status to Ready. Please try again later.');
    expect(alert).toHaveTextContent(ownerOrderMessages.statusFailed('Ready'));
    await waitFor(() => expect(within(card(4)).getByRole('button', { name: 'Mark as Ready' })).toBeEnabled());
  });

  it("shows 'No Orders Present' when today has no orders", async () => {
    fakeKitchenServer([]);
    renderKitchen();
    expect(await screen.findByRole('heading', { name: 'No Orders Present' })).toBeInTheDocument();
  });

  it('shows the load failure with Try again, which loads the orders', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    fakeKitchenServer([staffOrder({ order_id: 9 })], (call) =>
      failing && call.url === KITCHEN_URL ? jsonResponse(500, { message: 'Server error' }) : undefined,
    );
    const user = userEvent.setup();
    renderKitchen();

    expect(await screen.findByText('Failed to load orders. Please try again later.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Order #9' })).toBeInTheDocument();
    expect(screen.queryByText(ownerOrderMessages.loadFailed)).toBeNull();
  });

  it.each([401, 403])('logs the owner out when the kitchen list answers %i', async (status) => {
    fakeKitchenServer([], (call) =>
      call.url === KITCHEN_URL ? jsonResponse(status, { message: 'No' }) : undefined,
    );
    renderKitchen();

    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(localStorage.getItem(localKeys.restaurantToken)).toBeNull();
    expect(sessionStorage.getItem(sessionKeys.userId)).toBeNull();
  });

  it('logs the owner out when Mark as Ready answers 401 (the token expired mid-service)', async () => {
    fakeKitchenServer([staffOrder({ order_id: 4 })], (call) =>
      call.method === 'POST' ? jsonResponse(401, { message: 'Unauthorized' }) : undefined,
    );
    const user = userEvent.setup();
    renderKitchen();

    await user.click(await screen.findByRole('button', { name: 'Mark as Ready' }));
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    expect(localStorage.getItem(localKeys.restaurantToken)).toBeNull();
  });

  it('highlights a new order that arrives while the screen is open, and announces it', async () => {
    const api = fakeKitchenServer([staffOrder({ order_id: 1 })]);
    renderKitchen();
    await screen.findByRole('article', { name: 'Order #1' });
    await screen.findByText('Live');

    const arriving = staffOrder({ order_id: 2, table_number: 5, created_at: new Date().toISOString() });
    api.list.orders.push(arriving);
    server().emit('new_order', arriving);

    const fresh = await screen.findByRole('article', { name: 'Order #2' });
    await waitFor(() => expect(fresh).toHaveAttribute('data-new', 'true'));
    expect(within(fresh).getByText('New')).toBeInTheDocument();
    expect(within(card(1)).queryByText('New')).toBeNull();
    expect(card(1)).not.toHaveAttribute('data-new');
    expect(screen.getByText('New order #2, Table 5')).toBeInTheDocument();
  });

  it('draws the board in large type with one tap, and the tablet keeps the choice', async () => {
    fakeKitchenServer([staffOrder({ order_id: 1 })]);
    const user = userEvent.setup();
    const { unmount } = renderKitchen();
    const toggle = await screen.findByRole('button', { name: 'Large type' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const board = () => card(1).closest('[data-large-type], .\\@container') as HTMLElement;
    await screen.findByRole('article', { name: 'Order #1' });
    expect(board().style.zoom).toBe('');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(board().style.zoom).toBe('1.4');
    expect(localStorage.getItem(localKeys.kitchenLargeType)).toBe('on');

    unmount();
    renderKitchen();
    await screen.findByRole('article', { name: 'Order #1' });
    expect(screen.getByRole('button', { name: 'Large type' })).toHaveAttribute('aria-pressed', 'true');
    expect(board().style.zoom).toBe('1.4');
    await user.click(screen.getByRole('button', { name: 'Large type' }));
    expect(board().style.zoom).toBe('');
    expect(localStorage.getItem(localKeys.kitchenLargeType)).toBe('off');
  });

  it('plays nothing while sound is off; one tap turns it on, and new orders then chime', async () => {
    FakeAudioContext.created = [];
    FakeAudioContext.tones = 0;
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const api = fakeKitchenServer([staffOrder({ order_id: 1 })]);
    const user = userEvent.setup();
    renderKitchen();
    await screen.findByText('Live');

    const toggle = screen.getByRole('button', { name: 'Sound off' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    const quiet = staffOrder({ order_id: 2 });
    api.list.orders.push(quiet);
    server().emit('new_order', quiet);
    await screen.findByRole('article', { name: 'Order #2' });
    expect(FakeAudioContext.created).toHaveLength(0);
    expect(FakeAudioContext.tones).toBe(0);

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Sound on' })).toHaveAttribute('aria-pressed', 'true');
    // Created inside the tap (browsers allow audio only after a gesture), with a sample chime.
    expect(FakeAudioContext.created).toHaveLength(1);
    expect(FakeAudioContext.tones).toBe(2);

    const loud = staffOrder({ order_id: 3 });
    api.list.orders.push(loud);
    server().emit('new_order', loud);
    await waitFor(() => expect(FakeAudioContext.tones).toBe(4));

    await user.click(screen.getByRole('button', { name: 'Sound on' }));
    expect(screen.getByRole('button', { name: 'Sound off' })).toHaveAttribute('aria-pressed', 'false');
    const silent = staffOrder({ order_id: 4 });
    api.list.orders.push(silent);
    server().emit('new_order', silent);
    await screen.findByRole('article', { name: 'Order #4' });
    expect(FakeAudioContext.tones).toBe(4);
  });

  it('opens a full-screen view for the pass and leaves it with Escape', async () => {
    fakeKitchenServer([staffOrder({ order_id: 1 })]);
    const user = userEvent.setup();
    renderKitchen();
    await screen.findByRole('article', { name: 'Order #1' });

    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeInTheDocument();
  });

  it('keeps the screen awake while in full screen, and lets it sleep after', async () => {
    const release = vi.fn(async () => {});
    const request = vi.fn(async () => ({ release }) as unknown as WakeLockSentinel);
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
    try {
      fakeKitchenServer([staffOrder({ order_id: 1 })]);
      const user = userEvent.setup();
      renderKitchen();
      await screen.findByRole('article', { name: 'Order #1' });
      expect(request).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Full screen' }));
      await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
      expect(release).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Exit full screen' }));
      await waitFor(() => expect(release).toHaveBeenCalledTimes(1));
    } finally {
      Reflect.deleteProperty(navigator, 'wakeLock');
    }
  });
});

describe('Kitchen Management: allergens on the pass (docs/decisions/012-allergens-and-dietary-tags.md)', () => {
  it('highlights each line’s allergens, and says nothing for a line without any', async () => {
    fakeKitchenServer([
      staffOrder({
        order_id: 1,
        items: [
          {
            menu_item_id: 11,
            product_name: 'Satay',
            quantity: 2,
            price: 9,
            options: [],
            allergens: ['sesame', 'peanuts'],
          },
          { menu_item_id: 12, product_name: 'Rice', quantity: 1, price: 3, options: [], allergens: [] },
        ],
      }),
    ]);
    renderKitchen();
    const order = within(await screen.findByRole('article', { name: 'Order #1' }));
    const lines = order.getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    // In the law's order, whatever order the answer lists them in.
    expect(within(lines[0]!).getByText('Contains: peanuts, sesame')).toBeInTheDocument();
    expect(lines[0]).toHaveTextContent('2×SatayContains: peanuts, sesame');
    expect(within(lines[1]!).queryByText(/Contains/)).not.toBeInTheDocument();
  });
});

describe('Kitchen Management: options on the pass (docs/decisions/017-item-options.md)', () => {
  it('lists each line’s options under its dish, with its allergens still highlighted', async () => {
    fakeKitchenServer([
      staffOrder({
        order_id: 1,
        items: [
          {
            menu_item_id: 16,
            product_name: 'Smash Burger',
            quantity: 2,
            price: 19.5,
            options: [
              { id: 102, group: 'Doneness', name: 'Medium', price: 0 },
              { id: 201, group: 'Extras', name: 'Bacon', price: 2 },
              { id: 202, group: 'Extras', name: 'Fried egg', price: 1.5 },
            ],
            allergens: ['gluten', 'eggs'],
          },
          { menu_item_id: 12, product_name: 'Rice', quantity: 1, price: 3, options: [], allergens: [] },
        ],
      }),
    ]);
    renderKitchen();
    const order = within(await screen.findByRole('article', { name: 'Order #1' }));
    const lines = order.getAllByRole('listitem');
    // One group a line, read from across the kitchen.
    expect(within(lines[0]!).getByText('Doneness: Medium')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('Extras: Bacon, Fried egg')).toBeInTheDocument();
    expect(lines[0]).toHaveTextContent(
      '2×Smash BurgerDoneness: MediumExtras: Bacon, Fried eggContains: gluten, eggs',
    );
    expect(lines[1]).toHaveTextContent(/^1×Rice$/);
  });
});

describe('Kitchen Management: late orders', () => {
  const orderedAgo = (orderId: number, minutes: number, status: OrderStatus = 'Approved') =>
    staffOrder({
      order_id: orderId,
      status,
      created_at: new Date(Date.now() - minutes * 60_000 - 5_000).toISOString(),
    });

  it('marks cards still to cook amber, then red, and the kitchen can set the minutes', async () => {
    localStorage.removeItem(localKeys.kitchenAgeing);
    fakeKitchenServer([
      orderedAgo(1, 25, 'Pending'),
      orderedAgo(2, 12),
      orderedAgo(3, 3),
      orderedAgo(4, 40, 'Ready'),
    ]);
    const user = userEvent.setup();
    renderKitchen();

    // The defaults: amber after 10 minutes, red after 20.
    const late = within(await screen.findByRole('article', { name: 'Order #1' }));
    expect(late.getByText('Late · 25 min')).toBeInTheDocument();
    expect(within(card(2)).getByText('Waiting 12 min')).toBeInTheDocument();
    expect(within(card(3)).queryByText(/Waiting|Late/)).not.toBeInTheDocument();
    expect(within(card(4)).queryByText(/Waiting|Late/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Timings' }));
    const timings = screen.getByRole('form', { name: 'When an order is late' });
    const amber = within(timings).getByLabelText('Amber after (min)');
    const red = within(timings).getByLabelText('Red after (min)');
    await user.clear(amber);
    await user.type(amber, '30');
    await user.clear(red);
    await user.type(red, '30');
    await user.click(within(timings).getByRole('button', { name: 'Save timings' }));
    expect(within(timings).getByRole('alert')).toHaveTextContent('Red must come after amber.');

    await user.clear(red);
    await user.type(red, '45');
    await user.click(within(timings).getByRole('button', { name: 'Save timings' }));
    expect(screen.queryByRole('form', { name: 'When an order is late' })).not.toBeInTheDocument();
    expect(within(card(1)).queryByText(/Waiting|Late/)).not.toBeInTheDocument();
    expect(within(card(2)).queryByText(/Waiting|Late/)).not.toBeInTheDocument();
    // Kept on this tablet for the next shift.
    expect(JSON.parse(localStorage.getItem(localKeys.kitchenAgeing)!)).toEqual({
      amberMinutes: 30,
      redMinutes: 45,
    });
  });
});
