import { type DailySalesResponse, ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDate } from '@/orders/lib/order-summary-format';
import { captureDownloads } from '@/orders/testing/downloads';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { SalesReport } from './sales-report';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Los Angeles' business day 2026-11-20; #14 comes after midnight (closing-day rule). */
const report: DailySalesResponse = {
  date: '2026-11-20',
  timezone: 'America/Los_Angeles',
  total_revenue: 1234.5,
  total_orders: 3,
  orders: [
    {
      order_id: 12,
      table_number: 4,
      status: 'Completed',
      total_amount: 1200,
      created_at: '2026-11-21T03:05:00.000Z',
      items: [],
    },
    {
      order_id: 13,
      table_number: null,
      status: 'Completed',
      total_amount: 34.5,
      created_at: '2026-11-21T03:30:00.000Z',
      items: [
        {
          menu_item_id: 16,
          product_name: 'Smash Burger',
          quantity: 1,
          price: 19.5,
          options: [
            { id: 102, group: 'Doneness', name: 'Medium', price: 0 },
            { id: 201, group: 'Extras', name: 'Bacon', price: 2 },
            { id: 202, group: 'Extras', name: 'Fried egg', price: 1.5 },
          ],
        },
        { menu_item_id: 12, product_name: 'Soda', quantity: 3, price: 5, options: [] },
      ],
    },
    {
      order_id: 14,
      table_number: 2,
      status: 'Cancelled',
      total_amount: 9,
      created_at: '2026-11-21T09:00:00.000Z',
      items: [],
    },
  ],
};

function renderWidget(today?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SalesReport restaurantId={7} token="owner-token" today={today} />
    </QueryClientProvider>,
  );
}

async function openReport(user: ReturnType<typeof userEvent.setup>, date?: string) {
  await user.click(screen.getByRole('button', { name: 'Sales Report' }));
  if (date) {
    await user.clear(screen.getByLabelText('Report date'));
    await user.type(screen.getByLabelText('Report date'), date);
  }
  await user.click(screen.getByRole('button', { name: 'View report' }));
}

const dialog = () => screen.getByRole('dialog', { name: 'Daily Sales Report' });

describe('Daily Sales Report widget', () => {
  it("opens a date picker on today's date and closes it again, without asking for any report", async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch(() => jsonResponse(200, report));
    renderWidget();

    const button = screen.getByRole('button', { name: 'Sales Report' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Report date')).toHaveValue(localDate());
    expect(screen.getByLabelText('Report date')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Report date')).toBeNull();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Report date')).toBeNull();
    expect(calls()).toEqual([]);
  });

  it("starts on the restaurant's business day when the page knows it", async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse(200, report));
    renderWidget('2026-11-22');
    await user.click(screen.getByRole('button', { name: 'Sales Report' }));
    expect(screen.getByLabelText('Report date')).toHaveValue('2026-11-22');
  });

  it('shows the chosen day: total revenue, total orders and each order, Pick-up when it has no table', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch(() => jsonResponse(200, report));
    renderWidget('2026-11-23');
    await openReport(user, '2026-11-20');

    expect(await within(dialog()).findByText('$1,234.50')).toBeInTheDocument();
    expect(calls().map((call) => call.url)).toEqual(['/api/v1/customer/daily-sales/7?date=2026-11-20']);
    expect(calls()[0]?.headers.Authorization).toBe('Bearer owner-token');
    const popup = within(dialog());
    expect(popup.getByText('Friday, November 20, 2026')).toBeInTheDocument();
    expect(popup.getByText('Total Revenue')).toBeInTheDocument();
    expect(popup.getByText('Total Orders').nextElementSibling).toHaveTextContent('3');
    expect(popup.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Order ID',
      'Table Number',
      'Status',
      'Total Amount',
      'Time',
    ]);
    const rows = popup.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['#12', '4', 'Completed', '$1,200.00'],
      ['#13', 'Pick-up', 'Completed', '$34.50'],
      ['#14', '2', 'Cancelled', '$9.00'],
    ]);
    // Times read in the restaurant's zone, not the browser's; the day is named after midnight.
    expect(rows.map((row) => within(row).getAllByRole('cell')[4]?.textContent?.replace(/\s/g, ' '))).toEqual([
      '7:05 PM',
      '7:30 PM',
      'Nov 21, 1:00 AM',
    ]);

    await user.click(popup.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('exports Daily_Sales_{date}.csv with the five columns', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse(200, report));
    const { blobs, downloads } = captureDownloads('blob:sales');
    renderWidget('2026-11-23');
    await openReport(user, '2026-11-20');

    await within(dialog()).findByText('$1,234.50');
    await user.click(within(dialog()).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual(['Daily_Sales_2026-11-20.csv blob:sales']));
    const text = await blobs[0]!.text();
    expect(text.split('\r\n')).toEqual([
      'Order ID,Table Number,Status,Total Amount,Date',
      '12,4,Completed,1200.00,"Nov 20, 2026, 7:05 PM"',
      '13,Pick-up,Completed,34.50,"Nov 20, 2026, 7:30 PM"',
      '14,2,Cancelled,9.00,"Nov 21, 2026, 1:00 AM"',
    ]);
  });

  it('exports Daily_Sales_Items_{date}.csv: one row per line, with its options', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse(200, report));
    const { blobs, downloads } = captureDownloads('blob:items');
    renderWidget('2026-11-23');
    await openReport(user, '2026-11-20');

    await within(dialog()).findByText('$1,234.50');
    await user.click(within(dialog()).getByRole('button', { name: 'Export items CSV' }));
    await waitFor(() => expect(downloads).toEqual(['Daily_Sales_Items_2026-11-20.csv blob:items']));
    expect((await blobs[0]!.text()).split('\r\n')).toEqual([
      'Order ID,Item,Options,Quantity,Unit Price,Line Total',
      '13,Smash Burger,"Doneness: Medium · Extras: Bacon, Fried egg",1,19.50,19.50',
      '13,Soda,,3,5.00,15.00',
    ]);
  });

  it("only logs a failed report and shows 'No sales data' instead of figures", async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse(500, { message: 'down' }));
    renderWidget('2026-11-23');
    await openReport(user);

    expect(await within(dialog()).findByText(ownerOrderMessages.noSalesData)).toBeInTheDocument();
    expect(ownerOrderMessages.noSalesData).toBe('No sales data');
    expect(within(dialog()).queryByText('Total Revenue')).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Export items CSV' })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Could not load the daily sales report', expect.anything()),
    );
  });
});
