import { orderMoneyMessages } from '@tableserve/contract/ledger';
import {
  type CreateRefundResponse,
  type OrderRefundsResponse,
  refundMessages,
} from '@tableserve/contract/refunds';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { OrderRefunds } from './order-refunds';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const paid: OrderRefundsResponse = {
  order_id: 31,
  payment_state: 'paid',
  paid: 24.44,
  refunded: 0,
  refundable: 24.44,
  lines: [
    { order_item_id: 301, product_name: 'Pizza', quantity: 1, payable: 14.04, refundable: 14.04 },
    { order_item_id: 302, product_name: 'Wine', quantity: 1, payable: 10.4, refundable: 10.4 },
  ],
  refunds: [],
};
const afterWine: CreateRefundResponse = {
  ...paid,
  message: 'Refund requested',
  payment_state: 'partly_refunded',
  refunded: 10.4,
  refundable: 14.04,
  refunds: [
    {
      refund_id: 5,
      order_id: 31,
      payment_id: 9,
      amount: 10.4,
      tip: 0,
      card_last4: '4242',
      reason: 'Corked',
      status: 'succeeded',
      automatic: false,
      lines: [{ order_item_id: 302, amount: 10.4 }],
      created_at: '2026-11-20T20:00:00.000Z',
      confirmed_at: '2026-11-20T20:00:01.000Z',
    },
  ],
};

function renderRefunds() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderRefunds token="owner-token" orderId={31} />
    </QueryClientProvider>,
  );
}

describe("an order card's refunds", () => {
  it('reads nothing until opened, then refunds a ticked line with its reason and an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch((call) =>
      jsonResponse(call.method === 'POST' ? 202 : 200, call.method === 'POST' ? afterWine : paid),
    );
    renderRefunds();
    expect(calls()).toEqual([]);
    await user.click(screen.getByText('Refunds'));
    expect(await screen.findByText('Paid online')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund order #31' }));
    expect(dialog.getByText('Left to refund: $24.44')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Lines' }));
    await user.click(dialog.getByRole('checkbox', { name: /Wine/ }));
    await user.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Reason is required');
    expect(calls().filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Corked');
    await user.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Partly refunded')).toBeInTheDocument();
    const [post] = calls().filter((call) => call.method === 'POST');
    expect(post).toMatchObject({
      url: '/api/v1/orders/31/refunds',
      body: { reason: 'Corked', lines: [{ order_item_id: 302 }] },
    });
    expect(post!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Refunded')).toBeInTheDocument();
  });

  it('shows a refund TableServe gave back for a change: amount, tip, reason, by TableServe, card (docs/product/payments.md#order-changes)', async () => {
    const user = userEvent.setup();
    const cancelled: OrderRefundsResponse = {
      ...paid,
      payment_state: 'refunded',
      refunded: 24.44,
      refundable: 0,
      refunds: [
        {
          ...afterWine.refunds[0]!,
          refund_id: 6,
          amount: 24.44,
          tip: 3,
          card_last4: '1881',
          reason: orderMoneyMessages.cancelledReason,
          automatic: true,
          lines: [],
        },
      ],
    };
    stubFetch(() => jsonResponse(200, cancelled));
    renderRefunds();
    await user.click(screen.getByText('Refunds'));
    const [refund] = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(refund).toHaveTextContent(
      `$24.44 ${refundMessages.withTip('$3.00')} · Order cancelled${refundMessages.status.succeeded}${refundMessages.byTableServe} · ${refundMessages.toCard('1881')}`,
    );
    expect(refundMessages.byTableServe).toBe('by TableServe');
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('refunds the whole order as its amount left, and shows the server’s refusal as it words it', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch((call) =>
      call.method === 'POST'
        ? jsonResponse(409, {
            message: 'That is more than is left to refund on this order.',
            code: 'REFUND_TOO_LARGE',
          })
        : jsonResponse(200, paid),
    );
    renderRefunds();
    await user.click(screen.getByText('Refunds'));
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund order #31' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Cold');
    await user.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'That is more than is left to refund on this order.',
    );
    expect(calls().find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Cold', amount: 24.44 });
  });
});
