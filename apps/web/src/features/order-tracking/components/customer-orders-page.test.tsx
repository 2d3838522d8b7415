import type { OrderSummary } from '@tableserve/contract/order';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveCustomerSession } from '@/session/diner/customer-session';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { socketServerForEachTest } from '@/test/socket-server';
import { customerToken, line, orderSummary } from '../testing/fixtures';
import { CustomerOrdersPage } from './customer-orders-page';

const path = '/customer_orders';

const server = socketServerForEachTest();

function signIn(customerId = 9) {
  const token = customerToken();
  saveCustomerSession({
    customer_id: customerId,
    customer_name: 'Ada',
    email: 'ada@example.com',
    phone_number: '5550001111',
    is_guest: true,
    restaurant_id: 7,
    token,
  });
  return token;
}

const ordersResponse = (orders: OrderSummary[]) =>
  jsonResponse(200, { orders, pagination: { page: 1, per_page: 50, total: orders.length, total_pages: 1 } });

const cardOf = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('CustomerOrdersPage', () => {
  it('lists active orders as cards and finished ones under Past orders', async () => {
    const token = signIn();
    const { calls } = stubFetch(() =>
      ordersResponse([
        orderSummary({ order_id: 3, status: 'Ready', restaurant_name: 'Paprika Kitchen', table_number: 4 }),
        orderSummary({
          order_id: 2,
          status: 'Completed',
          restaurant_name: 'Old Mill',
          order_type: 'pickup',
          table_number: null,
        }),
        orderSummary({ order_id: 1, status: 'Cancelled', restaurant_name: 'Corner Café' }),
      ]),
    );
    renderRoute(CustomerOrdersPage, { path });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Active Orders' })).toBeInTheDocument();
    expect(calls()[0]?.url).toBe('/api/v1/customer/9/orders?page=1&per_page=50');
    expect(calls()[0]?.headers.Authorization).toBe(`Bearer ${token}`);

    const active = within(screen.getByRole('region', { name: 'Your Active Orders' }));
    expect(active.getByRole('heading', { name: 'Paprika Kitchen' })).toBeInTheDocument();
    expect(active.queryByText('Old Mill')).not.toBeInTheDocument();
    const card = within(cardOf('Paprika Kitchen'));
    expect(card.getByText('#3')).toBeInTheDocument();
    expect(card.getByText('Table 4')).toBeInTheDocument();
    expect(card.getByText('Ready')).toBeInTheDocument();
    expect(card.getByText('$31.50')).toBeInTheDocument();
    expect(card.getByText('Margherita Pizza')).toBeInTheDocument();
    expect(card.getByText(/2025/)).toBeInTheDocument();

    const past = within(screen.getByRole('region', { name: 'Past orders' }));
    expect(past.getByRole('heading', { name: 'Old Mill' })).toBeInTheDocument();
    expect(past.getByText('Pickup')).toBeInTheDocument();
    expect(past.getByRole('heading', { name: 'Corner Café' })).toBeInTheDocument();
  });

  it("shows a line's chosen options on its order card (ADR 017)", async () => {
    signIn();
    const latte = line('Iced Latte', 1, 6.1, 3, [
      { id: 51, group: 'Size', name: 'Large', price: 1 },
      { id: 61, group: 'Milk', name: 'Oat milk', price: 0.6 },
    ]);
    stubFetch(() => ordersResponse([orderSummary({ order_id: 3, status: 'Pending', items: [latte] })]));
    renderRoute(CustomerOrdersPage, { path });

    const card = within(await screen.findByRole('region', { name: 'Your Active Orders' }));
    expect(card.getByText('Size: Large · Milk: Oat milk')).toBeInTheDocument();
  });

  it('goes to the order status page with the order, the restaurant and the token', async () => {
    const token = signIn();
    stubFetch(() => ordersResponse([orderSummary({ order_id: 3, restaurant_id: 7 })]));
    const user = userEvent.setup();
    const { router } = renderRoute(CustomerOrdersPage, { path, destinations: ['/customer/order-status'] });

    await user.click(await screen.findByRole('link', { name: 'Track Order Status' }));
    expect(await screen.findByText('Page /customer/order-status')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?orderId=3&restaurant_id=7');
    expect(router.state.location.state).toEqual({ orderId: 3, restaurant_id: 7, token });
  });

  it('shows No Orders Present when the diner has none', async () => {
    signIn();
    stubFetch(() => ordersResponse([]));
    renderRoute(CustomerOrdersPage, { path });

    expect(await screen.findByText('No Orders Present')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Past orders' })).not.toBeInTheDocument();
  });

  it('takes the customer id from the navigation state', async () => {
    signIn(9);
    const { calls } = stubFetch(() => ordersResponse([]));
    const { router } = renderRoute(CustomerOrdersPage, { path, url: '/start', destinations: ['/start'] });
    await router.navigate(path, { state: { customer_id: 12 } });

    await screen.findByText('No Orders Present');
    expect(calls()[0]?.url).toBe('/api/v1/customer/12/orders?page=1&per_page=50');
  });

  it('moves an order to Past orders when a live update completes it', async () => {
    signIn();
    stubFetch(() =>
      ordersResponse([
        orderSummary({ order_id: 3, status: 'Ready', restaurant_name: 'Paprika Kitchen' }),
        orderSummary({ order_id: 4, status: 'Pending', restaurant_name: 'Corner Café' }),
      ]),
    );
    renderRoute(CustomerOrdersPage, { path });
    await screen.findByText('Live updates');
    expect(server().handshakes[0]?.restaurantId).toBe('7');

    server().emitUpdate({ order_id: 3, status: 'Completed', total_amount: 31.5 });

    const past = within(await screen.findByRole('region', { name: 'Past orders' }));
    expect(past.getByRole('heading', { name: 'Paprika Kitchen' })).toBeInTheDocument();
    expect(past.getByText('Completed')).toBeInTheDocument();
    const active = within(screen.getByRole('region', { name: 'Your Active Orders' }));
    expect(active.getByText('Pending')).toBeInTheDocument();
    expect(active.queryByText('Paprika Kitchen')).not.toBeInTheDocument();
  });

  it('asks a visitor who is not signed in to log in from the menu', async () => {
    const { fetchMock } = stubFetch(() => ordersResponse([]));
    renderRoute(CustomerOrdersPage, { path });

    expect(await screen.findByRole('heading', { name: 'Log in to see your orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Menu' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
