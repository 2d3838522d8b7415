import { orderMessages } from '@tableserve/contract/order';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localKeys, localStore } from '@/lib/storage';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { socketServerForEachTest } from '@/test/socket-server';
import { customerToken } from '../testing/fixtures';
import { TrackOrderPage } from './track-order-page';

const path = '/track-order';
const url = `${path}?restaurant_id=7&order_id=42`;

const server = socketServerForEachTest();

describe('TrackOrderPage', () => {
  it('shows Your order status: with the status from the public call', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { order_id: 42, status: 'Approved' }));
    renderRoute(TrackOrderPage, { path, url });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Your order status: Approved');
    expect(calls()[0]?.url).toBe('/api/v1/customer/order-status?restaurant_id=7&order_id=42');
    expect(calls()[0]?.headers.Authorization).toBeUndefined();
    expect(server().handshakes).toEqual([]);
  });

  it('shows the spec failure text when the status cannot be fetched, and retries', async () => {
    let requests = 0;
    stubFetch(() => {
      requests += 1;
      return requests === 1
        ? jsonResponse(404, { message: 'Order not found' })
        : jsonResponse(200, { order_id: 42, status: 'Ready' });
    });
    const user = userEvent.setup();
    renderRoute(TrackOrderPage, { path, url });

    expect(await screen.findByText(orderMessages.trackFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Your order status: Ready');
  });

  it('follows the order live when a customer token is stored', async () => {
    const token = customerToken();
    localStore.set(localKeys.customerToken, token);
    stubFetch(() => jsonResponse(200, { order_id: 42, status: 'Pending' }));
    renderRoute(TrackOrderPage, { path, url });
    await screen.findByText('Live updates');
    expect(server().handshakes).toEqual([{ token, restaurantId: '7', transport: 'websocket' }]);

    server().emitUpdate({ order_id: 41, status: 'Cancelled', total_amount: 0 });
    server().emitUpdate({ order_id: 42, status: 'Ready', total_amount: 20 });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your order status: Ready'),
    );
  });
});
