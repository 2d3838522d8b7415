import type { DailySalesResponse } from '@tableserve/contract/owner-orders';
import type { SalesPaymentsResponse } from '@tableserve/contract/sales-money';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '@/orders/testing/downloads';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { SalesReport } from './sales-report';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sales: DailySalesResponse = {
  date: '2026-11-20',
  timezone: 'America/Los_Angeles',
  total_revenue: 27.44,
  total_orders: 2,
  orders: [
    {
      order_id: 21,
      table_number: 3,
      status: 'Completed',
      total_amount: 24.44,
      created_at: '2026-11-21T03:05:00.000Z',
      items: [],
    },
    {
      order_id: 22,
      table_number: null,
      status: 'Completed',
      total_amount: 3,
      created_at: '2026-11-21T03:30:00.000Z',
      items: [],
    },
  ],
};

// As the server sums it: 23.00 + 2.44 + 2.00 + 3.55 − 10.40 = 20.59.
const money: SalesPaymentsResponse = {
  date: '2026-11-20',
  timezone: 'America/Los_Angeles',
  tax_included: false,
  summary: {
    gross: 23,
    added_tax: 2.44,
    service: 2,
    tips: 3.55,
    refunds: 10.4,
    net: 20.59,
    taxes: [
      { name: 'Food', rate_percent: 7, amount: 0.84 },
      { name: 'Alcohol', rate_percent: 20, amount: 1.6 },
    ],
  },
  orders: [
    {
      order_id: 21,
      gross: 20,
      tax: 2.44,
      added_tax: 2.44,
      service: 2,
      tips: 3.55,
      refunds: 10.4,
      net: 17.59,
    },
    { order_id: 22, gross: 3, tax: 0, added_tax: 0, service: 0, tips: 0, refunds: 0, net: 3 },
  ],
  entries: [
    {
      kind: 'payment',
      created_at: '2026-11-21T03:20:00.000Z',
      order_id: 21,
      bill_id: 9,
      amount: 24.44,
      tip: 3.55,
      card_last4: '4242',
      status: 'succeeded',
      reason: null,
    },
    {
      kind: 'refund',
      created_at: '2026-11-21T04:00:00.000Z',
      order_id: 21,
      bill_id: 9,
      amount: -10.4,
      tip: 0,
      card_last4: '4242',
      status: 'succeeded',
      reason: '=Corked, "sorry"',
    },
  ],
};

function serve() {
  return stubFetch((call) => jsonResponse(200, call.url.includes('/sales/payments') ? money : sales));
}

const dialog = () => screen.getByRole('dialog', { name: 'Daily Sales Report' });

async function openMoney(user: ReturnType<typeof userEvent.setup>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SalesReport restaurantId={7} token="owner-token" today="2026-11-20" />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Sales Report' }));
  await user.click(screen.getByRole('button', { name: 'View report' }));
  await within(dialog()).findByText('$27.44');
  await user.click(within(dialog()).getByRole('tab', { name: 'Money' }));
  await within(dialog()).findByText('Net');
}

describe("the report's Money view", () => {
  it('asks for the day’s money only when opened, and shows gross, each tax, service, tips, refunds and net', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    await openMoney(user);
    expect(calls().map((call) => call.url)).toEqual([
      '/api/v1/customer/daily-sales/7?date=2026-11-20',
      '/api/v1/sales/payments?date=2026-11-20',
    ]);
    const section = within(within(dialog()).getByRole('region', { name: 'Money of the day' }));
    const rows = section
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Gross', '$23.00'],
      ['Tax Food (7 %)', '$0.84'],
      ['Tax Alcohol (20 %)', '$1.60'],
      ['Service', '$2.00'],
      ['Tips', '$3.55'],
      ['Refunds', '−$10.40'],
      ['Net', '$20.59'],
    ]);
  });

  it('downloads the payments CSV: each payment and refund, in the restaurant’s zone, formula-safe', async () => {
    const user = userEvent.setup();
    serve();
    const { blobs, downloads } = captureDownloads('blob:payments');
    await openMoney(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Download payments CSV' }));
    await waitFor(() => expect(downloads).toEqual(['Daily_Payments_2026-11-20.csv blob:payments']));
    expect((await blobs[0]!.text()).split('\r\n')).toEqual([
      'Time,Kind,Order,Bill,Amount,Tip,Card,Status,Reason',
      '"Nov 20, 2026, 7:20 PM",Payment,21,9,24.44,3.55,4242,Succeeded,',
      `"Nov 20, 2026, 8:00 PM",Refund,21,9,-10.40,0.00,4242,Succeeded,"'=Corked, ""sorry"""`,
    ]);
  });

  it('exports the orders with their money after the spec’s five columns', async () => {
    const user = userEvent.setup();
    serve();
    const { blobs, downloads } = captureDownloads('blob:orders');
    await openMoney(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Export orders CSV' }));
    await waitFor(() => expect(downloads).toEqual(['Daily_Sales_2026-11-20.csv blob:orders']));
    expect((await blobs[0]!.text()).split('\r\n')).toEqual([
      'Order ID,Table Number,Status,Total Amount,Date,Gross,Tax,Service,Tips,Refunds,Net',
      '21,3,Completed,24.44,"Nov 20, 2026, 7:05 PM",20.00,2.44,2.00,3.55,10.40,17.59',
      '22,Pick-up,Completed,3.00,"Nov 20, 2026, 7:30 PM",3.00,0.00,0.00,0.00,0.00,3.00',
    ]);
  });
});
