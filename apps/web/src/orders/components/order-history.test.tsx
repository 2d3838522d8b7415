import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { OrderHistory } from './order-history';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const step = (id: number, action: string, actor_name: string, at: string) => ({
  id,
  at,
  actor_kind: 'staff',
  actor_id: id,
  actor_name,
  action,
  object_type: 'order',
  object_id: 12,
  before: null,
  after: null,
});

describe("an order card's History (docs/product/staff.md#audit-trail)", () => {
  it('reads the history only when opened, and lists who approved and who marked it paid', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch(() =>
      jsonResponse(200, {
        entries: [
          step(1, 'order.approved', 'Sam Server', '2026-11-21T03:05:00.000Z'),
          step(2, 'order.paid', 'Pat Cashier', '2026-11-21T03:40:00.000Z'),
        ],
        timezone: 'America/Los_Angeles',
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OrderHistory restaurantId={5} token="t" orderId={12} />
      </QueryClientProvider>,
    );
    expect(calls()).toEqual([]);
    await user.click(screen.getByText('History'));
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Approved an order · Sam ServerNov 20, 2026, 7:05 PM',
      'Marked an order paid · Pat CashierNov 20, 2026, 7:40 PM',
    ]);
    expect(calls().map((call) => call.url)).toEqual(['/api/v1/owner/restaurant/5/orders/12/history']);
  });
});
