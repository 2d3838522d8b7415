import { billPageMessages } from '@tableserve/contract/bill-page';
import { orderMessages } from '@tableserve/contract/order';
import { orderTrackingMessages } from '@tableserve/contract/order-tracking';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localKeys, localStore } from '@/lib/storage';
import { savePaymentTiming } from '@/session/diner/payment-timing';
import { saveTableFromCode } from '@/session/diner/table-from-code';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { socketServerForEachTest } from '@/test/socket-server';
import { customerToken, line, orderSummary } from '../testing/fixtures';
import { NO_TOKEN_LOG, OrderStatusPage } from './order-status-page';

const path = '/customer/order-status';
const url = `${path}?orderId=42&restaurant_id=7`;

const server = socketServerForEachTest();

function signIn(token = customerToken()) {
  localStore.set(localKeys.customerToken, token);
  return token;
}

const waitForLive = () => screen.findByText('Live updates');

describe('OrderStatusPage', () => {
  it('loads the summary with the stored token and shows the restaurant, progress and total', async () => {
    const token = signIn();
    const { calls } = stubFetch(() => jsonResponse(200, orderSummary({ status: 'Approved' })));
    renderRoute(OrderStatusPage, { path, url });

    expect(await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' })).toBeInTheDocument();
    expect(screen.getByText('12 Market Street, Springfield, IL')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '555-123-4567' })).toHaveAttribute('href', 'tel:5551234567');
    expect(screen.getByText('$31.50')).toBeInTheDocument();

    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Order Received(done)',
      'Order Confirmed(done)',
      'Being Prepared(not yet)',
      'Ready(not yet)',
      'Complete(not yet)',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');

    expect(calls()[0]).toMatchObject({ url: '/api/v1/customer/order-summary/7/42', method: 'GET' });
    expect(calls()[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    await waitForLive();
    expect(server().handshakes).toEqual([{ token, restaurantId: '7', transport: 'websocket' }]);
  });

  it("offers the table's bill at a restaurant paid at the end of the meal (ADR 020)", async () => {
    signIn();
    localStore.set(localKeys.token, 'tok_roma');
    saveTableFromCode(7, 4, 'table-four-key00');
    savePaymentTiming(7, 'end_of_meal');
    stubFetch(() => jsonResponse(200, orderSummary()));
    renderRoute(OrderStatusPage, { path, url });
    expect(await screen.findByRole('link', { name: billPageMessages.viewBill })).toHaveAttribute(
      'href',
      '/bill?token=tok_roma&table=4&key=table-four-key00',
    );
  });

  it('uses the token of the navigation state before the stored one', async () => {
    signIn('stored-token');
    const { calls } = stubFetch(() => jsonResponse(200, orderSummary()));
    const { router } = renderRoute(OrderStatusPage, {
      path,
      url: '/elsewhere',
      destinations: ['/elsewhere'],
    });
    await router.navigate(path, { state: { orderId: 42, restaurant_id: 7, token: 'state-token' } });

    await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' });
    expect(calls()[0]?.headers.Authorization).toBe('Bearer state-token');
  });

  it('shows Your Order is Cancelled instead of the steps', async () => {
    signIn();
    stubFetch(() => jsonResponse(200, orderSummary({ status: 'Cancelled' })));
    renderRoute(OrderStatusPage, { path, url });

    expect(await screen.findByText(orderMessages.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Order progress' })).not.toBeInTheDocument();
    expect(screen.queryByText('Order Received')).not.toBeInTheDocument();
  });

  it('says what went back to the card of a paid order that was cancelled (docs/product/payments.md#order-changes)', async () => {
    signIn();
    stubFetch(() =>
      jsonResponse(
        200,
        orderSummary({
          status: 'Cancelled',
          total_amount: 20,
          subtotal: 20,
          payment_timing: 'order',
          payment_state: 'refunded',
          refunded: 20,
        }),
      ),
    );
    renderRoute(OrderStatusPage, { path, url });

    expect(await screen.findByText(orderMessages.cancelled)).toBeInTheDocument();
    expect(screen.getByText(orderTrackingMessages.refundedToCard('$20.00'))).toBeInTheDocument();
    expect(screen.getByText('Refunded', { selector: 'span' })).toBeInTheDocument();
  });

  it('shows nothing refunded while nothing went back', async () => {
    signIn();
    stubFetch(() => jsonResponse(200, orderSummary({ status: 'Cancelled' })));
    renderRoute(OrderStatusPage, { path, url });
    expect(await screen.findByText(orderMessages.cancelled)).toBeInTheDocument();
    expect(screen.queryByText(/to your card/)).not.toBeInTheDocument();
  });

  it('reveals the first 3 items behind the Order # toggle, the rest behind +N more items, and the sub-total', async () => {
    signIn();
    const items = [
      line('Margherita Pizza', 2, 12.5, 1),
      line('Lemonade', 1, 3, 2),
      line('Tiramisu', 1, 7, 3),
      line('Garlic Bread', 3, 4, 4),
      line('Espresso', 2, 2.5, 5),
    ];
    stubFetch(() => jsonResponse(200, orderSummary({ items, total_amount: 52 })));
    const user = userEvent.setup();
    renderRoute(OrderStatusPage, { path, url });

    const toggle = await screen.findByRole('button', { name: /Order #42/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Margherita Pizza')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Margherita Pizza')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    expect(screen.getByText('Tiramisu')).toBeInTheDocument();
    expect(screen.queryByText('Garlic Bread')).not.toBeInTheDocument();
    expect(screen.getByText('Sub-total').nextSibling).toHaveTextContent('$52.00');

    await user.click(screen.getByRole('button', { name: '+2 more items' }));
    expect(screen.getByText('Garlic Bread')).toBeInTheDocument();
    expect(screen.getByText('Espresso')).toBeInTheDocument();
  });

  it('shows what was chosen under a line with options (ADR 017), and nothing under one without', async () => {
    signIn();
    const items = [
      line('Smash Burger', 2, 17.5, 1, [
        { id: 31, group: 'Doneness', name: 'Medium', price: 0 },
        { id: 41, group: 'Extras', name: 'Bacon', price: 2 },
        { id: 43, group: 'Extras', name: 'Fried egg', price: 1.5 },
      ]),
      line('Lemonade', 1, 3, 2),
    ];
    stubFetch(() => jsonResponse(200, orderSummary({ items, total_amount: 38 })));
    const user = userEvent.setup();
    renderRoute(OrderStatusPage, { path, url });

    await user.click(await screen.findByRole('button', { name: /Order #42/ }));
    const [burger, lemonade] = screen
      .getAllByRole('listitem')
      .filter((item) => /×/.test(item.textContent ?? ''));
    expect(burger).toHaveTextContent(/^Smash Burger × 2Doneness: Medium · Extras: Bacon, Fried egg\$35\.00$/);
    expect(lemonade).toHaveTextContent(/^Lemonade × 1\$3\.00$/);
  });

  it('refetches the summary on Refresh, spinning while it does', async () => {
    signIn();
    const second = deferred<Response>();
    let requests = 0;
    stubFetch(() => {
      requests += 1;
      return requests === 1 ? jsonResponse(200, orderSummary()) : second.promise;
    });
    const user = userEvent.setup();
    renderRoute(OrderStatusPage, { path, url });

    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    const busy = screen.getByRole('button', { name: 'Refreshing…' });
    expect(busy).toBeDisabled();
    expect(requests).toBe(2);

    second.resolve(jsonResponse(200, orderSummary({ status: 'Ready' })));
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(screen.getByText('Ready', { selector: 'span.text-xs' })).toBeInTheDocument();
  });

  it('applies a live order_update for this order: status and total change without a reload', async () => {
    signIn();
    stubFetch(() => jsonResponse(200, orderSummary({ status: 'Pending', total_amount: 31.5 })));
    renderRoute(OrderStatusPage, { path, url });
    await waitForLive();

    server().emitUpdate({ order_id: 99, status: 'Cancelled', total_amount: 0 });
    server().emitUpdate({ order_id: 42, status: 'Ready', total_amount: 28.75 });

    expect(await screen.findByText('$28.75')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your order is ready' })).toBeInTheDocument();
    expect(screen.queryByText(orderMessages.cancelled)).not.toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
  });

  it('follows a cancellation by the unpaid-order sweep live, with what went back to the card', async () => {
    signIn();
    const paid = { subtotal: 31.5, payment_timing: 'order', payment_state: 'partly_paid' } as const;
    stubFetch(() => jsonResponse(200, orderSummary({ status: 'Pending', ...paid })));
    renderRoute(OrderStatusPage, { path, url });
    await waitForLive();
    expect(screen.queryByText(/to your card/)).not.toBeInTheDocument();

    server().emitUpdate({
      order_id: 42,
      status: 'Cancelled',
      total_amount: 31.5,
      ...paid,
      payment_state: 'refunded',
      refunded: 20,
    });
    expect(await screen.findByText(orderTrackingMessages.refundedToCard('$20.00'))).toBeInTheDocument();
    expect(screen.getByText(orderMessages.cancelled)).toBeInTheDocument();
  });

  it('ignores an update for another order on its own', async () => {
    signIn();
    stubFetch(() => jsonResponse(200, orderSummary({ status: 'Pending' })));
    renderRoute(OrderStatusPage, { path, url });
    await waitForLive();

    server().emitUpdate({ order_id: 99, status: 'Cancelled', total_amount: 0 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(orderMessages.cancelled)).not.toBeInTheDocument();
    expect(screen.getByText('$31.50')).toBeInTheDocument();
  });

  it('refetches the summary after the live channel reconnects', async () => {
    signIn();
    let requests = 0;
    stubFetch(() => {
      requests += 1;
      return jsonResponse(200, orderSummary({ status: requests === 1 ? 'Pending' : 'Completed' }));
    });
    renderRoute(OrderStatusPage, { path, url });
    await waitForLive();

    server().dropConnections();
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Your order is complete. Enjoy!' },
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(requests).toBe(2);
  });

  it("shows the server's Order not found on 404, without a retry", async () => {
    signIn();
    stubFetch(() => jsonResponse(404, { message: 'Order not found', code: 'ORDER_NOT_FOUND' }));
    renderRoute(OrderStatusPage, { path, url });

    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Menu' })).toBeInTheDocument();
  });

  it('explains a failed load and retries on demand', async () => {
    signIn();
    let requests = 0;
    stubFetch(() => {
      requests += 1;
      return requests <= 2 ? jsonResponse(500, { message: 'boom' }) : jsonResponse(200, orderSummary());
    });
    const user = userEvent.setup();
    renderRoute(OrderStatusPage, { path, url });

    // A server error is retried once by itself (1 s later) before the page gives up.
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      "Your order didn't load",
    );
    expect(requests).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' })).toBeInTheDocument();
  });

  it('without any token only logs an error and shows a gentle message', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetchMock } = stubFetch(() => jsonResponse(200, orderSummary()));
    renderRoute(OrderStatusPage, { path, url });

    expect(await screen.findByRole('heading', { name: 'Log in to follow your order' })).toBeInTheDocument();
    expect(errorLog).toHaveBeenCalledWith(NO_TOKEN_LOG);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(server().handshakes).toEqual([]);
  });

  it('leads Back to Menu to the menu of the stored QR token', async () => {
    signIn();
    localStore.set(localKeys.token, 'menu-token');
    stubFetch(() => jsonResponse(200, orderSummary()));
    renderRoute(OrderStatusPage, { path, url });

    expect(await screen.findByRole('link', { name: 'Back to Menu' })).toHaveAttribute(
      'href',
      '/menu-display?token=menu-token',
    );
  });
});
